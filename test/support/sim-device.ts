// A WebGPU device whose dispatches run on wgsl-lab's own simulator, with every check of
// `wgsl-lab check` subscribed: the kernels' public functions (sort, scan, …) run on it
// unchanged, their plans filling the buffers and uniforms exactly as on a GPU, and each
// dispatch leaves the analyzer's report of its kernel (races, out-of-bounds, barrier
// divergence, never-written reads) beside the values it computed.
//
// It implements the part of GPUDevice that src/kernels uses: buffers (mapping included),
// shader modules checked by the project's front end, pipelines, bind groups, command
// encoders with compute passes and buffer copies, the queue, and error scopes (never
// raised: a kernel the front end rejects fails in getCompilationInfo, as Tint's would).
// A dispatch becomes the kernel's WGSL with a `//!` header appended (after the code, so
// that the findings' lines are the generated shader's): `dispatch X Y`, and one `buffer`
// or `uniform` line per binding whose contents are the bound window's bytes, given as
// `file(…)`. What the simulation leaves in the read-write bindings is copied back.
import { BufferUsage } from '../../src/gpu/constants.js';
import { DEFAULT_LIMITS } from '../../src/gpu/limits.js';
import type { CheckReport } from '../../src/checks/report.js';
import { AnalysisChecks } from '../../src/runner/analysis-checks.js';
import { completeReport, DEFAULT_MAX_INVOCATIONS, prepareAnalysis } from '../../src/runner/analyze.js';
import { frontEndModule, simulate } from '../../src/runner/simulate.js';
import { reflectModule, type Reflection } from '../../src/wgsl/reflect.js';

export interface SimDeviceOptions {
  /** The device has the 'subgroups' feature (default true). */
  subgroups?: boolean;
  /** The device has the 'shader-f16' feature (default false). */
  f16?: boolean;
  /** Lanes per subgroup in the simulator, and the adapter's only subgroup size (default 32). */
  subgroupSize?: number;
  /** Workgroup memory the kernels may size their tiles to (default the simulator's 32 KiB). */
  maxWorkgroupStorageBytes?: number;
  /**
   * The last dispatch to simulate: once a kernel whose label this accepts has run, the
   * rest of the submission is skipped (its results are then meaningless). Tests of one
   * pass of a multi-pass primitive read that pass's bindings from `dispatches`.
   */
  until?: (label: string) => boolean;
}

/** One dispatch as the analyzer saw it. */
export interface DispatchRecord {
  /** The kernel's label (getKernel's). */
  label: string;
  groups: [number, number];
  /** The analyzer's report of the dispatch, its lines those of the generated WGSL. */
  report: CheckReport;
  /** Each bound window's bytes after the dispatch, by binding number. */
  after: Map<number, Uint8Array>;
}

class SimBuffer {
  readonly bytes: Uint8Array;
  readonly mapState = 'unmapped';
  destroyed = false;
  /** Created on a destroyed device: invalid, as WebGPU's are. */
  ofLostDevice = false;
  constructor(
    readonly size: number,
    readonly usage: number,
    readonly label: string,
  ) {
    this.bytes = new Uint8Array(size);
  }
  mapAsync(): Promise<void> {
    if (this.ofLostDevice) return Promise.reject(Object.assign(new Error(''), { name: 'AbortError' }));
    if (this.destroyed) return Promise.reject(new Error(`simulated device: '${this.label}' was destroyed`));
    return Promise.resolve();
  }
  getMappedRange(): ArrayBuffer {
    return this.bytes.buffer as ArrayBuffer;
  }
  unmap(): void {}
  destroy(): void {
    this.destroyed = true;
  }
}

interface SimModule {
  code: string;
  label: string;
  getCompilationInfo(): Promise<{ messages: { type: string; lineNum: number; linePos: number; message: string }[] }>;
}
interface SimPipeline {
  label: string;
  module: SimModule;
  entryPoint: string;
}
interface BoundWindow {
  binding: number;
  buffer: SimBuffer;
  offset: number;
  size: number;
}
interface SimBindGroup {
  entries: BoundWindow[];
}
type Command =
  | { kind: 'dispatch'; pipeline: SimPipeline; group: SimBindGroup; groups: [number, number] }
  | { kind: 'copy'; from: SimBuffer; fromOffset: number; to: SimBuffer; toOffset: number; size: number };

/** The simulated device's front-end verdicts and reflections, per shader text. */
interface Compiled {
  messages: { type: string; lineNum: number; linePos: number; message: string }[];
  reflection?: Reflection;
}

