// Deterministic `random()` for init expressions.
//
// The value for element i of @group(g) @binding(b), at the k-th random() call
// site of the expression (k = 0, 1, ... counted left to right in the source),
// is
//
//     h = MurmurHash3_x86_32(message = [g, b, i, k] as four little-endian u32
//                            words (16 bytes), seed = 0)
//     random() = (h >>> 8) / 2^24
//
// i.e. the top 24 bits of the hash as a fraction in [0, 1). It is a pure
// function of (g, b, i, k): no state, so filling a buffer forwards, backwards
// or only a sub-range gives the same numbers, and every JS engine (and any
// other language implementing MurmurHash3) reproduces them bit for bit
// because only 32-bit integer operations (Math.imul, shifts, xor) are used.
// 24 bits also make every value exactly representable as an f32, so an f32
// buffer stores the very same number that was generated.

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/** One MurmurHash3_x86_32 body round: mixes the 32-bit word `k` into state `h`. */
function mixWord(h: number, k: number): number {
  k = Math.imul(k, C1);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, C2);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** MurmurHash3 finalizer (fmix32): spreads every input bit over the output. */
function finalize(h: number, byteLength: number): number {
  h ^= byteLength;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** MurmurHash3_x86_32 of a message made of whole 32-bit words (little-endian). Unsigned result. */
export function murmur3Words(words: readonly number[], seed = 0): number {
  let h = seed | 0;
  for (const w of words) h = mixWord(h, w | 0);
  return finalize(h, words.length * 4);
}

const TWO_POW_MINUS_24 = 1 / 16777216;

/** random() for one element and call site; see the comment at the top of this file. */
export function randomUnit(group: number, binding: number, index: number, site: number): number {
  return (murmur3Words([group, binding, index, site]) >>> 8) * TWO_POW_MINUS_24;
}

/**
 * Same as `randomUnit(group, binding, i, site)` as a function of i, with the
 * (group, binding) prefix of the hash mixed in once up front, so filling
 * millions of elements costs two word rounds each.
 */
export function randomSite(group: number, binding: number, site: number): (index: number) => number {
  const prefix = mixWord(mixWord(0, group | 0), binding | 0);
  const k = site | 0;
  return (index) => (finalize(mixWord(mixWord(prefix, index | 0), k), 16) >>> 8) * TWO_POW_MINUS_24;
}
