// What the simulator tells its observers. The checks (races, bank conflicts, never-written
// reads, bounds, barriers) subscribe to these hooks and never reach into the interpreter,
// like the race detector on Tint's interpreter.
import type { Mask } from './mask.js';
import type { Region } from './memory.js';

export type AccessKind = 'read' | 'write' | 'atomic';

/** A source location of the shader a finding points at. */
export interface SiteInfo {
  id: number;
  line: number;
  column: number;
  /** The root variable of the access (for memory sites). */
  variable?: string;
  /** Source text of the access, e.g. `tile[l + 1u]`. */
  text?: string;
  /** The access sits in an argument of select(), which WGSL evaluates eagerly. */
  inSelect?: boolean;
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
  mask: Mask;
  /** Byte address per lane (indexed by lane). */
  addr: Float64Array;
  /** Bytes per lane and bytes one lane moves for the bank model. */
  bytes: number;
  width: number;
  /** For a write of one vector component: the whole vector's address and size (a write to a component counts as a write to the vector). */
  wholeAddr?: Float64Array;
  wholeBytes?: number;
  /** Written bits per lane (bytes/4 words each, indexed lane * words + k), for writes and atomics. */
  bits?: Uint32Array;
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

/** Calls every subscriber of each hook in order. */
export function combineHooks(list: SimHooks[]): SimHooks {
  const pick = <K extends keyof SimHooks>(k: K) => list.map((h) => h[k]?.bind(h)).filter((f): f is NonNullable<SimHooks[K]> => !!f);
  const access = pick('access');
  const barrier = pick('barrier');
  const oob = pick('outOfBounds');
  const ws = pick('workgroupStart');
  const we = pick('workgroupEnd');
  const ps = pick('passStart');
  return {
    access: access.length ? (b) => access.forEach((f) => (f as (x: AccessBatch) => void)(b)) : undefined,
    barrier: barrier.length ? (e) => barrier.forEach((f) => (f as (x: BarrierEvent) => void)(e)) : undefined,
    outOfBounds: oob.length ? (e) => oob.forEach((f) => (f as (x: OutOfBoundsEvent) => void)(e)) : undefined,
    workgroupStart: ws.length ? (e) => ws.forEach((f) => (f as (x: WorkgroupEvent) => void)(e)) : undefined,
    workgroupEnd: we.length ? (e) => we.forEach((f) => (f as (x: WorkgroupEvent) => void)(e)) : undefined,
    passStart: ps.length ? (p) => ps.forEach((f) => (f as (x: number) => void)(p)) : undefined,
  };
}
