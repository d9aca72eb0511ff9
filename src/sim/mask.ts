// A set of active invocations (lanes) of a workgroup, in ascending lane order. Every
// compiled statement and expression runs for a whole mask at once: that is the lockstep
// execution the bank-conflict model and barrier checks rely on.

export class Mask {
  constructor(
    readonly lanes: Int32Array,
    readonly n: number,
  ) {}

  static all(count: number): Mask {
    const lanes = new Int32Array(count);
    for (let i = 0; i < count; i++) lanes[i] = i;
    return new Mask(lanes, count);
  }

  static readonly EMPTY = new Mask(new Int32Array(0), 0);
}

/** Splits a mask by a per-lane condition (values indexed by lane). */
export function splitMask(m: Mask, cond: Float64Array): [Mask, Mask] {
  // Uniform conditions are the common case: no new masks then.
  let trues = 0;
  for (let k = 0; k < m.n; k++) if (cond[m.lanes[k]!]) trues++;
  if (trues === m.n) return [m, Mask.EMPTY];
  if (trues === 0) return [Mask.EMPTY, m];
  const t = new Int32Array(m.n);
  const f = new Int32Array(m.n);
  let nt = 0;
  let nf = 0;
  for (let k = 0; k < m.n; k++) {
    const l = m.lanes[k]!;
    if (cond[l]) t[nt++] = l;
    else f[nf++] = l;
  }
  return [nt ? new Mask(t, nt) : Mask.EMPTY, nf ? new Mask(f, nf) : Mask.EMPTY];
}

/** Union of two disjoint sorted masks, sorted. */
export function mergeMasks(a: Mask, b: Mask): Mask {
  if (!a.n) return b;
  if (!b.n) return a;
  const out = new Int32Array(a.n + b.n);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.n && j < b.n) out[k++] = a.lanes[i]! < b.lanes[j]! ? a.lanes[i++]! : b.lanes[j++]!;
  while (i < a.n) out[k++] = a.lanes[i++]!;
  while (j < b.n) out[k++] = b.lanes[j++]!;
  return new Mask(out, k);
}

/** Builds a mask from a list of lanes collected in any order. */
export function maskOf(lanes: number[]): Mask {
  if (!lanes.length) return Mask.EMPTY;
  const arr = Int32Array.from(lanes).sort();
  return new Mask(arr, arr.length);
}
