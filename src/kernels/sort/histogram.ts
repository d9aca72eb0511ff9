// The histogram stage of the sort pass: the tile's count of each digit. Where the ranking
// makes them (digit_count, from the subgroups' counters), or, with onesweep's early counts,
// right after loading (early_count, workgroup atomics), so that they are published before
// the ranking; and the look-back's fallback, which counts a silent predecessor's digit from
// its keys.
import { countsAreEarly, digitOf, eachKey, type SortShaderSpec } from './spec.js';

/** The tile's digit counts as the ranking writes them, unless they are the early counts. */
export function digitCountDeclaration(s: SortShaderSpec): string {
  return countsAreEarly(s) ? "// The tile's digit counts are the early counts." : 'var<workgroup> digit_count: array<u32, 256>;';
}

/** The early counts' array (onesweep with early counts only). */
export function earlyCountDeclaration(s: SortShaderSpec): string {
  return s.early !== 'none' ? 'var<workgroup> early_count: array<atomic<u32>, 256>;' : '';
}

/** Adds each of the lane's keys to its digit's early count (keys past n count in digit 255). */
export function countEarly(s: SortShaderSpec): string {
  return eachKey(s, `atomicAdd(&early_count[${digitOf('keys[i]')}], 1u);`);
}

/** count_in_tile: the look-back's fallback, one digit of one tile counted from the input. */
export function countInTile(): string {
  return `// The fallback: how many keys of tile \`t\` have digit d, counted from the input.
fn count_in_tile(t: u32, d: u32) -> u32 {
  var c = 0u;
  let end = min((t + 1u) * TILE, P.n);
  for (var j = t * TILE; j < end; j++) { c += select(0u, 1u, ${digitOf('keys_in[j]')} == d); }
  return c;
}`;
}
