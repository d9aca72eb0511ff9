// Byte-addressed memory regions. Every variable of the workgroup, storage and uniform
// address spaces lives in a Region; function and private variables live in one region per
// address space with a slice per invocation. 32-bit scalars are 4-aligned, so typed-array
// views at index addr >> 2 load and store them; f16 scalars are 2 bytes and 2-aligned (two
// share a word) and go through the 16-bit view at addr >> 1.
import { f16FromBits, f16ToBits } from '../numbers/f16.js';

export type RegionSpace = 'function' | 'private' | 'workgroup' | 'storage' | 'uniform' | 'texture';

export class Region {
  readonly f32: Float32Array;
  readonly i32: Int32Array;
  readonly u32: Uint32Array;
  readonly u16: Uint16Array;

  constructor(
    /** Variable name (workgroup, storage, uniform) or the address space (function, private). */
    readonly name: string,
    readonly space: RegionSpace,
    readonly bytes: Uint8Array,
    /** Whether accesses are reported to the hooks (shared memory that can race or conflict). */
    readonly tracked: boolean,
    /** Whether stores are allowed (false for uniform and read-only storage). */
    readonly writable: boolean,
    /**
     * Bytes of the smallest memory location the checks track: 4, or 2 when the variable holds
     * f16 values (two f16 in one word are distinct locations that cannot race).
     */
    readonly granule: 2 | 4 = 4,
  ) {
    const buf = bytes.buffer;
    const words = bytes.byteLength >> 2;
    this.f32 = new Float32Array(buf, bytes.byteOffset, words);
    this.i32 = new Int32Array(buf, bytes.byteOffset, words);
    this.u32 = new Uint32Array(buf, bytes.byteOffset, words);
    this.u16 = new Uint16Array(buf, bytes.byteOffset, words * 2);
  }

  get size(): number {
    return this.bytes.byteLength;
  }

  static zeroed(name: string, space: RegionSpace, size: number, tracked: boolean, writable = true, granule: 2 | 4 = 4): Region {
    return new Region(name, space, new Uint8Array(Math.max(4, Math.ceil(size / 4) * 4)), tracked, writable, granule);
  }
}

/** How a scalar slot is stored: f32 bits, i32, u32, bool as u32 0/1, or f16 bits in 2 bytes. */
export const enum ScalarKind {
  F32 = 0,
  I32 = 1,
  U32 = 2,
  BOOL = 3,
  F16 = 4,
}

const f32scratch = new Float32Array(1);
const u32scratch = new Uint32Array(f32scratch.buffer);

/** The bits a value is stored as (32, or the 16 of an f16). */
export function toBits(v: number, kind: ScalarKind): number {
  if (kind === ScalarKind.F16) return f16ToBits(v);
  if (kind === ScalarKind.F32) {
    f32scratch[0] = v;
    return u32scratch[0]!;
  }
  if (kind === ScalarKind.BOOL) return v ? 1 : 0;
  return v >>> 0;
}

export function loadScalar(r: Region, addr: number, kind: ScalarKind): number {
  const w = addr >> 2;
  switch (kind) {
    case ScalarKind.F32:
      return r.f32[w]!;
    case ScalarKind.I32:
      return r.i32[w]!;
    case ScalarKind.U32:
      return r.u32[w]!;
    case ScalarKind.F16:
      return f16FromBits(r.u16[addr >> 1]!);
    default:
      return r.u32[w]! ? 1 : 0;
  }
}

/** Stores one scalar slot at a byte address. */
export function storeScalar(r: Region, addr: number, kind: ScalarKind, v: number): void {
  switch (kind) {
    case ScalarKind.F32:
      r.f32[addr >> 2] = v;
      return;
    case ScalarKind.I32:
      r.i32[addr >> 2] = v;
      return;
    case ScalarKind.F16:
      r.u16[addr >> 1] = f16ToBits(v);
      return;
    default:
      r.u32[addr >> 2] = kind === ScalarKind.BOOL ? (v ? 1 : 0) : v;
  }
}
