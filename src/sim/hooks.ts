// What the simulator tells its observers. The checks (races, bank conflicts, never-written
// reads, bounds, barriers) subscribe to these hooks and never reach into the interpreter,
// like the race detector on Tint's interpreter.
import type { SourceSpan } from '../diagnostics/index.js';
import type { Mask } from './mask.js';
import type { Region } from './memory.js';

export type AccessKind = 'read' | 'write' | 'atomic';

/** A source location of the shader a finding points at. */
export interface SiteInfo {
  id: number;
  /** The span of the site's first token (`tile` in `tile[i]`), as findings point at it. */
  loc: SourceSpan;
  line: number;
  column: number;
  /** The root variable of the access (for memory sites). */
  variable?: string;
  /** Source text of the access, e.g. `tile[l + 1u]`. */
  text?: string;
  /** The access sits in an argument of select(), which WGSL evaluates eagerly. */
  inSelect?: boolean;
  /** The site is inside a loop of the function it is written in. */
  inLoop?: boolean;
}

/**
 * One memory instruction: the active lanes of a workgroup touching one access unit of a
 * tracked region (workgroup or writable storage memory) at one site.
 */
export interface AccessBatch {
  site: SiteInfo;
  region: Region;
  kind: AccessKind;
  /** Atomic read-modify-write (true) or atomicLoad/atomicStore (false) when kind is atomic. */
  rmw: boolean;
  /** The atomic builtin's name (`atomicAdd`, `atomicStore`, …) when kind is atomic. */
  atomicOp?: string;
  mask: Mask;
  /** Byte address per lane (indexed by lane). */
  addr: Float64Array;
  /** Bytes per lane and bytes one lane moves for the bank model. */
  bytes: number;
  width: number;
  /** For a write of one vector component: the whole vector's address and size (a write to a component counts as a write to the vector). */
  wholeAddr?: Float64Array;
  wholeBytes?: number;
  /**
   * Per lane, the site id of an out-of-bounds index that was clamped to reach this address
   * (-1 where none was); absent when the access has no index that could be clamped.
   */
  clampedBy?: Int32Array;
  /** Written bits per lane (bytes/4 words each, indexed lane * words + k), for writes and atomics. */
  bits?: Uint32Array;
  /** The unit holds f16 values: `bits` has one 16-bit entry per f16 (bytes/2 per lane). */
  f16?: boolean;
}

export interface BarrierEvent {
  site: SiteInfo;
  kind: 'workgroup' | 'storage' | 'texture';
  mask: Mask;
  /** Invocations of the workgroup that have not finished (returned from the entry point). */
  unfinished: number;
  workgroupSize: number;
}

export interface OutOfBoundsEvent {
  site: SiteInfo;
  lane: number;
  index: number;
  length: number;
  /** What was indexed, e.g. `tile` or `v` (a vector). */
  what: string;
  /**
   * The access is written in an argument of select() whose value the condition discarded
   * for this lane (WGSL evaluates both arguments eagerly).
   */
  valueUnused?: boolean;
  /** For a texel access: what is out of bounds, coordinates and texture size, as the message words it (index/length are then the x axis). */
  texel?: string;
}

export interface WorkgroupEvent {
  /** Pass index, workgroup id and its linear index within the dispatch. */
  pass: number;
  id: [number, number, number];
  linear: number;
}

export interface SimHooks {
  access?(batch: AccessBatch): void;
  barrier?(e: BarrierEvent): void;
  outOfBounds?(e: OutOfBoundsEvent): void;
  workgroupStart?(e: WorkgroupEvent): void;
  workgroupEnd?(e: WorkgroupEvent): void;
  passStart?(pass: number): void;
}

/** Calls every subscriber of each hook in order (plain loops: this is on the hot path). */
export function combineHooks(list: readonly SimHooks[]): SimHooks {
  const pick = <K extends keyof SimHooks>(k: K): NonNullable<SimHooks[K]>[] =>
    list.filter((h) => h[k]).map((h) => (h[k] as (...a: unknown[]) => void).bind(h) as NonNullable<SimHooks[K]>);
  const fan = <T>(fs: ((x: T) => void)[]): ((x: T) => void) | undefined => {
    if (!fs.length) return undefined;
    if (fs.length === 1) return fs[0];
    return (x: T) => {
      for (let i = 0; i < fs.length; i++) fs[i]!(x);
    };
  };
  return {
    access: fan(pick('access')),
    barrier: fan(pick('barrier')),
    outOfBounds: fan(pick('outOfBounds')),
    workgroupStart: fan(pick('workgroupStart')),
    workgroupEnd: fan(pick('workgroupEnd')),
    passStart: fan(pick('passStart')),
  };
}
