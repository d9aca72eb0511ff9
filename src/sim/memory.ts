// Byte-addressed memory regions. Every variable of the workgroup, storage and uniform
// address spaces lives in a Region; function and private variables live in one region per
// address space with a slice per invocation. Scalars are 4 bytes and 4-aligned (f16 is
// refused), so typed-array views at index addr >> 2 do every load and store.

export type RegionSpace = 'function' | 'private' | 'workgroup' | 'storage' | 'uniform' | 'texture';

export class Region {
  readonly f32: Float32Array;
  readonly i32: Int32Array;
  readonly u32: Uint32Array;

  constructor(
    /** Variable name (workgroup, storage, uniform) or the address space (function, private). */
    readonly name: string,
    readonly space: RegionSpace,
    readonly bytes: Uint8Array,
    /** Whether accesses are reported to the hooks (shared memory that can race or conflict). */
    readonly tracked: boolean,
    /** Whether stores are allowed (false for uniform and read-only storage). */
    readonly writable: boolean,
  ) {
    const buf = bytes.buffer;
    const words = bytes.byteLength >> 2;
    this.f32 = new Float32Array(buf, bytes.byteOffset, words);
    this.i32 = new Int32Array(buf, bytes.byteOffset, words);
    this.u32 = new Uint32Array(buf, bytes.byteOffset, words);
  }

  get size(): number {
    return this.bytes.byteLength;
  }

  static zeroed(name: string, space: RegionSpace, size: number, tracked: boolean, writable = true): Region {
    return new Region(name, space, new Uint8Array(Math.max(4, Math.ceil(size / 4) * 4)), tracked, writable);
  }
}

/** How a scalar slot is stored: f32 bits, i32, u32, or bool as u32 0/1. */
export const enum ScalarKind {
  F32 = 0,
  I32 = 1,
  U32 = 2,
  BOOL = 3,
}

const f32scratch = new Float32Array(1);
const u32scratch = new Uint32Array(f32scratch.buffer);

/** The 32 bits a value is stored as. */
export function toBits(v: number, kind: ScalarKind): number {
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
    default:
      return r.u32[w]! ? 1 : 0;
  }
}
