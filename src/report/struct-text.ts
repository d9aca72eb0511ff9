// `run`'s text for a struct buffer: one line per element, by field
// (`[3] { pos: (0.5, 1), vel: (0, 0, 0) }`), the first and last elements around a count of
// the rest unless --full.
import { bindingName } from '../harness/index.js';
import type { BufferResult } from '../runner/result.js';
import type { FieldValue, StructView } from '../runner/struct-view.js';
import { formatF32 } from './numbers.js';

const HEAD = 8;
const TAIL = 2;

export function formatStructBuffer(b: BufferResult, s: StructView, full: boolean): string[] {
  const n = s.elements.length;
  const title = `${bindingName(b)}${b.name ? ` ${b.name}` : ''}: ${s.name}${s.single ? '' : `[${n}]`}`;
  if (s.single) return [`${title} = ${formatValue(s.elements[0]!)}`];
  const shown =
    full || n <= HEAD + TAIL + 2
      ? [...s.elements.keys()]
      : [...Array(HEAD).keys(), -1, ...Array.from({ length: TAIL }, (_, k) => n - TAIL + k)];
  return [`${title} =`, ...shown.map((i) => (i < 0 ? `  … ${n - HEAD - TAIL} more …` : `  [${i}] ${formatValue(s.elements[i]!)}`))];
}

// Scalars print as f32 would: integers (u32, i32 and whole floats) come out exactly as integers.
function formatValue(v: FieldValue): string {
  if (typeof v === 'number') return formatF32(v);
  if (Array.isArray(v)) return `(${v.map(formatValue).join(', ')})`;
  return `{ ${Object.entries(v)
    .map(([k, x]) => `${k}: ${formatValue(x)}`)
    .join(', ')} }`;
}
