// Checks a benchmark's output once against the CPU, streaming over the data rather than
// building whole reference arrays (the full-size inputs are 2^28 elements). The tolerances
// for f32 are the bounds of kernels/bounds.ts; everything else must match exactly.
import type { ElementArray } from '../kernels/index.js';
import { compensatedSumBound, f32ScanBound, f32SumBound, matmulBound, stencilBound } from '../kernels/bounds.js';
import { accurateSum, referenceReduce, referenceSumExact, sumOfMagnitudes } from '../kernels/reference.js';

/** undefined when the output is right, else what is wrong. */
export type Verdict = string | undefined;

export function checkCopy(out: Float32Array, input: Float32Array, n: number): Verdict {
  for (let i = 0; i < n; i++) if (!Object.is(out[i], input[i])) return `element ${i}: ${out[i]} instead of ${input[i]}`;
  return undefined;
}

export function checkReduce(out: ArrayBuffer, input: ElementArray, op: 'sum' | 'min' | 'max' | 'sum-exact' | 'sum-compensated'): Verdict {
  if (op === 'sum-exact') {
    const [lo, hi] = new Uint32Array(out);
    const got = (BigInt(hi!) << 32n) | BigInt(lo!);
    const want = BigInt.asUintN(64, referenceSumExact(input as Uint32Array | Int32Array));
    return got === want ? undefined : `${got} instead of ${want}`;
  }
  if (input instanceof Float32Array && (op === 'sum' || op === 'sum-compensated')) {
    const [s, c] = new Float32Array(out);
    const got = op === 'sum' ? s! : s! + c!;
    const want = accurateSum(input);
    const abs = sumOfMagnitudes(input);
    const bound = op === 'sum' ? f32SumBound(input.length, abs) : compensatedSumBound(input.length, abs, want);
    return Math.abs(got - want) <= bound ? undefined : `${got} instead of ${want} (bound ${bound})`;
  }
  const view =
    input instanceof Float32Array ? new Float32Array(out) : input instanceof Int32Array ? new Int32Array(out) : new Uint32Array(out);
  const want = referenceReduce(input, op as 'sum' | 'min' | 'max');
  return view[0] === want ? undefined : `${view[0]} instead of ${want}`;
}

export function checkScan(out: ElementArray, input: ElementArray, exclusive: boolean): Verdict {
  let s = 0;
  let abs = 0;
  for (let i = 0; i < input.length; i++) {
    const x = input[i]!;
    const next = input instanceof Float32Array ? s + x : input instanceof Int32Array ? (s + x) | 0 : (s + x) >>> 0;
    const want = exclusive ? s : next;
    if (!exclusive) abs += Math.abs(x);
    const ok = input instanceof Float32Array ? Math.abs(out[i]! - want) <= f32ScanBound(i, abs) : out[i] === want;
    if (!ok) return `element ${i}: ${out[i]} instead of ${want}`;
    if (exclusive) abs += Math.abs(x);
    s = next;
  }
  return undefined;
}

export function checkHistogram(out: Uint32Array, keys: Uint32Array, bins: number): Verdict {
  const counts = new Uint32Array(bins + 1);
  for (const k of keys) counts[k < bins ? k : bins]!++;
  const i = counts.findIndex((c, b) => c !== out[b]);
  return i < 0 ? undefined : `${i === bins ? 'out-of-range total' : `bin ${i}`}: ${out[i]} instead of ${counts[i]}`;
}

export function checkTranspose(out: Float32Array, input: Float32Array, rows: number, cols: number): Verdict {
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!Object.is(out[c * rows + r], input[r * cols + c])) return `(${c}, ${r}): ${out[c * rows + r]} instead of ${input[r * cols + c]}`;
    }
  }
  return undefined;
}

/** One step of the stencil, in double precision, element by element. */
export function checkStencil(out: Float32Array, x: Float32Array, kind: 'neighbour-average' | 'smooth3'): Verdict {
  const n = x.length;
  let max = 0;
  for (const v of x) max = Math.max(max, Math.abs(v));
  const bound = stencilBound(kind, 1, max);
  for (let i = 0; i < n; i++) {
    const left = x[Math.max(i - 1, 0)]!;
    const want = kind === 'neighbour-average' ? (x[i]! + left) / 2 : (left + x[i]! + x[Math.min(i + 1, n - 1)]!) / 3;
    if (Math.abs(out[i]! - want) > bound) return `element ${i}: ${out[i]} instead of ${want}`;
  }
  return undefined;
}

/** The sorted keys or values against the CPU's stable sort, element by element. */
export function checkSorted(out: Uint32Array, want: Uint32Array, what: 'key' | 'value'): Verdict {
  for (let i = 0; i < want.length; i++) if (out[i] !== want[i]) return `${what} ${i}: ${out[i]} instead of ${want[i]}`;
  return undefined;
}

/**
 * C = A · B for side × side matrices, checked at `samples` elements spread over C (every
 * row and column class), each against its dot product in double precision: the full
 * product of a 4096² benchmark would take the CPU minutes.
 */
export function checkMatmul(out: Float32Array, a: Float32Array, b: Float32Array, side: number, samples = 256): Verdict {
  for (let s = 0; s < samples; s++) {
    const r = (s * 7919) % side;
    const c = (s * 104729 + (s >> 3)) % side;
    let want = 0;
    let size = 0;
    for (let k = 0; k < side; k++) {
      const p = a[r * side + k]! * b[k * side + c]!;
      want += p;
      size += Math.abs(p);
    }
    const got = out[r * side + c]!;
    const bound = matmulBound(side, size, want, 'f32');
    if (!(Math.abs(got - want) <= bound)) return `C(${r}, ${c}): ${got} instead of ${want} (bound ${bound})`;
  }
  return undefined;
}
