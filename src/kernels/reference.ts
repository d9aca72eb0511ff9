// CPU references for every primitive: plain loops whose results the GPU is checked
// against. Integer results follow WGSL's wrapping arithmetic; f32 sums and stencils are
// computed in double precision (the true value, up to a negligible error), so the GPU's
// f32 result is judged against the bounds in bounds.ts.
import type { ElementArray } from './buffers.js';
import type { StencilKind } from './stencil.js';

/** Sum (wrapping for integers, accurate for f32), min or max; the identity when empty. */
export function referenceReduce(values: ElementArray, op: 'sum' | 'min' | 'max'): number {
  if (op === 'sum') {
    if (values instanceof Float32Array) return accurateSum(values);
    let s = 0;
    for (const v of values) s = values instanceof Int32Array ? (s + v) | 0 : (s + v) >>> 0;
    return s;
  }
  let r = op === 'min' ? identityMin(values) : identityMax(values);
  for (const v of values) r = op === 'min' ? Math.min(r, v) : Math.max(r, v);
  return r;
}

function identityMin(values: ElementArray): number {
  return values instanceof Float32Array ? Infinity : values instanceof Int32Array ? 2147483647 : 4294967295;
}

function identityMax(values: ElementArray): number {
  return values instanceof Float32Array ? -Infinity : values instanceof Int32Array ? -2147483648 : 0;
}

/** Neumaier's compensated sum in double precision: exact to far below f32's resolution. */
export function accurateSum(values: ArrayLike<number>): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    s = t;
  }
  return s + c;
}

export function sumOfMagnitudes(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += Math.abs(values[i]!);
  return s;
}

/** The true sum of 32-bit integers. */
export function referenceSumExact(values: Int32Array | Uint32Array): bigint {
  // Number sums stay exact below 2^53; fold into a bigint well before that.
  let total = 0n;
  let part = 0;
  for (let i = 0; i < values.length; i++) {
    part += values[i]!;
    if ((i & 0xfffff) === 0xfffff) {
      total += BigInt(part);
      part = 0;
    }
  }
  return total + BigInt(part);
}

/**
 * Inclusive or exclusive prefix sums: wrapping for integers (same array type), double
 * precision for f32 (a Float64Array).
 */
export function referenceScan(values: ElementArray, exclusive: boolean): ElementArray | Float64Array {
  const out =
    values instanceof Float32Array
      ? new Float64Array(values.length)
      : values instanceof Int32Array
        ? new Int32Array(values.length)
        : new Uint32Array(values.length);
  let s = 0;
  for (let i = 0; i < values.length; i++) {
    const next =
      values instanceof Float32Array ? s + values[i]! : values instanceof Int32Array ? (s + values[i]!) | 0 : (s + values[i]!) >>> 0;
    out[i] = exclusive ? s : next;
    s = next;
  }
  return out;
}

export function referenceHistogram(keys: Uint32Array, bins: number): { counts: Uint32Array; outOfRange: number } {
  const counts = new Uint32Array(bins);
  let outOfRange = 0;
  for (const k of keys) {
    if (k < bins) counts[k]!++;
    else outOfRange++;
  }
  return { counts, outOfRange };
}

export function referenceTranspose(values: Float32Array, rows: number, cols: number): Float32Array {
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) out[c * rows + r] = values[r * cols + c]!;
  }
  return out;
}

/** `steps` applications of the stencil, in double precision. */
export function referenceStencil(values: Float32Array, kind: StencilKind, steps: number): Float64Array {
  let x = Float64Array.from(values);
  const n = x.length;
  for (let s = 0; s < steps; s++) {
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const left = x[Math.max(i - 1, 0)]!;
      y[i] = kind === 'neighbour-average' ? (x[i]! + left) / 2 : (left + x[i]! + x[Math.min(i + 1, n - 1)]!) / 3;
    }
    x = y;
  }
  return x;
}

/**
 * Stable sort of u32 keys, and of values by their keys (equal keys keep their input order):
 * a CPU LSD radix sort with 16-bit digits, two counting passes, fast enough for 2^28 keys.
 * The values are moved as bits, whatever their element type.
 */
export function referenceSort(keys: Uint32Array): Uint32Array;
export function referenceSort<V extends ElementArray>(keys: Uint32Array, values: V): { keys: Uint32Array; values: V };
export function referenceSort(keys: Uint32Array, values?: ElementArray): Uint32Array | { keys: Uint32Array; values: ElementArray } {
  const n = keys.length;
  let k = Uint32Array.from(keys);
  let v = values ? Uint32Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length)) : undefined;
  let k2 = new Uint32Array(n);
  let v2 = v ? new Uint32Array(n) : undefined;
  for (const shift of [0, 16]) {
    const starts = new Uint32Array(65537);
    for (let i = 0; i < n; i++) starts[((k[i]! >>> shift) & 0xffff) + 1]!++;
    for (let d = 0; d < 65536; d++) starts[d + 1]! += starts[d]!;
    for (let i = 0; i < n; i++) {
      const at = starts[(k[i]! >>> shift) & 0xffff]!++;
      k2[at] = k[i]!;
      if (v) v2![at] = v[i]!;
    }
    [k, k2] = [k2, k];
    if (v) [v, v2] = [v2!, v];
  }
  if (!values || !v) return k;
  const out = values instanceof Float32Array ? new Float32Array(v.buffer) : values instanceof Int32Array ? new Int32Array(v.buffer) : v;
  return { keys: k, values: out };
}

/** C = A · B (A m × k, B k × n, row-major) in double precision; for f16 matrices pass their values. */
export function referenceMatmul(a: ArrayLike<number>, b: ArrayLike<number>, m: number, k: number, n: number): Float64Array {
  const c = new Float64Array(m * n);
  for (let r = 0; r < m; r++) {
    for (let j = 0; j < k; j++) {
      const x = a[r * k + j]!;
      if (x === 0) continue;
      for (let col = 0; col < n; col++) c[r * n + col]! += x * b[j * n + col]!;
    }
  }
  return c;
}

/** Σ_j |A(r, j)| · |B(j, c)| for every element: what matmul's error bound scales with. */
export function matmulMagnitudes(a: ArrayLike<number>, b: ArrayLike<number>, m: number, k: number, n: number): Float64Array {
  const abs = (x: ArrayLike<number>) => Float64Array.from({ length: x.length }, (_, i) => Math.abs(x[i]!));
  return referenceMatmul(abs(a), abs(b), m, k, n);
}
