// A kernel plan: every dispatch of one primitive call, with its bind groups and temporaries
// made once, recorded into a single compute pass. One pass means one pair of timestamps
// brackets the whole operation, and WebGPU orders the dispatches inside it (each dispatch
// sees the storage writes of the ones before). A plan can be encoded many times (benchmarks).
import { BufferUsage } from '../gpu/constants.js';
import type { KernelContext } from './context.js';
import type { Kernel } from './pipelines.js';
import { KernelInputError, KernelInternalError } from './errors.js';

export interface KernelPlan {
  /** The buffer the result is written to. */
  readonly output: GPUBuffer;
  /** Records the plan's dispatches as one compute pass. */
  encode(encoder: GPUCommandEncoder, timestampWrites?: GPUComputePassTimestampWrites): void;
  /** Destroys the plan's temporaries and parameter blocks (not its input or output). */
  destroy(): void;
}

/** Words of every kernel's `Params` uniform block (eight u32 fields, 32 bytes). */
export const PARAM_WORDS = 8;

interface PendingDispatch {
  kernel: Kernel;
  params: number[];
  bindings: GPUBufferBinding[];
  groups: [number, number];
}

export class PlanBuilder {
  private readonly pending: PendingDispatch[] = [];
  private readonly temporaries: GPUBuffer[] = [];

  constructor(
    readonly ctx: KernelContext,
    readonly label: string,
  ) {}

  /** A zero-filled storage buffer owned by the plan, at least 16 bytes (one vec4). */
  temporary(bytes: number, label: string): GPUBuffer {
    const b = this.ctx.device.createBuffer({
      label: `${this.label}: ${label}`,
      size: Math.max(16, Math.ceil(bytes / 16) * 16),
      usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
    });
    this.temporaries.push(b);
    return b;
  }

  /**
   * Adds a dispatch of `groups` workgroups. Binding 0 is the Params block (up to eight u32),
   * the bindings follow from 1. Grids wider than maxComputeWorkgroupsPerDimension fold into
   * y; kernels compute `wid.x + wid.y * nwg.x` and return when it reaches their group count.
   * The fold is balanced: the fewest rows, each as narrow as they can be, so at most y − 1
   * workgroups only return (a full-width first row would leave up to a whole row idle: 65,534
   * workgroups for 65,536, which cost the copy kernel 9% on the H200).
   * `width` sets x instead (the grid-shape experiments of src/bench/copy.ts).
   */
  dispatch(kernel: Kernel, params: number[], bindings: GPUBufferBinding[], groups: number, width?: number): void {
    if (groups <= 0) return;
    if (params.length > PARAM_WORDS) throw new KernelInternalError(`${kernel.label} has ${params.length} parameters`);
    const max = this.ctx.maxGroupsPerDimension;
    const [x, y] = dispatchGrid(groups, max, width);
    if (y > max) throw new KernelInputError(this.label, 'input', `${groups} workgroups exceed this device's ${max}×${max} grid`);
    this.pending.push({ kernel, params, bindings, groups: [x, y] });
  }

  /** Releases the temporaries of a plan that will not be finished. */
  discard(): void {
    for (const b of this.temporaries) b.destroy();
  }

  finish(output: GPUBuffer): KernelPlan {
    const { device } = this.ctx;
    const stride = Math.max(this.ctx.uniformAlignment, PARAM_WORDS * 4);
    const paramBuffer = this.pending.length
      ? device.createBuffer({
          label: `${this.label}: params`,
          size: stride * this.pending.length,
          usage: BufferUsage.UNIFORM | BufferUsage.COPY_DST,
        })
      : undefined;
    const recorded = this.pending.map((d, i) => {
      const words = new Uint32Array(PARAM_WORDS);
      words.set(d.params.map((v) => v >>> 0));
      device.queue.writeBuffer(paramBuffer!, i * stride, words);
      const bindGroup = device.createBindGroup({
        label: d.kernel.label,
        layout: d.kernel.layout,
        entries: [{ buffer: paramBuffer!, offset: i * stride, size: PARAM_WORDS * 4 }, ...d.bindings].map((resource, binding) => ({
          binding,
          resource,
        })),
      });
      return { pipeline: d.kernel.pipeline, bindGroup, groups: d.groups };
    });
    const owned = [...this.temporaries, ...(paramBuffer ? [paramBuffer] : [])];
    const label = this.label;
    return {
      output,
      encode(encoder, timestampWrites) {
        const pass = encoder.beginComputePass(timestampWrites ? { label, timestampWrites } : { label });
        for (const r of recorded) {
          pass.setPipeline(r.pipeline);
          pass.setBindGroup(0, r.bindGroup);
          pass.dispatchWorkgroups(r.groups[0], r.groups[1]);
        }
        pass.end();
      },
      destroy() {
        for (const b of owned) b.destroy();
      },
    };
  }
}

/**
 * The grid [x, y] of `groups` workgroups with at most `max` per dimension: the fewest rows,
 * as narrow as they can be (PlanBuilder.dispatch), or rows `width` wide. y may exceed `max`:
 * the caller refuses such a dispatch.
 */
export function dispatchGrid(groups: number, max: number, width?: number): [number, number] {
  const x = Math.min(groups, max, width ?? Math.ceil(groups / Math.ceil(groups / max)));
  return [x, Math.ceil(groups / x)];
}
