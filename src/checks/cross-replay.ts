// The cross-workgroup race check run on logs (cross-log.ts) instead of live accesses: each
// record (one workgroup's accesses of a word at one site) is checked against the table of
// the workgroups before it and then entered, through the one-thread detector's own table
// (races.ts CrossTable), so the findings — pairs, counts, values, clamping, the conflict
// that names each finding and when it was found — are the ones the one-thread check makes.
// A part replays the words only it touched; the merge of a parallel analysis replays the
// words several parts share, the parts' records in workgroup order.
import { CrossTable, type RaceRecord, type Side } from './races.js';
import { TRACKING_PAGE_WORDS } from './tracking-cost.js';
import { addConflict } from './race-records.js';
import {
  type CrossLog,
  F_ATOMIC,
  F_CLAMPED,
  F_PARTIAL,
  F_SAME,
  F_WRITE,
  joined,
  R_BITS,
  R_CLAMP,
  R_FLAGS,
  R_N,
  R_N_HI,
  R_ORD,
  R_ORD_HI,
  R_PREV,
  R_SITE,
  RECORD_FIELDS,
  recordLane,
  recordLastWg,
  recordWg,
} from './cross-log.js';

/** The cross-workgroup tables of one region, replayed into `into`. */
export class RegionReplay {
  private readonly writers: CrossTable;
  private readonly readers: CrossTable;

  constructor(
    private readonly variable: string,
    private readonly space: 'storage' | 'texture',
    words: number,
    private readonly into: Map<string, RaceRecord>,
  ) {
    this.writers = new CrossTable(words);
    this.readers = new CrossTable(words);
  }

  /** Checks and enters the record at `R[o…]` (a record of `word` made by part `part`). */
  apply(part: number, word: number, R: Int32Array, o: number): void {
    const f = R[o + R_FLAGS]!;
    const atomic = !!(f & F_ATOMIC);
    const write = !!(f & F_WRITE);
    const partial = !!(f & F_PARTIAL);
    const site = R[o + R_SITE]!;
    const wg = recordWg(R, o);
    const lane = recordLane(R, o);
    const bits = R[o + R_BITS]! >>> 0;
    const clamp = R[o + R_CLAMP]!;
    const count = joined(R[o + R_N]!, R[o + R_N_HI]!);
    const ordinal = joined(R[o + R_ORD]!, R[o + R_ORD_HI]!);
    const allSame = !!(f & F_SAME);
    const allClamped = !!(f & F_CLAMPED);
    const second: Side = { site, lane, wg, kind: write ? 'write' : 'read' };
    let order = 0;
    // `entryClamp`: the out-of-bounds site through which every access of the entry's
    // workgroup at its site was clamped onto the word, or -1 (races.ts CrossTable).
    const conflict = (hazard: 'RAW' | 'WAW' | 'WAR', phase: number, first: Side, benign: boolean, entryClamp: number) => {
      addConflict(this.into, {
        clampedBy: clamp >= 0 ? clamp : entryClamp,
        onlyClamped: allClamped || entryClamp >= 0,
        variable: this.variable,
        space: this.space,
        hazard,
        wawBenign: hazard !== 'WAW' || benign,
        crossWorkgroup: true,
        first,
        second,
        count,
        at: [part, ordinal, phase, order++],
      });
    };
    this.writers.forOtherWorkgroups(word, wg, (ws, wl, owg, wa, wb, wp, wc) => {
      if (atomic && wa) return;
      const benign = write && !atomic && !partial && !wa && !wp && allSame && wb === bits;
      conflict(write ? 'WAW' : 'RAW', 1, { site: ws, lane: wl, wg: owg, kind: 'write' }, benign, wc);
    });
    if (write) {
      this.readers.forOtherWorkgroups(word, wg, (rs, rl, owg, ra, _bits, _partial, rc) => {
        if (!(atomic && ra)) conflict('WAR', 2, { site: rs, lane: rl, wg: owg, kind: 'read' }, false, rc);
      });
    }
    // The workgroup's entry is clamped only if all its accesses here were, as the one-thread table keeps it.
    (write ? this.writers : this.readers).add(word, site, lane, wg, atomic, bits, partial, allClamped ? clamp : -1);
  }

  /** Applies an export of part `part` (RegionLog.export): per word its index, its record count, its records. */
  applyExport(part: number, data: Int32Array): void {
    for (let i = 0; i < data.length;) {
      const word = data[i]!;
      const n = data[i + 1]!;
      i += 2;
      for (let k = 0; k < n; k++, i += RECORD_FIELDS) this.apply(part, word, data, i);
    }
  }
}

/** The logs of a region's shared locations (RegionLog.export), for the merge. */
export interface RegionExport {
  space: 'storage' | 'texture';
  words: number;
  data: Int32Array;
}

/**
 * A part's cross-workgroup check, after its run: the locations no other part touched are
 * replayed into `into`; the logs of the `shared` ones (per region, ascending) are returned.
 */
export function finishLog(
  log: CrossLog,
  part: number,
  shared: ReadonlyMap<string, readonly number[]>,
  into: Map<string, RaceRecord>,
): Map<string, RegionExport> {
  const logs = new Map<string, RegionExport>();
  for (const [name, region] of log.regions) {
    const words = shared.get(name) ?? [];
    const isShared = new Set(words);
    const replay = new RegionReplay(name, region.space, region.words, into);
    region.heads.forEach((page, i) => {
      if (!page) return;
      for (let k = 0; k < page.length; k++) {
        const head = page[k]! - 1;
        if (head < 0) continue;
        // Only accesses of different workgroups race here: a word of one workgroup has nothing to check.
        if (log.field(head, R_PREV) < 0 && recordWg(log.chunk(head), log.slot(head)) === recordLastWg(log.chunk(head), log.slot(head)))
          continue;
        const word = i * TRACKING_PAGE_WORDS + k;
        if (isShared.has(word)) continue;
        for (const r of region.records(word)) replay.apply(part, word, log.chunk(r), log.slot(r));
      }
    });
    if (words.length) logs.set(name, { space: region.space, words: region.words, data: region.export(words) });
  }
  return logs;
}

/** The races on the parts' shared locations: their logs (`parts` in workgroup order) replayed through one set of tables. */
export function mergeLogs(parts: readonly ReadonlyMap<string, RegionExport>[]): Map<string, RaceRecord> {
  const races = new Map<string, RaceRecord>();
  const replays = new Map<string, RegionReplay>();
  parts.forEach((logs, part) => {
    for (const [name, log] of logs) {
      let replay = replays.get(name);
      if (!replay) replays.set(name, (replay = new RegionReplay(name, log.space, log.words, races)));
      replay.applyExport(part, log.data);
    }
  });
  return races;
}
