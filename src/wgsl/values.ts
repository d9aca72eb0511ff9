// Values are flattened to arrays of scalar components ("slots"): a vec3 is 3 numbers, a
// mat2x3 is 6 (column major), an array<vec2f, 4> is 8, a struct is its members in order.
// Constant evaluation and the simulator share this representation.
import { convertScalar } from './numeric.js';
import { leafScalar, type StructType, type Type, typeName } from './types.js';

const slotCache = new WeakMap<object, number>();

export function slotCount(t: Type): number {
  switch (t.kind) {
    // A texture or sampler value (opaque) is a handle: the index of its module-scope variable.
    case 'scalar':
    case 'atomic':
    case 'opaque':
      return 1;
    case 'vec':
      return t.n;
    case 'mat':
      return t.cols * t.rows;
    case 'array': {
      if (t.count === null) throw new Error(`a runtime-sized ${typeName(t)} has no value representation`);
      return t.count * slotCount(t.elem);
    }
    case 'struct': {
      let n = slotCache.get(t);
      if (n === undefined) {
        n = t.members.reduce((acc, m) => acc + slotCount(m.type), 0);
        slotCache.set(t, n);
      }
      return n;
    }
    default:
      throw new Error(`type ${typeName(t)} has no value representation`);
  }
}

/** First slot of member `index` of a struct value. */
export function memberSlotOffset(s: StructType, index: number): number {
  let off = 0;
  for (let i = 0; i < index; i++) off += slotCount(s.members[i]!.type);
  return off;
}

/** The all-zero value of a type. */
export function zeroValue(t: Type): number[] {
  return new Array<number>(slotCount(t)).fill(0);
}

/** Converts a flattened value to another type with the same shape (abstract → concrete, or T(e) conversions). */
export function convertValue(v: number[], from: Type, to: Type): number[] {
  const fs = leafScalar(from);
  const ts = leafScalar(to);
  if (!fs || !ts || fs.name === ts.name) return v;
  return v.map((x) => convertScalar(x, fs.name, ts.name));
}
