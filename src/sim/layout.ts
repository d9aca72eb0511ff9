// How a value of a type maps onto memory: the byte offset and scalar kind of every slot,
// grouped into access units (a scalar, or a whole vector / matrix column), which is the
// granularity of one memory instruction for the bank model and the race detector.
import { ScalarKind } from './memory.js';
import { matrixColumnStride, strideOf, type ScalarType, type Type, typeName } from '../wgsl/types.js';

export interface AccessUnit {
  /** Byte offset of the unit within the value. */
  offset: number;
  /** Bytes the unit occupies (12 for a vec3). */
  bytes: number;
  /** Bytes one lane moves, for bank phases (a vec3 counts as 16). */
  width: number;
  /** First slot of the unit in the flattened value, and its slot count. */
  slot: number;
  slots: number;
  kind: ScalarKind;
}

export interface LeafPlan {
  slots: number;
  offsets: Int32Array;
  kinds: Uint8Array;
  units: AccessUnit[];
}

export function scalarKind(s: ScalarType): ScalarKind {
  switch (s.name) {
    case 'f32':
      return ScalarKind.F32;
    case 'i32':
      return ScalarKind.I32;
    case 'u32':
      return ScalarKind.U32;
    case 'bool':
      return ScalarKind.BOOL;
    case 'f16':
      return ScalarKind.F16;
    default:
      throw new Error(`internal: ${s.name} has no memory representation in the simulator`);
  }
}

const cache = new WeakMap<object, LeafPlan>();

export function leafPlan(t: Type): LeafPlan {
  const hit = cache.get(t);
  if (hit) return hit;
  const offsets: number[] = [];
  const kinds: number[] = [];
  const units: AccessUnit[] = [];
  const visit = (ty: Type, base: number) => {
    switch (ty.kind) {
      case 'scalar':
      case 'atomic': {
        const s = ty.kind === 'atomic' ? ty.elem : ty;
        const size = s.name === 'f16' ? 2 : 4;
        units.push({ offset: base, bytes: size, width: size, slot: offsets.length, slots: 1, kind: scalarKind(s) });
        offsets.push(base);
        kinds.push(scalarKind(s));
        return;
      }
      case 'vec': {
        const k = scalarKind(ty.elem);
        const size = ty.elem.name === 'f16' ? 2 : 4;
        // A vec3 moves as much as a vec4 (16 bytes, or 8 for vec3h) in the bank model.
        const width = size * (ty.n === 3 ? 4 : ty.n);
        units.push({ offset: base, bytes: size * ty.n, width, slot: offsets.length, slots: ty.n, kind: k });
        for (let c = 0; c < ty.n; c++) {
          offsets.push(base + size * c);
          kinds.push(k);
        }
        return;
      }
      case 'mat': {
        const stride = matrixColumnStride(ty);
        for (let c = 0; c < ty.cols; c++) visit({ kind: 'vec', n: ty.rows, elem: ty.elem }, base + c * stride);
        return;
      }
      case 'array': {
        if (ty.count === null) throw new Error('internal: runtime-sized arrays have no value layout');
        const stride = strideOf(ty);
        for (let i = 0; i < ty.count; i++) visit(ty.elem, base + i * stride);
        return;
      }
      case 'struct':
        for (const m of ty.members) visit(m.type, base + m.offset);
        return;
      default:
        throw new Error(`internal: ${typeName(ty)} has no memory layout`);
    }
  };
  visit(t, 0);
  const plan: LeafPlan = { slots: offsets.length, offsets: Int32Array.from(offsets), kinds: Uint8Array.from(kinds), units };
  cache.set(t, plan);
  return plan;
}

/**
 * The granule the race detector tracks a variable at: 2 bytes when it holds f16 values (two
 * f16 sharing a word are distinct memory locations in WGSL), else 4.
 */
export function granuleOf(t: Type): 2 | 4 {
  const holdsF16 = (ty: Type): boolean => {
    switch (ty.kind) {
      case 'scalar':
        return ty.name === 'f16';
      case 'vec':
      case 'mat':
        return ty.elem.name === 'f16';
      case 'array':
        return holdsF16(ty.elem);
      case 'struct':
        return ty.members.some((m) => holdsF16(m.type));
      default:
        return false;
    }
  };
  return holdsF16(t) ? 2 : 4;
}

/** Entries a write records per lane for the race detector: one per word, or one per f16. */
export function bitsPerLane(u: AccessUnit): number {
  return u.kind === ScalarKind.F16 ? u.slots : u.bytes >> 2;
}
