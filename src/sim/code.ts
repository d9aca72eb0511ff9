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
}
