// The scan stage of the sort pass: the subgroups' digit counts become their starts (a scan
// over subgroups per digit pair, in the counters), and the tile's digit counts become each
// digit's first position in the tile (scan_digits, an exclusive scan over the 256 digits:
// subgroup scans, or Hillis–Steele in the emulation's arrays).
import { WORKGROUP } from '../wgsl.js';
import { counterArray, countsAreEarly, digitCount, scanBeforeRanking, type SortShaderSpec } from './spec.js';

/** Each digit's first position in the tile. */
export const DIGIT_FIRST_DECLARATION = 'var<workgroup> digit_first: array<u32, 256>;';

// Exclusive scan of one value per position over the 256 positions (digit d at position d).
export function digitScan(s: SortShaderSpec): string {
  if (s.subgroups) {
    return `
var<workgroup> sg_sums: array<u32, 64>;
fn scan_digits(x: u32, at: Place) -> u32 {
  let within = subgroupExclusiveAdd(x);
  let total = subgroupAdd(x);
  if (subgroupElect()) { sg_sums[at.slot % 64u] = total; }
  workgroupBarrier();
  var before = 0u;
  for (var s = 0u; s < at.slot; s++) { before += sg_sums[s]; }
  return before + within;
}`;
  }
  // Hillis–Steele over 256 entries, double-buffered in the emulation's two arrays.
  return `
fn scan_digits(x: u32, at: Place) -> u32 {
  posted[at.pos] = x;
  workgroupBarrier();
  var from_posted = true;
  for (var off = 1u; off < ${WORKGROUP}u; off <<= 1u) {
    var v: u32;
    if (from_posted) {
      v = posted[at.pos];
      if (at.pos >= off) { v += posted[at.pos - off]; }
      relay[at.pos] = v;
    } else {
      v = relay[at.pos];
      if (at.pos >= off) { v += relay[at.pos - off]; }
      posted[at.pos] = v;
    }
    from_posted = !from_posted;
    workgroupBarrier();
  }
  let inclusive = select(relay[at.pos], posted[at.pos], from_posted);
  workgroupBarrier();
  return inclusive - x;
}`;
}

/**
 * rank_tile's middle, after the ranking's barrier: per digit pair (one word of the
 * counters), the subgroups' counts in order become their starts, and the tile's counts
 * (unless they are the early counts) are written to digit_count; then the digit scan, unless
 * it ran before the ranking (startsInCounters).
 */
export function subgroupStarts(s: SortShaderSpec): string {
  const early = scanBeforeRanking(s);
  const C = counterArray(s);
  return `
  // Per digit pair (one word), the counts of the subgroups in order become their starts${early ? " (from the pair's first positions)" : ''}.
  let used = ${s.subgroups ? 'atomicLoad(&claims) >> 16u' : '8u'};
  if (pos < 128u) {
    var acc = ${early ? 'digit_first[2u * pos] | (digit_first[2u * pos + 1u] << 16u)' : '0u'};
    for (var s = 0u; s < used; s++) {
      let c = atomicLoad(&${C}[s * 128u + pos]);
      atomicStore(&${C}[s * 128u + pos], acc);
      acc += c;
    }${
      !countsAreEarly(s)
        ? `
    digit_count[2u * pos] = acc & 0xffffu;
    digit_count[2u * pos + 1u] = acc >> 16u;`
        : ''
    }
  }
  workgroupBarrier();${
    early
      ? ''
      : `
  let first = scan_digits(${digitCount(s, 'pos')}, at);
  digit_first[pos] = first;
  workgroupBarrier();`
  }`;
}
