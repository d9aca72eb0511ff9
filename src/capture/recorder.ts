// Records what a program dispatches on a GPUDevice. `record(device)` patches the device
// (and the queue, encoders and passes it hands out) in place, so the program keeps its own
// objects and `instanceof` checks; it remembers shader code, pipelines, bind group layouts,
// bind groups and buffers as they are created. At each dispatch of a kernel not seen yet
// (shader, entry point, constants, bound ranges, workgroup counts) the pass is split and the
// bound ranges are copied into a staging buffer just before the dispatch, and the writable
// ones again just after it; after the program submits the command buffer, the staging
// buffer is mapped and the dispatch becomes a CapturedDispatch. Environment-neutral: any
// WebGPU implementation, Node's Dawn or a browser's.
import { BufferUsage, MapMode } from '../gpu/constants.js';
import { recordingPass, type DispatchCall, type PassState } from './pass.js';
import { shaderOrigin } from './origin.js';
import type { CapturedBinding, CapturedDispatch, Recording, ShaderOrigin } from './types.js';

export interface RecorderOptions {
  /** Indirect dispatches of one pipeline and binding set captured in full (default 16); the rest are counted. */
  maxIndirectPerKernel?: number;
  /** Bytes of buffer contents the recording may hold (default 1 GiB); later kernels are counted as not captured. */
  maxBytes?: number;
  /**
   * Where the recording program's own code is not: stack frames in files that start with one
   * of these (paths or URLs) are skipped when finding where a shader module was created,
   * besides node_modules and the recorder itself.
   */
  libraryPaths?: readonly string[];
}

interface PipelineInfo {
  code: string;
  entryPoint?: string;
  constants: Record<string, number>;
  label?: string;
  origin?: ShaderOrigin;
  /** Bind group layouts of an explicit pipeline layout, by group index. */
  layouts?: GPUBindGroupLayout[];
}

interface LayoutEntry {
  type?: GPUBufferBindingType;
  dynamic: boolean;
}

interface BindGroupInfo {
  layout: GPUBindGroupLayout;
  entries: { binding: number; buffer?: GPUBuffer; offset: number; size?: number }[];
  /** Set when an entry is not a buffer (texture view, sampler, external texture). */
  nonBuffer?: string;
}

interface BufferInfo {
  size: number;
  usage: number;
  label?: string;
}

/** A bound range at dispatch time. */
interface Bound {
  group: number;
  binding: number;
  buffer: GPUBuffer;
  offset: number;
  size: number;
  layoutType?: GPUBufferBindingType;
}

/** A dispatch to capture: where each range lands in the staging buffer. */
interface PendingCapture {
  pipeline: PipelineInfo;
  call: DispatchCall;
  staticKey: string;
  /** Captured in full (else only the indirect arguments are read, to count it). */
  full: boolean;
  bound: (Bound & { at: number; afterAt?: number; label?: string; uniformUsage: boolean })[];
  indirectAt?: number;
  staging: GPUBuffer;
}

/** One dispatch of a command buffer, counted when it is submitted. */
type DispatchRecord = { key: string } | { capture: PendingCapture } | { uncaptured: string };

const align4 = (n: number) => Math.ceil(n / 4) * 4;

/** The current stack, deeper than V8's default of 10 frames (libraries nest deeply). */
function deepStack(): string {
  const E = Error as { stackTraceLimit?: number };
  const limit = E.stackTraceLimit;
  E.stackTraceLimit = 100;
  try {
    return new Error().stack ?? '';
  } finally {
    E.stackTraceLimit = limit;
  }
}

