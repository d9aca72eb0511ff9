// Execution state of one workgroup shared by all compiled closures: per-lane control flow,
// builtin inputs, memory regions, the step budget and the hooks.
import type { OutOfBoundsEvent, SimHooks, SiteInfo } from './hooks.js';
import { Mask } from './mask.js';
import type { Region } from './memory.js';

/** Per-lane control-flow state: lanes not NORMAL are absent from active masks. */
export const enum Flow {
  NORMAL = 0,
  BREAK = 1,
  CONTINUE = 2,
  RETURN = 3,
}

/** The kernel did not finish within the step budget. */
export class StepLimitError extends Error {
  constructor(
    readonly site: SiteInfo,
    readonly steps: number,
  ) {
    super(`step limit of ${steps} reached`);
    this.name = 'StepLimitError';
  }
}

export class Ctx {
  readonly flow: Uint8Array;
  readonly finished: Uint8Array;
  finishedCount = 0;
  readonly all: Mask;
  // Builtin inputs, indexed by lane (vec3 values at lane * 3 + c).
  readonly localId: Float64Array;
  readonly localIndex: Float64Array;
  readonly globalId: Float64Array;
  readonly workgroupId: Float64Array;
  readonly numWorkgroups: Float64Array;
  readonly subgroupInvocationId: Float64Array;
  readonly subgroupSizeValue: Float64Array;
  readonly subgroupId: Float64Array;
  readonly numSubgroups: Float64Array;
  /** Regions of module-scope variables, by variable name. */
  readonly regions = new Map<string, Region>();
  /** Bound textures and samplers by the index of their module-scope variable (the simulator's list). */
  handles: readonly unknown[] = [];
  functionRegion!: Region;
  privateRegion!: Region;
  steps = 0;
  /**
   * While an argument of select() is evaluated, its out-of-bounds events wait here until
   * the condition tells whether the argument's value is used (builtin-calls.ts).
   */
  oobPending: OutOfBoundsEvent[] | null = null;

  constructor(
    /** Invocations per workgroup. */
    readonly W: number,
    readonly workgroupSize: [number, number, number],
    /** Lanes per subgroup. */
    readonly S: number,
    public maxSteps: number,
    /** The subscribers' hooks, combined (the compiled code calls them directly). */
    readonly hooks: SimHooks = {},
  ) {
    this.flow = new Uint8Array(W);
    this.finished = new Uint8Array(W);
    this.all = Mask.all(W);
    this.localId = new Float64Array(W * 3);
    this.localIndex = new Float64Array(W);
    this.globalId = new Float64Array(W * 3);
    this.workgroupId = new Float64Array(W * 3);
    this.numWorkgroups = new Float64Array(W * 3);
    this.subgroupInvocationId = new Float64Array(W);
    this.subgroupSizeValue = new Float64Array(W).fill(S);
    this.subgroupId = new Float64Array(W);
    this.numSubgroups = new Float64Array(W).fill(Math.ceil(W / S));
    const [sx, sy] = workgroupSize;
    for (let l = 0; l < W; l++) {
      this.localId[l * 3] = l % sx;
      this.localId[l * 3 + 1] = Math.floor(l / sx) % sy;
      this.localId[l * 3 + 2] = Math.floor(l / (sx * sy));
      this.localIndex[l] = l;
      this.subgroupInvocationId[l] = l % S;
      this.subgroupId[l] = Math.floor(l / S);
    }
  }

  /** Sets the workgroup id and the builtins derived from it. */
  enterWorkgroup(id: [number, number, number], count: [number, number, number]): void {
    const [sx, sy, sz] = this.workgroupSize;
    const size = [sx, sy, sz];
    for (let l = 0; l < this.W; l++) {
      for (let c = 0; c < 3; c++) {
        this.workgroupId[l * 3 + c] = id[c]!;
        this.numWorkgroups[l * 3 + c] = count[c]!;
        this.globalId[l * 3 + c] = id[c]! * size[c]! + this.localId[l * 3 + c]!;
      }
    }
    this.flow.fill(0);
    this.finished.fill(0);
    this.finishedCount = 0;
  }

  /** Reports an out-of-bounds index, or holds it back while a select() argument is evaluated. */
  outOfBounds(e: OutOfBoundsEvent): void {
    if (this.oobPending) this.oobPending.push(e);
    else this.hooks.outOfBounds?.(e);
  }

  /** Counts `n` lane-steps at `site`; throws StepLimitError past the budget. */
  step(n: number, site: SiteInfo): void {
    this.steps += n;
    if (this.steps > this.maxSteps) throw new StepLimitError(site, this.maxSteps);
  }
}