export class SimDevice {
  /** Every dispatch run so far, in order (tests read and clear it). */
  readonly dispatches: DispatchRecord[] = [];
  readonly subgroupSize: number;
  readonly features: ReadonlySet<string>;
  readonly limits: Record<string, number>;
  readonly adapterInfo: { subgroupMinSize: number; subgroupMaxSize: number };
  /** Resolves when the device is destroyed, as WebGPU's does (reason 'destroyed'). */
  readonly lost: Promise<{ reason: string; message: string }>;
  private markLost!: (info: { reason: string; message: string }) => void;
  private destroyed = false;
  readonly queue = {
    writeBuffer: (buffer: SimBuffer, offset: number, data: ArrayBuffer | ArrayBufferView, dataOffset = 0, size?: number) => {
      const bytes = ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : new Uint8Array(data as ArrayBuffer);
      // For a typed array the offset and size count its elements; for an ArrayBuffer, bytes.
      const unit = ArrayBuffer.isView(data) ? ((data as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1) : 1;
      const from = dataOffset * unit;
      const length = size === undefined ? bytes.byteLength - from : size * unit;
      buffer.bytes.set(bytes.subarray(from, from + length), offset);
    },
    submit: (buffers: { commands: Command[] }[]) => {
      this.stopped = false;
      for (const b of buffers) for (const c of b.commands) this.execute(c);
    },
  };
  private readonly compiled = new Map<string, Compiled>();
  private readonly until?: (label: string) => boolean;
  private stopped = false;

  constructor(options: SimDeviceOptions = {}) {
    this.lost = new Promise((resolve) => (this.markLost = resolve));
    this.subgroupSize = options.subgroupSize ?? 32;
    this.until = options.until;
    this.features = new Set([...(options.subgroups === false ? [] : ['subgroups']), ...(options.f16 ? ['shader-f16'] : [])]);
    this.adapterInfo = { subgroupMinSize: this.subgroupSize, subgroupMaxSize: this.subgroupSize };
    this.limits = {
      ...DEFAULT_LIMITS,
      maxStorageBufferBindingSize: 1 << 28,
      maxBufferSize: 1 << 28,
      minStorageBufferOffsetAlignment: 256,
      minUniformBufferOffsetAlignment: 256,
      maxComputeWorkgroupsPerDimension: 65535,
      maxComputeWorkgroupStorageSize: options.maxWorkgroupStorageBytes ?? 32768,
    };
  }

  /** The device as the kernels take it. */
  get gpu(): GPUDevice {
    return this as unknown as GPUDevice;
  }

  createBuffer(d: { size: number; usage: number; label?: string }): SimBuffer {
    const buffer = new SimBuffer(d.size, d.usage, d.label ?? 'buffer');
    // A destroyed device's buffers are invalid: mapping them fails as Dawn's does, with an
    // AbortError that says nothing.
    buffer.ofLostDevice = this.destroyed;
    return buffer;
  }
  createShaderModule(d: { code: string; label?: string }): SimModule {
    const compiled = this.compile(d.code);
    return { code: d.code, label: d.label ?? '', getCompilationInfo: () => Promise.resolve({ messages: compiled.messages }) };
  }
  createBindGroupLayout(d: unknown): unknown {
    return d;
  }
  createPipelineLayout(d: unknown): unknown {
    return d;
  }
  createComputePipelineAsync(d: { label?: string; compute: { module: SimModule; entryPoint: string } }): Promise<SimPipeline> {
    if (!this.compile(d.compute.module.code).reflection) return Promise.reject(new Error('simulated device: the shader did not compile'));
    return Promise.resolve({ label: d.label ?? '', module: d.compute.module, entryPoint: d.compute.entryPoint });
  }
  createBindGroup(d: { entries: { binding: number; resource: { buffer: SimBuffer; offset?: number; size?: number } }[] }): SimBindGroup {
    return {
      entries: d.entries.map(({ binding, resource: r }) => {
        const offset = r.offset ?? 0;
        return { binding, buffer: r.buffer, offset, size: r.size ?? r.buffer.size - offset };
      }),
    };
  }
  createCommandEncoder(): unknown {
    const commands: Command[] = [];
    return {
      beginComputePass: () => {
        let pipeline: SimPipeline | undefined;
        let group: SimBindGroup | undefined;
        return {
          setPipeline: (p: SimPipeline) => (pipeline = p),
          setBindGroup: (_index: number, g: SimBindGroup) => (group = g),
          dispatchWorkgroups: (x: number, y = 1) => commands.push({ kind: 'dispatch', pipeline: pipeline!, group: group!, groups: [x, y] }),
          end: () => {},
        };
      },
      copyBufferToBuffer: (from: SimBuffer, fromOffset: number, to: SimBuffer, toOffset: number, size: number) =>
        commands.push({ kind: 'copy', from, fromOffset, to, toOffset, size }),
      finish: () => ({ commands }),
    };
  }
  pushErrorScope(): void {}
  popErrorScope(): Promise<null> {
    return Promise.resolve(null);
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.markLost({ reason: 'destroyed', message: '' });
  }

  private compile(code: string): Compiled {
    let c = this.compiled.get(code);
    if (!c) {
      const fe = frontEndModule(code);
      c = {
        messages: fe.messages.map((m) => ({ type: m.severity, lineNum: m.line, linePos: m.column, message: m.message })),
        ...(fe.module ? { reflection: reflectModule(fe.module) } : {}),
      };
      this.compiled.set(code, c);
    }
    return c;
  }

  private execute(c: Command): void {
    if (this.stopped) return;
    if (c.kind === 'copy') {
      c.to.bytes.set(c.from.bytes.subarray(c.fromOffset, c.fromOffset + c.size), c.toOffset);
      return;
    }
    const { pipeline, group, groups } = c;
    const reflection = this.compile(pipeline.module.code).reflection!;
    const files = new Map<string, Uint8Array>();
    const lines = [`//! dispatch ${groups[0]} ${groups[1]}`];
    for (const w of group.entries) {
      const declared = reflection.bindings.find((b) => b.group === 0 && b.binding === w.binding);
      if (!declared) continue;
      const name = `binding${w.binding}.bin`;
      files.set(name, w.buffer.bytes.slice(w.offset, w.offset + w.size));
      const type = declared.leaf === 'f32' || declared.leaf === 'i32' || declared.leaf === 'f16' ? declared.leaf : 'u32';
      const count = w.size / (type === 'f16' ? 2 : 4);
      lines.push(`//! ${declared.space === 'uniform' ? 'uniform' : 'buffer'} 0:${w.binding} ${type}[${count}] = file("${name}")`);
    }
    const source = `${pipeline.module.code}\n${lines.join('\n')}\n`;
    const options = { files, subgroupSize: this.subgroupSize, entry: pipeline.entryPoint };
    // analyze()'s steps (analyze.ts: prepareAnalysis, then analyzeKernel's simulation with
    // every check subscribed), keeping the simulation's memory for the values.
    const prepared = prepareAnalysis(source, options);
    if (!prepared.kernel)
      throw new Error(`simulated device: '${pipeline.label}' was rejected: ${JSON.stringify(prepared.report.diagnostics)}`);
    const checks = new AnalysisChecks(prepared.report.model.banks, this.subgroupSize);
    const run = simulate(prepared.kernel, {
      entry: pipeline.entryPoint,
      subgroupSize: this.subgroupSize,
      subscribers: checks.subscribers,
      maxInvocations: DEFAULT_MAX_INVOCATIONS,
      defaultBuffers: true,
    });
    const report = completeReport(prepared.report, checks, run, options);
    if (run.stepLimit || run.sampled.length) throw new Error(`simulated device: '${pipeline.label}' was not simulated whole`);
    run.plan.bindings.forEach((b, i) => {
      if (b.unused || b.kind !== 'storage' || b.shader?.access !== 'read_write') return;
      const w = group.entries.find((e) => e.binding === b.binding)!;
      w.buffer.bytes.set(run.memory[i]!.subarray(0, w.size), w.offset);
    });
    const after = new Map(group.entries.map((w) => [w.binding, w.buffer.bytes.slice(w.offset, w.offset + w.size)]));
    this.dispatches.push({ label: pipeline.label, groups, report, after });
    if (this.until?.(pipeline.label)) this.stopped = true;
  }
}

/** A storage buffer on the simulated device holding `data`. */
export function simUpload(device: SimDevice, data: Uint32Array | Int32Array | Float32Array): GPUBuffer {
  const b = device.createBuffer({
    size: Math.max(16, Math.ceil(data.byteLength / 16) * 16),
    usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
    label: 'input',
  });
  device.queue.writeBuffer(b, 0, data);
  return b as unknown as GPUBuffer;
}

/**
 * The analyzer's findings in every dispatch, as `label:line:column kind: message`, less
 * those `allowed` (empty when every kernel is clean). Every kernel must have compiled.
 */
export function findingsOf(
  dispatches: DispatchRecord[],
  allowed: (d: DispatchRecord, x: CheckReport['diagnostics'][number]) => boolean = () => false,
): string[] {
  return dispatches.flatMap((d) => {
    if (!d.report.compile.ok) return [`${d.label}: does not compile: ${JSON.stringify(d.report.compile.messages)}`];
    return d.report.diagnostics
      .filter((x) => !allowed(d, x))
      .map((x) => `${d.label}:${x.loc?.line}:${x.loc?.column} ${x.kind}: ${x.message}`);
  });
}