export class CaptureRecorder {
  private readonly pipelines = new WeakMap<GPUComputePipeline, PipelineInfo>();
  private readonly modules = new WeakMap<GPUShaderModule, { code: string; origin?: ShaderOrigin }>();
  private readonly layouts = new WeakMap<GPUBindGroupLayout, Map<number, LayoutEntry>>();
  private readonly pipelineLayouts = new WeakMap<GPUPipelineLayout, GPUBindGroupLayout[]>();
  private readonly bindGroups = new WeakMap<GPUBindGroup, BindGroupInfo>();
  private readonly buffers = new WeakMap<GPUBuffer, BufferInfo>();
  private readonly commandBuffers = new WeakMap<GPUCommandBuffer, DispatchRecord[]>();
  /** Shader sources by text, numbered, so keys stay short. */
  private readonly codeIds = new Map<string, number>();
  /** Kernel keys whose capture is encoded (in flight or done). */
  private readonly claimed = new Set<string>();
  private readonly indirectClaims = new Map<string, number>();
  private readonly counts = new Map<string, number>();
  private readonly kernels = new Map<string, CapturedDispatch>();
  private readonly uncaptured = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  /**
   * Every GPU instance recorded, held for the program's lifetime: Dawn's Node binding kills
   * the process (a pthread assertion or a segfault, exit 134 or 139) when an instance is
   * collected while its devices live, as in `(await create([]).requestAdapter())`, and the
   * capture would be lost.
   */
  private readonly instances: GPU[] = [];
  /**
   * Every device recorded, held likewise: a program that ends through process.exit() (which
   * throws under capture, see adapters/node.ts) may drop its last reference to the device
   * while the capture's read-backs are in flight, and a collected device aborts them.
   */
  private readonly deviceObjects: GPUDevice[] = [];
  private dispatches = 0;
  private devices = 0;
  private bytes = 0;
  private readonly maxIndirect: number;
  private readonly maxBytes: number;
  private readonly libraryPaths: readonly string[];

  constructor(options: RecorderOptions = {}) {
    this.maxIndirect = options.maxIndirectPerKernel ?? 16;
    this.maxBytes = options.maxBytes ?? 2 ** 30;
    this.libraryPaths = options.libraryPaths ?? [];
  }

  /** Devices recorded so far. */
  get deviceCount(): number {
    return this.devices;
  }

  /** Patches `gpu` so that every device it hands out (through requestAdapter) is recorded. */
  recordGpu(gpu: GPU): GPU {
    this.instances.push(gpu);
    const requestAdapter = gpu.requestAdapter.bind(gpu);
    gpu.requestAdapter = async (options?: GPURequestAdapterOptions) => {
      const adapter = await requestAdapter(options);
      if (adapter) {
        const requestDevice = adapter.requestDevice.bind(adapter);
        adapter.requestDevice = async (d?: GPUDeviceDescriptor) => this.record(await requestDevice(d));
      }
      return adapter;
    };
    return gpu;
  }

  /** Patches `device` in place so that its compute work is recorded; returns it. */
  record(device: GPUDevice): GPUDevice {
    this.devices++;
    this.deviceObjects.push(device);
    const createBuffer = device.createBuffer.bind(device);
    const patch = <T extends object, K extends keyof T>(obj: T, name: K, make: (original: T[K]) => T[K]) => {
      const original = (obj[name] as unknown as (...a: unknown[]) => unknown).bind(obj) as T[K];
      obj[name] = make(original);
    };

