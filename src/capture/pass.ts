// The compute pass a recorded encoder hands out. It forwards every command to a real pass,
// except that before and after a dispatch to be captured it ends the real pass, lets the
// recorder encode its copies (copies cannot happen inside a pass), and begins a new real
// pass with the same pipeline, bind groups and debug groups. So the copies see exactly the
// memory the dispatch sees, in the order the program encoded its work.

/** The pass state a dispatch runs with. */
export interface PassState {
  pipeline?: GPUComputePipeline;
  /** Bind groups by index, with their dynamic offsets. */
  groups: Map<number, { group: GPUBindGroup; offsets: number[] }>;
}

/** What the recorder does at each dispatch of a pass. */
export interface DispatchHook {
  /** Encodes the dispatch itself through `run`, surrounding it with copies (through `split`) if it captures it. */
  dispatch(state: PassState, call: DispatchCall, split: (copies: (encoder: GPUCommandEncoder) => void) => void, run: () => void): void;
}

export type DispatchCall =
  { kind: 'direct'; workgroups: [number, number, number] } | { kind: 'indirect'; buffer: GPUBuffer; offset: number };

/**
 * A GPUComputePassEncoder that splits itself around captured dispatches. Methods it does
 * not know are forwarded to the current real pass, so newer API additions keep working.
 */
export function recordingPass(
  encoder: GPUCommandEncoder,
  descriptor: GPUComputePassDescriptor | undefined,
  begin: (d?: GPUComputePassDescriptor) => GPUComputePassEncoder,
  hook: DispatchHook,
): GPUComputePassEncoder {
  let real = begin(descriptor);
  const state: PassState = { groups: new Map() };
  const debugGroups: string[] = [];
  // After a split the beginning timestamp has been written; later passes keep only the end
  // one (the last real pass writes it last, over the earlier passes' writes).
  const writes = descriptor?.timestampWrites;
  const later: GPUComputePassDescriptor = {
    ...(descriptor?.label ? { label: descriptor.label } : {}),
    ...(writes?.endOfPassWriteIndex !== undefined
      ? { timestampWrites: { querySet: writes.querySet, endOfPassWriteIndex: writes.endOfPassWriteIndex } }
      : {}),
  };
  const split = (copies: (encoder: GPUCommandEncoder) => void) => {
    for (let i = debugGroups.length; i > 0; i--) real.popDebugGroup();
    real.end();
    copies(encoder);
    real = begin(later);
    for (const label of debugGroups) real.pushDebugGroup(label);
    if (state.pipeline) real.setPipeline(state.pipeline);
    for (const [index, g] of state.groups) real.setBindGroup(index, g.group, g.offsets);
  };

  const own: Partial<GPUComputePassEncoder> & Record<string, unknown> = {
    setPipeline(pipeline: GPUComputePipeline) {
      state.pipeline = pipeline;
      real.setPipeline(pipeline);
    },
    setBindGroup(index: number, group: GPUBindGroup | null, offsets?: Iterable<number> | Uint32Array, start?: number, length?: number) {
      let list: number[] = [];
      if (offsets instanceof Uint32Array)
        list = Array.from(offsets.subarray(start ?? 0, (start ?? 0) + (length ?? offsets.length - (start ?? 0))));
      else if (offsets) list = Array.from(offsets);
      if (group) state.groups.set(index, { group, offsets: list });
      else state.groups.delete(index);
      real.setBindGroup(index, group, list);
    },
    dispatchWorkgroups(x: number, y = 1, z = 1) {
      hook.dispatch(state, { kind: 'direct', workgroups: [x, y, z] }, split, () => real.dispatchWorkgroups(x, y, z));
    },
    dispatchWorkgroupsIndirect(buffer: GPUBuffer, offset: number) {
      hook.dispatch(state, { kind: 'indirect', buffer, offset }, split, () => real.dispatchWorkgroupsIndirect(buffer, offset));
    },
    pushDebugGroup(label: string) {
      debugGroups.push(label);
      real.pushDebugGroup(label);
    },
    popDebugGroup() {
      debugGroups.pop();
      real.popDebugGroup();
    },
    end() {
      real.end();
    },
  };
  return new Proxy(own, {
    get(target, name) {
      if (name in target) return target[name as string];
      const value = (real as unknown as Record<string | symbol, unknown>)[name];
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value;
    },
    set(_target, name, value) {
      (real as unknown as Record<string | symbol, unknown>)[name] = value;
      return true;
    },
  }) as unknown as GPUComputePassEncoder;
}
