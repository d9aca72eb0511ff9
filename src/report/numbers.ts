// Number formatting for buffers: the shortest decimal that reads back as the same f32, so
// 0.1f prints as 0.1 rather than the double 0.10000000149011612.
import type { ElementType } from '../harness/index.js';
import { roundF16 } from '../numbers/f16.js';

export function formatF32(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  if (Object.is(v, -0)) return '-0';
  if (Number.isInteger(v) && Math.abs(v) < 1e21) return String(v);
  for (let p = 1; p <= 9; p++) {
    const s = v.toPrecision(p);
    if (Math.fround(Number(s)) === v) return String(Number(s));
  }
  return String(v);
}

/** The shortest decimal that reads back as the same f16 (0.1h prints as 0.1). */
function formatF16(v: number): string {
  if (!Number.isFinite(v) || Object.is(v, -0) || Number.isInteger(v)) return formatF32(v);
  for (let p = 1; p <= 5; p++) {
    const s = v.toPrecision(p);
    if (roundF16(Number(s)) === v) return String(Number(s));
  }
  return String(v);
}

export function formatElement(v: number, type: ElementType): string {
  return type === 'f32' ? formatF32(v) : type === 'f16' ? formatF16(v) : String(v);
}

/** `[a, b, c]`, or the first `head` and last `tail` values around a count of the rest. */
export function formatValues(values: ArrayLike<number>, type: ElementType, full: boolean, head = 16, tail = 4): string {
  const n = values.length;
  const parts: string[] = [];
  if (full || n <= head + tail + 4) {
    for (let i = 0; i < n; i++) parts.push(formatElement(values[i]!, type));
  } else {
    for (let i = 0; i < head; i++) parts.push(formatElement(values[i]!, type));
    parts.push(`… ${n - head - tail} more …`);
    for (let i = n - tail; i < n; i++) parts.push(formatElement(values[i]!, type));
  }
  return `[${parts.join(', ')}]`;
}
