// Covering arrays of strength 2: a few option combinations in which every value of every
// option meets every value of every other option at least once. Kernels whose full option
// space is too large to simulate in the fast test tier are checked on such a set: a defect
// that needs two options to show is still met.
//
// Options that do not apply to a combination (a look-back window when there is no
// look-back) are left out of it (`applies`), and their pairs are only counted where they
// apply. Combinations the library refuses are never made (`valid`). A pair that no valid
// combination holds is reported in `impossible`, so that the caller can say which ones
// those are (a test names them).

import { rng } from '../../src/numbers/rng.js';

export type Factors = Record<string, readonly unknown[]>;
export type Row<F extends Factors> = { [K in keyof F]?: F[K][number] };

export interface PairwiseOptions<F extends Factors> {
  /** Whether option `name` applies to a combination (default: always). */
  applies?: (row: Row<F>, name: keyof F) => boolean;
  /** Whether the library accepts a combination (default: always). */
  valid?: (row: Row<F>) => boolean;
  /** Seed of the choices (the result is a function of the factors and the seed). */
  seed: number;
  /** Random combinations tried per pair before the pair is called impossible (default 400). */
  tries?: number;
}

export interface Covering<F extends Factors> {
  rows: Row<F>[];
  /** Pairs, as `name=value & name=value`, that no valid combination was found to hold. */
  impossible: string[];
}

/** A pair's key: the two options in declaration order. */
/** `name=value` for every value of a factor that no row takes: empty when each one is met. */
export function missingValues<F extends Factors>(factors: F, rows: readonly Row<F>[]): string[] {
  return Object.entries(factors).flatMap(([name, values]) =>
    values.filter((v) => !rows.some((r) => r[name as keyof F] === v)).map((v) => `${name}=${String(v)}`),
  );
}

export function pairKey(a: string, va: unknown, b: string, vb: unknown): string {
  return `${a}=${String(va)} & ${b}=${String(vb)}`;
}

/** The pairs a combination covers (options that do not apply cover none). */
export function pairsOf<F extends Factors>(factors: F, row: Row<F>, applies: (row: Row<F>, name: keyof F) => boolean): string[] {
  const names = Object.keys(factors).filter((n) => applies(row, n));
  const out: string[] = [];
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) out.push(pairKey(names[i]!, row[names[i]!], names[j]!, row[names[j]!]));
  return out;
}

/** Every pair of values of two different options. */
function allPairs(factors: Factors): { key: string; a: string; va: unknown; b: string; vb: unknown }[] {
  const names = Object.keys(factors);
  const out = [];
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++)
      for (const va of factors[names[i]!]!)
        for (const vb of factors[names[j]!]!) out.push({ key: pairKey(names[i]!, va, names[j]!, vb), a: names[i]!, va, b: names[j]!, vb });
  return out;
}

/**
 * Greedy covering (AETG-like): while a pair is uncovered, draw random valid combinations
 * that hold it and keep the one covering the most uncovered pairs.
 */
export function pairwise<F extends Factors>(factors: F, options: PairwiseOptions<F>): Covering<F> {
  const applies = options.applies ?? (() => true);
  const valid = options.valid ?? (() => true);
  const tries = options.tries ?? 400;
  const next = rng(options.seed);
  const names = Object.keys(factors) as (keyof F & string)[];
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  // Inapplicable options are dropped, so equal combinations compare equal.
  const normal = (row: Row<F>): Row<F> => {
    const out: Row<F> = {};
    for (const n of names) if (applies(row, n)) out[n] = row[n];
    return out;
  };
  const uncovered = new Set(allPairs(factors).map((p) => p.key));
  const pairs = allPairs(factors);
  const rows: Row<F>[] = [];
  const impossible: string[] = [];
  for (const p of pairs) {
    if (!uncovered.has(p.key)) continue;
    let best: { row: Row<F>; gain: number } | undefined;
    for (let t = 0, found = 0; t < tries && found < 24; t++) {
      const row = {} as Row<F>;
      for (const n of names) row[n] = pick(factors[n]!);
      row[p.a as keyof F] = p.va as F[keyof F][number];
      row[p.b as keyof F] = p.vb as F[keyof F][number];
      if (!valid(row) || !applies(row, p.a) || !applies(row, p.b)) continue;
      found++;
      const gain = pairsOf(factors, row, applies).filter((k) => uncovered.has(k)).length;
      if (!best || gain > best.gain) best = { row, gain };
    }
    if (!best) {
      impossible.push(p.key);
      uncovered.delete(p.key);
      continue;
    }
    for (const k of pairsOf(factors, best.row, applies)) uncovered.delete(k);
    rows.push(normal(best.row));
  }
  return { rows, impossible };
}
