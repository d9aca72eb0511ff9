// Compiled code: every expression becomes an object whose eval(mask) fills per-lane
// results. Values are flattened to `slots` numbers per lane (out[lane * slots + k]);
// references (memory views and pointers) give a byte address per lane in one region.
import type { Mask } from './mask.js';
import type { Region } from './memory.js';
import type { SiteInfo } from './hooks.js';
import type { Type } from '../wgsl/types.js';

export interface ValueCode {
  readonly type: Type;
  readonly slots: number;
  /** Results, indexed lane * slots + k. */
  readonly out: Float64Array;
  eval(m: Mask): void;
  /** True when out is filled once and never changes (constants). */
  readonly constant?: boolean;
}

export interface RefCode {
  /** The store type of the memory view. */
  readonly type: Type;
  /** Byte address per lane, valid after eval. */
  readonly addr: Float64Array;
  /** The region addressed, valid after eval (the same for every lane of one evaluation). */
  region: Region | null;
  eval(m: Mask): void;
  /** The variable the view starts from (for messages). */
  readonly root: string;
  /** Set for a view of one vector component: the enclosing vector's address per lane and size. */
  readonly whole?: { addr: Float64Array; bytes: number };
  /** Where the access is written, for access events. */
  readonly site: SiteInfo;
  /**
   * Set for a function-scope variable kept in a register array instead of memory (it is
   * never addressed, indexed or accessed by member): its value, `slots` per lane.
   */
  readonly reg?: Float64Array;
  /**
   * For views reached through an index: per lane, the site id of an out-of-bounds index
   * that was clamped on the way to the address (-1 where none was), valid after eval.
   */
  clamped?: Int32Array;
}

/**
 * Every compiled value is a VCode and every view an RCode: one hidden class each, so the
 * many call sites `x.eval(m)` and loads `x.out` stay monomorphic for the JIT.
 */
export class VCode implements ValueCode {
  readonly eval: (m: Mask) => void;
  constructor(
    readonly type: Type,
    readonly slots: number,
    readonly out: Float64Array,
    evaluate: (m: Mask) => void,
    readonly constant: boolean = false,
  ) {
    this.eval = evaluate;
  }
}

export function vcode(type: Type, slots: number, out: Float64Array, evaluate: (m: Mask) => void, constant = false): ValueCode {
  return new VCode(type, slots, out, evaluate, constant);
}

export class RCode implements RefCode {
  region: Region | null = null;
  clamped: Int32Array | undefined = undefined;
  readonly eval: (m: Mask) => void;
  constructor(
    readonly type: Type,
    readonly addr: Float64Array,
    readonly root: string,
    readonly site: SiteInfo,
    evaluate: (m: Mask) => void,
    readonly whole: { addr: Float64Array; bytes: number } | undefined = undefined,
    readonly reg: Float64Array | undefined = undefined,
  ) {
    this.eval = evaluate;
  }
}

/** A compiled statement: runs the lanes of m and returns those that fall through normally. */
export type StmtCode = (m: Mask) => Mask;

/** Storage of a pointer-typed let or parameter: an address per lane and the region. */
export interface PtrSlot {
  addr: Float64Array;
  region: Region | null;
}

/** Copies `slots` numbers per lane from src to dst for the lanes of m. */
export function copySlots(src: Float64Array, dst: Float64Array, m: Mask, slots: number): void {
  if (slots === 1) {
    for (let k = 0; k < m.n; k++) dst[m.lanes[k]!] = src[m.lanes[k]!]!;
    return;
  }
  for (let k = 0; k < m.n; k++) {
    const b = m.lanes[k]! * slots;
    for (let c = 0; c < slots; c++) dst[b + c] = src[b + c]!;
  }
}