    patch(device, 'createBuffer', (original) => (d: GPUBufferDescriptor) => {
      // Copies need COPY_SRC; mappable buffers cannot take it (and cannot be bound either).
      const mappable = (d.usage & (BufferUsage.MAP_READ | BufferUsage.MAP_WRITE)) !== 0;
      const buffer = original(mappable ? d : { ...d, usage: d.usage | BufferUsage.COPY_SRC });
      // The program sees the usage it asked for (some pool buffers by usage).
      if (!mappable) Object.defineProperty(buffer, 'usage', { value: d.usage, configurable: true });
      this.buffers.set(buffer, { size: d.size, usage: d.usage, ...(d.label ? { label: d.label } : {}) });
      return buffer;
    });
    patch(device, 'createShaderModule', (original) => (d: GPUShaderModuleDescriptor) => {
      // The stack here leads to the program's code that made the shader (origin.ts).
      const origin = shaderOrigin(deepStack(), this.libraryPaths);
      const module = original(d);
      this.modules.set(module, { code: d.code, ...(origin ? { origin } : {}) });
      return module;
    });
    patch(device, 'createBindGroupLayout', (original) => (d: GPUBindGroupLayoutDescriptor) => {
      const layout = original(d);
      const entries = new Map<number, LayoutEntry>();
      for (const e of d.entries)
        entries.set(e.binding, { ...(e.buffer ? { type: e.buffer.type ?? 'uniform' } : {}), dynamic: !!e.buffer?.hasDynamicOffset });
      this.layouts.set(layout, entries);
      return layout;
    });
    patch(device, 'createPipelineLayout', (original) => (d: GPUPipelineLayoutDescriptor) => {
      const layout = original(d);
      this.pipelineLayouts.set(
        layout,
        Array.from(d.bindGroupLayouts, (l) => l as GPUBindGroupLayout),
      );
      return layout;
    });
    patch(device, 'createBindGroup', (original) => (d: GPUBindGroupDescriptor) => {
      const group = original(d);
      this.bindGroups.set(group, this.describeBindGroup(d));
      return group;
    });
    patch(device, 'createComputePipeline', (original) => (d: GPUComputePipelineDescriptor) => {
      const pipeline = original(d);
      this.pipelines.set(pipeline, this.describePipeline(d));
      return pipeline;
    });
    patch(device, 'createComputePipelineAsync', (original) => async (d: GPUComputePipelineDescriptor) => {
      const pipeline = await original(d);
      this.pipelines.set(pipeline, this.describePipeline(d));
      return pipeline;
    });
    patch(device, 'createCommandEncoder', (original) => (d?: GPUCommandEncoderDescriptor) => {
      const encoder = original(d);
      const records: DispatchRecord[] = [];
      patch(
        encoder,
        'beginComputePass',
        (begin) => (pd?: GPUComputePassDescriptor) =>
          recordingPass(encoder, pd, begin, {
            dispatch: (state, call, split, run) => this.dispatch(state, call, split, run, records, createBuffer),
          }),
      );
      patch(encoder, 'finish', (finish) => (fd?: GPUCommandBufferDescriptor) => {
        const commandBuffer = finish(fd);
        if (records.length) this.commandBuffers.set(commandBuffer, records);
        return commandBuffer;
      });
      return encoder;
    });
    const queue = device.queue;
    patch(queue, 'submit', (submit) => (commandBuffers: Iterable<GPUCommandBuffer>) => {
      const list = Array.from(commandBuffers);
      const result = submit(list);
      for (const cb of list) {
        const records = this.commandBuffers.get(cb);
        if (!records) continue;
        this.commandBuffers.delete(cb);
        for (const r of records) this.submitted(r);
      }
      return result;
    });
    return device;
  }

  /** Resolves when every submitted capture has been read back. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** What has been recorded so far (captures still being read back are not in it yet). */
  recording(): Recording {
    const kernels = [...this.kernels.values()].map((k) => ({ ...k, count: this.counts.get(k.key) ?? 1 }));
    const uncaptured = [...this.uncaptured].map(([reason, count]) => ({ reason, count }));
    return { devices: this.devices, dispatches: this.dispatches, kernels, uncaptured };
  }

  private describePipeline(d: GPUComputePipelineDescriptor): PipelineInfo {
    const module = this.modules.get(d.compute.module);
    const code = module?.code ?? '';
    const constants: Record<string, number> = {};
    for (const [name, value] of Object.entries(d.compute.constants ?? {})) constants[name] = Number(value);
    return {
      code,
      ...(d.compute.entryPoint ? { entryPoint: d.compute.entryPoint } : {}),
      constants,
      ...(d.label ? { label: d.label } : {}),
      ...(module?.origin ? { origin: module.origin } : {}),
      ...(d.layout !== 'auto' ? { layouts: this.pipelineLayouts.get(d.layout) } : {}),
    };
  }

  private describeBindGroup(d: GPUBindGroupDescriptor): BindGroupInfo {
    const info: BindGroupInfo = { layout: d.layout, entries: [] };
    for (const e of d.entries) {
      const r = e.resource as unknown;
      const asBuffer = (r as { buffer?: GPUBuffer }).buffer ?? (this.buffers.has(r as GPUBuffer) ? (r as GPUBuffer) : undefined);
      if (!asBuffer) {
        info.nonBuffer = `a texture, sampler or external texture is bound at @binding(${e.binding})`;
        continue;
      }
      const binding = r as GPUBufferBinding;
      info.entries.push({
        binding: e.binding,
        buffer: asBuffer,
        offset: Number(binding.offset ?? 0),
        ...(binding.size !== undefined ? { size: Number(binding.size) } : {}),
      });
    }
    return info;
  }

