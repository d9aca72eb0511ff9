// `run`'s text for a struct buffer: one line per element, by field
// (`[3] { pos: (0.5, 1), vel: (0, 0, 0) }`), the first and last elements around a count of
// the rest unless --full.
import { bindingName } from '../harness/index.js';
import type { BufferResult } from '../runner/result.js';
import type { FieldValue, StructView } from '../runner/struct-view.js';
import { formatF32 } from './numbers.js';

const HEAD = 8;
const TAIL = 2;
const LONG_ARRAY = 24;

export function formatStructBuffer(b: BufferResult, s: StructView, full: boolean): string[] {
  const n = s.elements.length;
  const title = `${bindingName(b)}${b.name ? ` ${b.name}` : ''}: ${s.name}${s.single ? '' : `[${n}]`}`;
  const formatValue = (v: FieldValue) => formatField(v, full);
  if (s.single) return [`${title} = ${formatValue(s.elements[0]!)}`];
  const shown =
    full || n <= HEAD + TAIL + 2
      ? [...s.elements.keys()]
      : [...Array(HEAD).keys(), -1, ...Array.from({ length: TAIL }, (_, k) => n - TAIL + k)];
  return [`${title} =`, ...shown.map((i) => (i < 0 ? `  … ${n - HEAD - TAIL} more …` : `  [${i}] ${formatValue(s.elements[i]!)}`))];
}

// Scalars print as f32 would: integers (u32, i32 and whole floats) come out exactly as integers.
// Long arrays (a runtime-sized member) show their first and last values unless `full`.
function formatField(v: FieldValue, full: boolean): string {
  if (typeof v === 'number') return formatF32(v);
  if (Array.isArray(v)) {
    const long = !full && v.length > LONG_ARRAY;
    const parts = (long ? v.slice(0, 16) : v).map((x) => formatField(x, full));
    if (long) parts.push(`… ${v.length - 20} more …`, ...v.slice(-4).map((x) => formatField(x, full)));
    return `(${parts.join(', ')})`;
  }
  return `{ ${Object.entries(v)
    .map(([k, x]) => `${k}: ${formatField(x, full)}`)
    .join(', ')} }`;
}
