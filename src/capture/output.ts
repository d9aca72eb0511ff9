// A recording as the files of a capture folder: one kernel file per distinct dispatch with
// its binary contents beside it, and `index.json` listing them with their counts, the
// dispatches that could not be captured and the kernels that could not be written, each
// with its reason. Environment-neutral: the Node adapter writes these to a folder, the
// browser adapter packs them into a download.
import { kernelFile, KernelFileError } from './kernel-file.js';
import type { Recording, ShaderOrigin } from './types.js';

export const INDEX_FILE = 'index.json';

export interface IndexKernel {
  file: string;
  entryPoint: string;
  workgroups: [number, number, number];
  indirect: boolean;
  /** Dispatches of this kernel the program submitted. */
  count: number;
  constants: Record<string, number>;
  bindings: { group: number; binding: number; offset: number; size: number; label?: string }[];
  /** Bindings (`G:B`) whose memory another binding shares in the program. */
  aliased: string[];
  /** Where the program created the kernel's shader module, when the stack told. */
  origin?: ShaderOrigin;
}

/** What a capture folder records besides the recording. */
export interface CaptureFileOptions {
  /** The command that was captured, when known. */
  program?: string[];
  /** The re-run tolerance in f32 ULPs the kernel files carry (their `tolerance` line). */
  tolerance?: number;
  /** Worker threads the program started (their WebGPU work is not recorded). */
  workerThreads?: number;
}

export interface CaptureIndex {
  tool: 'wgsl-lab capture';
  version: 1;
  /** The command that was captured, when known. */
  program?: string[];
  /** Devices the program created (and the capture recorded). */
  devices: number;
  dispatches: number;
  /** The re-run tolerance in f32 ULPs of the kernel files, when not the default. */
  tolerance?: number;
  /** Worker threads the program started, when any: their WebGPU work is not in the capture. */
  workerThreads?: number;
  kernels: IndexKernel[];
  /** Captured dispatches that could not be written as kernel files. */
  notWritten: { kernel: number; entryPoint?: string; count: number; reason: string }[];
  /** Dispatches that could not be captured at all. */
  uncaptured: { reason: string; count: number }[];
}

/** The capture folder's files by name: kernel files and index.json as text, contents as bytes. */
export function recordingFiles(
  recording: Recording,
  options: CaptureFileOptions = {},
): { files: Map<string, string | Uint8Array>; index: CaptureIndex } {
  const { program, tolerance, workerThreads } = options;
  const files = new Map<string, string | Uint8Array>();
  const index: CaptureIndex = {
    tool: 'wgsl-lab capture',
    version: 1,
    ...(program ? { program } : {}),
    devices: recording.devices,
    dispatches: recording.dispatches,
    ...(tolerance !== undefined ? { tolerance } : {}),
    ...(workerThreads ? { workerThreads } : {}),
    kernels: [],
    notWritten: [],
    uncaptured: recording.uncaptured,
  };
  recording.kernels.forEach((k, i) => {
    const number = i + 1;
    try {
      const f = kernelFile(k, number, tolerance !== undefined ? { tolerance } : {});
      files.set(f.name, f.text);
      for (const [name, bytes] of f.files) files.set(name, bytes);
      index.kernels.push({
        file: f.name,
        entryPoint: f.entryPoint,
        workgroups: k.workgroups,
        indirect: k.indirect,
        count: k.count,
        constants: k.constants,
        bindings: k.bindings.map((b) => ({
          group: b.group,
          binding: b.binding,
          offset: b.offset,
          size: b.size,
          ...(b.label ? { label: b.label } : {}),
        })),
        aliased: f.aliased,
        ...(k.origin ? { origin: k.origin } : {}),
      });
    } catch (e) {
      if (!(e instanceof KernelFileError)) throw e;
      index.notWritten.push({ kernel: number, ...(k.entryPoint ? { entryPoint: k.entryPoint } : {}), count: k.count, reason: e.message });
    }
  });
  files.set(INDEX_FILE, JSON.stringify(index, null, 2) + '\n');
  return { files, index };
}