  /** The bound ranges of a dispatch, or why it cannot be captured. */
  private boundRanges(state: PassState, pipeline: PipelineInfo): Bound[] | string {
    const bound: Bound[] = [];
    for (const [index, { group, offsets }] of [...state.groups].sort((a, b) => a[0] - b[0])) {
      const info = this.bindGroups.get(group);
      if (!info) return 'a bind group was created before the device was recorded';
      if (info.nonBuffer) return `${info.nonBuffer} (textures and samplers are not captured)`;
      const layout = this.layouts.get(pipeline.layouts?.[index] ?? info.layout);
      // Dynamic offsets apply to the dynamic entries in binding order.
      const dynamic = info.entries.filter((e) => layout?.get(e.binding)?.dynamic).sort((a, b) => a.binding - b.binding);
      for (const e of info.entries) {
        const buffer = this.buffers.get(e.buffer!);
        if (!buffer) return `a buffer bound at @group(${index}) @binding(${e.binding}) was created before the device was recorded`;
        const k = dynamic.indexOf(e);
        const offset = e.offset + (k >= 0 ? (offsets[k] ?? 0) : 0);
        const size = e.size ?? buffer.size - e.offset;
        bound.push({
          group: index,
          binding: e.binding,
          buffer: e.buffer!,
          offset,
          size,
          ...(layout?.get(e.binding)?.type ? { layoutType: layout.get(e.binding)!.type } : {}),
        });
      }
    }
    return bound;
  }

  private codeId(code: string): number {
    let id = this.codeIds.get(code);
    if (id === undefined) this.codeIds.set(code, (id = this.codeIds.size));
    return id;
  }

  private staticKey(pipeline: PipelineInfo, bound: Bound[]): string {
    const constants = Object.entries(pipeline.constants).sort(([a], [b]) => (a < b ? -1 : 1));
    return JSON.stringify([
      this.codeId(pipeline.code),
      pipeline.entryPoint ?? '',
      constants,
      bound.map((b) => [b.group, b.binding, b.size, b.layoutType ?? '']),
    ]);
  }

  private dispatch(
    state: PassState,
    call: DispatchCall,
    split: (copies: (e: GPUCommandEncoder) => void) => void,
    run: () => void,
    records: DispatchRecord[],
    createBuffer: GPUDevice['createBuffer'],
  ): void {
    const pipeline = state.pipeline && this.pipelines.get(state.pipeline);
    const bound = pipeline ? this.boundRanges(state, pipeline) : 'the pipeline was created before the device was recorded';
    if (!pipeline || typeof bound === 'string') {
      records.push({ uncaptured: bound as string });
      return run();
    }
    const staticKey = this.staticKey(pipeline, bound);
    let full: boolean;
    if (call.kind === 'direct') {
      const key = `${staticKey}${JSON.stringify(call.workgroups)}`;
      full = !this.claimed.has(key);
      if (!full) {
        records.push({ key });
        return run();
      }
      this.claimed.add(key);
    } else {
      // The counts are only known on the GPU: read the arguments of every indirect dispatch,
      // and everything else of the first few of each pipeline and binding set.
      const n = this.indirectClaims.get(staticKey) ?? 0;
      full = n < this.maxIndirect;
      if (full) this.indirectClaims.set(staticKey, n + 1);
    }
    const contentBytes = full ? bound.reduce((a, b) => a + 2 * align4(b.size), 0) : 0;
    if (full && this.bytes + contentBytes > this.maxBytes) {
      records.push({ uncaptured: `the capture holds ${this.maxBytes} bytes of buffer contents already (its budget)` });
      return run();
    }
    this.bytes += contentBytes;

    // Staging layout: every range before, the writable ones after, then the indirect arguments.
    let at = 0;
    const ranges: PendingCapture['bound'] = [];
    if (full) {
      for (const b of bound) {
        const info = this.buffers.get(b.buffer)!;
        ranges.push({ ...b, at, uniformUsage: (info.usage & BufferUsage.UNIFORM) !== 0, ...(info.label ? { label: info.label } : {}) });
        at += align4(b.size);
      }
      for (const r of ranges) {
        if (r.layoutType === 'uniform' || r.layoutType === 'read-only-storage' || (!r.layoutType && r.uniformUsage)) continue;
        r.afterAt = at;
        at += align4(r.size);
      }
    }
    const indirectAt = call.kind === 'indirect' ? at : undefined;
    if (indirectAt !== undefined) at += 12;
    const staging = createBuffer({
      label: 'wgsl-lab capture staging',
      size: Math.max(4, at),
      usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST,
    });
    const capture: PendingCapture = {
      pipeline,
      call,
      staticKey,
      full,
      bound: ranges,
      ...(indirectAt !== undefined ? { indirectAt } : {}),
      staging,
    };

    const copy = (e: GPUCommandEncoder, buffer: GPUBuffer, offset: number, size: number, to: number) => {
      // Copies move whole words; a range whose size is not one stops at the buffer's end.
      const total = this.buffers.get(buffer)!.size;
      const n = Math.min(align4(size), Math.floor((total - offset) / 4) * 4);
      if (n > 0) e.copyBufferToBuffer(buffer, offset, staging, to, n);
    };
    split((e) => {
      for (const r of ranges) copy(e, r.buffer, r.offset, r.size, r.at);
      if (call.kind === 'indirect') e.copyBufferToBuffer(call.buffer, call.offset, staging, indirectAt!, 12);
    });
    run();
    if (ranges.some((r) => r.afterAt !== undefined)) {
      split((e) => {
        for (const r of ranges) if (r.afterAt !== undefined) copy(e, r.buffer, r.offset, r.size, r.afterAt);
      });
    }
    records.push({ capture });
  }

