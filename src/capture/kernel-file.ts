// A captured dispatch as a standalone kernel file: the shader's WGSL under a `//!` header
// that `run` and `check` accept — the entry point and workgroup counts (a `pass` line), the
// override values, every bound buffer with its contents at dispatch time, and for each
// buffer the shader may write, an `expect` of its contents after the dispatch in the
// program. Contents that are not one repeated value go to binary files beside the kernel.
import { ELEMENT_TYPES } from '../harness/directives.js';
import type { ElementType } from '../harness/index.js';
import { selectEntryPoint } from '../runner/plan.js';
import { reflect, type BindingInfo, type Reflection } from '../wgsl/reflect.js';
import { commentSafe } from './origin.js';
import type { CapturedDispatch, StackFrame } from './types.js';

export interface KernelFile {
  /** The kernel's file name, e.g. `k003-main.wgsl`. */
  name: string;
  entryPoint: string;
  text: string;
  /** Binary files the header names, by file name. */
  files: Map<string, Uint8Array>;
  /** Bindings whose expected contents may differ in a re-run because they alias another binding. */
  aliased: string[];
}

/** Why a captured dispatch cannot be written as a kernel file (the file is not written). */
export class KernelFileError extends Error {}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `FILE:LINE:COL`, as editors and terminals link it. */
export function frameText(f: StackFrame): string {
  return `${f.file}:${f.line}:${f.column}`;
}

export function kernelFile(k: CapturedDispatch, index: number, options: { tolerance?: number } = {}): KernelFile {
  let reflection: Reflection;
  try {
    reflect(k.code); // the declarations must be readable without the override values too
    reflection = reflect(k.code, k.constants);
  } catch (e) {
    throw new KernelFileError(`wgsl-lab cannot read the shader's declarations: ${(e as Error).message}`);
  }
  let entry;
  try {
    entry = selectEntryPoint(reflection, k.entryPoint);
  } catch (e) {
    throw new KernelFileError((e as Error).message);
  }
  const stem = `k${String(index).padStart(3, '0')}`;
  const name = `${stem}-${entry.name}.wgsl`;
  const files = new Map<string, Uint8Array>();
  const header: string[] = [`//! pass ${entry.name} ${k.workgroups.join(' ')}`];
  if (options.tolerance !== undefined) header.push(`//! tolerance ${options.tolerance} ulp`);
  for (const [id, value] of Object.entries(k.constants)) {
    if (!IDENT.test(id)) throw new KernelFileError(`the override with id ${id} is set by number; the header names overrides`);
    if (!Number.isFinite(value)) throw new KernelFileError(`the override '${id}' is ${value}, which a header cannot give`);
    header.push(`//! override ${id} = ${value}`);
  }
  const expects: string[] = [];
  const aliased: string[] = [];
  const declared = new Map(reflection.bindings.map((b) => [`${b.group}:${b.binding}`, b]));
  for (const used of entry.bindings) {
    if (!k.bindings.some((b) => b.group === used.group && b.binding === used.binding)) {
      throw new KernelFileError(`the shader's '${used.name}' (@group(${used.group}) @binding(${used.binding})) was not bound`);
    }
  }
  for (const b of k.bindings) {
    const shader = declared.get(`${b.group}:${b.binding}`);
    if (!shader) continue; // bound but not declared by this shader (a stale bind group)
    if (shader.space === 'handle') throw new KernelFileError(`'${shader.name}' is a texture or sampler; kernel files hold buffers only`);
    const ref = `${b.group}:${b.binding}`;
    const type = elementType(shader);
    const words = Math.ceil(b.size / 4);
    const contents = padded(b.before, words);
    const directive = shader.space === 'uniform' ? 'uniform' : 'buffer';
    header.push(
      `//! ${directive} ${ref} ${type}[${words}]${initOf(contents, type, directive, () => {
        const file = `${stem}.${b.group}-${b.binding}.bin`;
        files.set(file, contents);
        return file;
      })}`,
    );
    if (b.after && shader.space === 'storage' && shader.access === 'read_write') {
      const file = `${stem}.${b.group}-${b.binding}.out.bin`;
      files.set(file, padded(b.after, words));
      expects.push(`//! expect ${ref} = file("${file}")`);
      if (b.aliases?.length) aliased.push(ref);
    }
  }
  const about = [
    `// Captured by wgsl-lab capture: kernel ${index}, '${entry.name}', dispatched ${k.count} time${k.count === 1 ? '' : 's'} by the program${k.indirect ? ' (indirectly)' : ''}.`,
    ...(k.origin?.at ? [`// Created at: ${commentSafe(frameText(k.origin.at))}`] : []),
    ...(k.pipelineLabel ? [`// Pipeline label: ${commentSafe(k.pipelineLabel)}`] : []),
    ...k.bindings
      .filter((b) => b.label)
      .map((b) => `// @group(${b.group}) @binding(${b.binding}): buffer '${commentSafe(b.label!)}', ${b.size} bytes at offset ${b.offset}`),
    ...(aliased.length
      ? [`// Note: ${aliased.join(', ')} share memory with another binding in the program; here each binding has its own buffer.`]
      : []),
  ];
  return { name, entryPoint: entry.name, text: [...about, ...header, ...expects, '', k.code].join('\n'), files, aliased };
}

/** The header type of a binding: the shader's scalar, or raw u32 words for mixed structs, f16 and bool. */
function elementType(b: BindingInfo): ElementType {
  return b.leaf !== 'f16' && (ELEMENT_TYPES as readonly string[]).includes(b.leaf ?? '') ? (b.leaf as ElementType) : 'u32';
}

/** `bytes` as exactly `words` 32-bit words (a last partial word padded with zeros). */
function padded(bytes: Uint8Array, words: number): Uint8Array {
  if (bytes.length === words * 4) return bytes;
  const out = new Uint8Array(words * 4);
  out.set(bytes.subarray(0, words * 4));
  return out;
}

/**
 * The init of a header line: nothing for zeros, ` = V` for one repeated value that a number
 * gives back exactly, otherwise ` = file("…")`. A uniform line needs a value even when zero.
 */
function initOf(bytes: Uint8Array, type: ElementType, directive: 'buffer' | 'uniform', toFile: () => string): string {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const first = words[0]!;
  if (words.every((w) => w === first)) {
    if (first === 0) return directive === 'uniform' ? ' = 0' : '';
    const value = type === 'u32' ? first : type === 'i32' ? first | 0 : new Float32Array(words.buffer, words.byteOffset, 1)[0]!;
    if (Number.isFinite(value) && !Object.is(value, -0)) return ` = ${value}`;
  }
  return ` = file("${toFile()}")`;
}
