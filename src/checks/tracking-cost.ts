// What the checks' per-word tracking tables cost, for the memory budget. The race detector
// and the never-written-read check keep their per-word state in pages of TRACKING_PAGE_WORDS
// words, allocated when an access first lands in the page, so their memory follows the
// words a kernel touches, not the sizes of the buffers it declares.

/** Words per page of a tracking table (4 KiB of a buffer). */
export const TRACKING_PAGE_WORDS = 1024;

/** 32-bit fields per word of an interval table (epoch, site, lane, second lane, bits, flags). */
export const INTERVAL_FIELDS = 6;
/** 32-bit fields per word of a cross-workgroup table (site, wg, lane, second wg, second lane, bits, flags). */
export const CROSS_FIELDS = 7;

/**
 * Worst-case bytes of race-tracking state per word of a tracked region: a storage word
 * has interval tables of its readers and writers and cross-workgroup tables of both. Pages
 * are whole, so the tables of a region hold at most this × 1024 × the pages touched (at
 * most this × the region's words), plus short lists for words that several sites access.
 */
export const RACE_BYTES_PER_TOUCHED_WORD = (2 * INTERVAL_FIELDS + 2 * CROSS_FIELDS) * 4;

/**
 * The race tables per tracked location (a 4-byte word, or a 2-byte half in a region holding
 * f16): interval tables of its readers and writers, plus, for storage buffers and textures
 * (races across workgroups), cross-workgroup tables of both. The budget counts the worst
 * case, a kernel touching every word of every writable region.
 */
export const RACE_BYTES_PER_LOCATION = {
  workgroup: 2 * INTERVAL_FIELDS * 4,
  storage: RACE_BYTES_PER_TOUCHED_WORD,
} as const;

/** Bytes of never-written-read state per word of workgroup memory (an epoch stamp), paged as above. */
export const INIT_BYTES_PER_TOUCHED_WORD = 4;

/** 32-bit fields of a record of a part's log (a parallel analysis, cross-log.ts). */
export const LOG_RECORD_FIELDS = 12;

/**
 * Worst-case bytes per word of a part's log, which a part of a parallel analysis keeps in
 * place of the cross-workgroup tables: the word's last record (4 bytes, paged like the
 * tables) and two records (a word that one workgroup reads and writes at two sites; the
 * third and later workgroups of a site join a tail record).
 */
export const LOG_BYTES_PER_TOUCHED_WORD = 4 + 2 * LOG_RECORD_FIELDS * 4;

/** Bytes per word that several parts share in the merge: the parts' exported records and one set of cross tables to replay them. */
export const MERGE_BYTES_PER_SHARED_WORD = 2 * LOG_RECORD_FIELDS * 4 + 2 * CROSS_FIELDS * 4;