  /** Counts a dispatch of a submitted command buffer, and starts reading back its capture. */
  private submitted(r: DispatchRecord): void {
    this.dispatches++;
    if ('key' in r) {
      this.counts.set(r.key, (this.counts.get(r.key) ?? 0) + 1);
      return;
    }
    if ('uncaptured' in r) {
      this.uncaptured.set(r.uncaptured, (this.uncaptured.get(r.uncaptured) ?? 0) + 1);
      return;
    }
    const c = r.capture;
    if (c.call.kind === 'direct') {
      const key = `${c.staticKey}${JSON.stringify(c.call.workgroups)}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
    const done = c.staging
      .mapAsync(MapMode.READ)
      .then(() => this.readBack(c, new Uint8Array(c.staging.getMappedRange().slice(0))))
      .catch((e: unknown) => {
        const reason = `reading the capture back failed: ${(e as Error)?.message ?? String(e)}`;
        this.uncaptured.set(reason, (this.uncaptured.get(reason) ?? 0) + 1);
      })
      .finally(() => {
        c.staging.destroy();
        this.inFlight.delete(done);
      });
    this.inFlight.add(done);
  }

  private readBack(c: PendingCapture, bytes: Uint8Array): void {
    let workgroups: [number, number, number];
    if (c.call.kind === 'direct') workgroups = c.call.workgroups;
    else {
      const args = new Uint32Array(bytes.buffer.slice(c.indirectAt!, c.indirectAt! + 12));
      workgroups = [args[0]!, args[1]!, args[2]!];
    }
    const key = `${c.staticKey}${JSON.stringify(workgroups)}`;
    if (c.call.kind === 'indirect') this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (this.kernels.has(key)) return;
    if (!c.full) {
      const reason = `an indirect dispatch of a kernel already captured ${this.maxIndirect} times with other workgroup counts`;
      this.uncaptured.set(reason, (this.uncaptured.get(reason) ?? 0) + 1);
      return;
    }
    const slice = (at: number, size: number) => {
      const out = new Uint8Array(size);
      out.set(bytes.subarray(at, Math.min(at + size, bytes.length)));
      return out;
    };
    const bindings: CapturedBinding[] = c.bound.map((b) => ({
      group: b.group,
      binding: b.binding,
      ...(b.layoutType ? { layoutType: b.layoutType } : {}),
      uniformUsage: b.uniformUsage,
      ...(b.label ? { label: b.label } : {}),
      offset: b.offset,
      size: b.size,
      before: slice(b.at, b.size),
      ...(b.afterAt !== undefined ? { after: slice(b.afterAt, b.size) } : {}),
    }));
    // Ranges of one buffer that overlap: the kernel file gives each binding its own buffer.
    c.bound.forEach((b, i) => {
      const aliases = c.bound
        .filter((o, j) => j !== i && o.buffer === b.buffer && o.offset < b.offset + b.size && b.offset < o.offset + o.size)
        .map((o) => `${o.group}:${o.binding}`);
      if (aliases.length) bindings[i]!.aliases = aliases;
    });
    this.kernels.set(key, {
      code: c.pipeline.code,
      ...(c.pipeline.entryPoint ? { entryPoint: c.pipeline.entryPoint } : {}),
      constants: c.pipeline.constants,
      workgroups,
      indirect: c.call.kind === 'indirect',
      ...(c.pipeline.label ? { pipelineLabel: c.pipeline.label } : {}),
      ...(c.pipeline.origin ? { origin: c.pipeline.origin } : {}),
      bindings,
      key,
      count: 1,
    });
  }
}
