// Struct buffers read back as values by field (run's text and `run --json`'s buffers[].struct):
// each element a JSON value shaped like its WGSL type (a struct an object, a vector, matrix
// or array an array, a scalar a number), decoded from the bytes with the shader's layout.
import type { BindingInfo } from '../wgsl/reflect.js';
import { matrixColumnStride, strideOf, type Type } from '../wgsl/types.js';

export type FieldValue = number | FieldValue[] | { [field: string]: FieldValue };

export interface StructView {
  /** The struct's name. */
  name: string;
  /** True when the binding holds one struct (`var<storage> s: S`), false for an array of them. */
  single: boolean;
  /** One value per element (one for a single struct). */
  elements: { [field: string]: FieldValue }[];
}

/** The buffer's contents by field, for a binding of struct type or array-of-struct type. */
export function structView(b: BindingInfo, bytes: Uint8Array, tailCount: number | undefined): StructView | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const t = b.type;
  if (t.kind === 'struct') return { name: t.name, single: true, elements: [decode(t, 0, view, tailCount) as { [f: string]: FieldValue }] };
  if (t.kind !== 'array' || t.elem.kind !== 'struct') return undefined;
  const stride = strideOf(t);
  const count = Math.floor(bytes.byteLength / stride);
  const elements = Array.from({ length: count }, (_, i) => decode(t.elem, i * stride, view, tailCount) as { [f: string]: FieldValue });
  return { name: t.elem.name, single: false, elements };
}

function decode(t: Type, offset: number, view: DataView, tailCount: number | undefined): FieldValue {
  switch (t.kind) {
    case 'scalar':
    case 'atomic': {
      const s = t.kind === 'atomic' ? t.elem.name : t.name;
      return s === 'f32' ? view.getFloat32(offset, true) : s === 'i32' ? view.getInt32(offset, true) : view.getUint32(offset, true);
    }
    case 'vec':
      return Array.from({ length: t.n }, (_, c) => decode(t.elem, offset + 4 * c, view, tailCount));
    case 'mat':
      return Array.from({ length: t.cols }, (_, c) =>
        decode({ kind: 'vec', n: t.rows, elem: t.elem }, offset + c * matrixColumnStride(t), view, tailCount),
      );
    case 'array': {
      const n = t.count ?? tailCount ?? 0;
      return Array.from({ length: n }, (_, k) => decode(t.elem, offset + k * strideOf(t), view, tailCount));
    }
    case 'struct':
      return Object.fromEntries(t.members.map((m) => [m.name, decode(m.type, offset + m.offset, view, tailCount)]));
    default:
      return 0;
  }
}
