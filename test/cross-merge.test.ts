// The merge of a parallel analysis' race tables on synthetic event streams: random
// workgroups of storage accesses (plain, atomic, vector-component writes, clamped indexes,
// values that agree or not, storage barriers) checked by one race detector watching every
// workgroup in turn, and by parts — consecutive ranges of the workgroups, each with its own
// detector logging its storage accesses (cross-log.ts) — whose logs of the words several
// parts touch are merged afterwards (cross-replay.ts). The findings must be the same, field
// for field and in the same order, however the workgroups are split.
import { describe, expect, it } from 'vitest';
import type { AccessBatch, SiteInfo } from '../src/sim/hooks.js';
import { maskOf } from '../src/sim/mask.js';
import { Region } from '../src/sim/memory.js';
import { SiteTable } from '../src/sim/sites.js';
import { RaceDetector, type RaceRecord } from '../src/checks/races.js';
import { CrossLog, F_WRITE, R_FLAGS, R_PREV } from '../src/checks/cross-log.js';
import { finishLog, mergeLogs, type RegionExport } from '../src/checks/cross-replay.js';
import { rng } from '../src/numbers/rng.js';

/** Whole numbers below n from the project's fixed-seed generator, so every run checks the same streams. */
function random(seed: number): (n: number) => number {
  const next = rng(seed);
  return (n) => Math.floor(next() * n);
}

type Kind = 'read' | 'write' | 'atomic-rmw' | 'atomic-load';
/** One event of a workgroup: an access of `words` (byte address per lane), or a storage barrier. */
type Event = { site: number; lanes: number[]; addr: number[]; bits: number[]; clamped?: number[] } | 'barrier';

interface Stream {
  /** `clampable`: the site's index can be clamped (the simulator then reports every lane's clamping). */
  sites: { kind: Kind; region: number; whole: boolean; clampable: boolean }[];
  workgroups: Event[][];
}

const REGIONS = [
  { name: 'o', words: 8 },
  { name: 'p', words: 3 },
];

/** A random stream: few words and values, so that workgroups collide often and sometimes agree. */
function makeStream(rand: (n: number) => number): Stream {
  const kinds: Kind[] = ['read', 'write', 'atomic-rmw', 'atomic-load'];
  const sites = Array.from({ length: 2 + rand(5) }, () => {
    const kind = kinds[rand(4)]!;
    return { kind, region: rand(2), whole: kind === 'write' && rand(4) === 0, clampable: rand(3) === 0 };
  });
  const workgroups = Array.from({ length: 2 + rand(9) }, () =>
    Array.from({ length: rand(7) }, (): Event => {
      if (rand(8) === 0) return 'barrier';
      const site = rand(sites.length);
      const words = REGIONS[sites[site]!.region]!.words;
      const lanes = [0, 1, 2, 3].filter(() => rand(2) === 0);
      if (!lanes.length) lanes.push(rand(4));
      // Vector-component writes stay inside a vec2 of their region.
      const wordOf = () => (sites[site]!.whole ? rand(words >> 1) * 2 + rand(2) : rand(words));
      return {
        site,
        lanes,
        addr: lanes.map(() => 4 * wordOf()),
        bits: lanes.map(() => rand(2)),
        clamped: sites[site]!.clampable ? lanes.map(() => (rand(3) ? -1 : 0)) : undefined,
      };
    }),
  );
  return { sites, workgroups };
}

/** A workgroup's linear index in the dispatch, from its place in the stream (increasing). */
type LinearIds = (wg: number) => number;
const dense: LinearIds = (wg) => wg;

/** Feeds workgroups [from, to) of the stream to `detector`, numbered by `ids`. */
function feed(
  stream: Stream,
  detector: RaceDetector,
  regions: Region[],
  siteInfo: SiteInfo[],
  from: number,
  to: number,
  ids: LinearIds = dense,
): void {
  for (let wg = from; wg < to; wg++) {
    detector.workgroupStart({ pass: 0, id: [wg, 0, 0], linear: ids(wg) });
    for (const e of stream.workgroups[wg]!) {
      if (e === 'barrier') {
        detector.barrier({ site: siteInfo[0]!, kind: 'storage', mask: maskOf([0, 1, 2, 3]), unfinished: 4, workgroupSize: 4 });
        continue;
      }
      const s = stream.sites[e.site]!;
      const perLane = (values: number[]) => {
        const out = new Float64Array(4);
        e.lanes.forEach((l, k) => (out[l] = values[k]!));
        return out;
      };
      const writes = s.kind === 'write' || s.kind === 'atomic-rmw';
      const batch: AccessBatch = {
        site: siteInfo[e.site]!,
        region: regions[s.region]!,
        kind: s.kind === 'read' || s.kind === 'write' ? s.kind : 'atomic',
        rmw: s.kind === 'atomic-rmw',
        mask: maskOf(e.lanes),
        addr: perLane(e.addr),
        bytes: 4,
        width: 4,
        bits: writes ? Uint32Array.from(perLane(e.bits)) : undefined,
        wholeAddr: s.whole ? perLane(e.addr.map((a) => a & ~7)) : undefined,
        wholeBytes: s.whole ? 8 : undefined,
        clampedBy: e.clamped ? Int32Array.from(perLane(e.clamped).map((c, l) => (e.lanes.includes(l) ? c : -1))) : undefined,
      };
      detector.access(batch);
    }
  }
}

/** The findings without the clock that orders them (which differs between the two ways). */
const plain = (races: ReadonlyMap<string, RaceRecord>) => [...races].map(([k, { at: _at, ...r }]) => [k, r]);

function oneThread(stream: Stream, siteInfo: SiteInfo[], ids: LinearIds = dense): ReadonlyMap<string, RaceRecord> {
  const regions = REGIONS.map((r) => Region.zeroed(r.name, 'storage', r.words * 4, true));
  const detector = new RaceDetector();
  feed(stream, detector, regions, siteInfo, 0, stream.workgroups.length, ids);
  return detector.findings();
}

function inParts(
  stream: Stream,
  siteInfo: SiteInfo[],
  bounds: number[],
  ids: LinearIds = dense,
): { races: ReadonlyMap<string, RaceRecord>; shared: number } {
  const parts = bounds.slice(0, -1).map((from, part) => {
    const regions = REGIONS.map((r) => Region.zeroed(r.name, 'storage', r.words * 4, true));
    const log = new CrossLog();
    const detector = new RaceDetector(undefined, log, part);
    feed(stream, detector, regions, siteInfo, from, bounds[part + 1]!, ids);
    return { log, detector };
  });
  // Shared: locations that several parts logged, at least one of them writing (touched-words.ts on real runs).
  const touched = new Map<string, Map<number, { parts: number; written: boolean }>>();
  for (const { log } of parts) {
    for (const [name, region] of log.regions) {
      let words = touched.get(name);
      if (!words) touched.set(name, (words = new Map()));
      for (const w of region.touchedWords()) {
        const t = words.get(w) ?? { parts: 0, written: false };
        t.parts++;
        for (let r = region.head(w); r >= 0; r = log.field(r, R_PREV)) if (log.field(r, R_FLAGS) & F_WRITE) t.written = true;
        words.set(w, t);
      }
    }
  }
  const sharedWords = new Map(
    [...touched].map(([name, words]) => [name, [...words].filter(([, t]) => t.parts > 1 && t.written).map(([w]) => w)]),
  );
  const merged = new RaceDetector();
  const exports: Map<string, RegionExport>[] = [];
  for (const [part, { log, detector }] of parts.entries()) {
    const own = new Map<string, RaceRecord>();
    const mine = new Map(
      [...sharedWords].map(([name, words]) => [
        name,
        words.filter((w) => log.regions.get(name)?.head(w) !== undefined && log.regions.get(name)!.head(w) >= 0),
      ]),
    );
    exports.push(finishLog(log, part, mine, own));
    detector.absorb(own);
    merged.absorb(detector.findings());
  }
  merged.absorb(mergeLogs(exports));
  return { races: merged.findings(), shared: [...sharedWords.values()].reduce((a, w) => a + w.length, 0) };
}

describe('merging the parts’ race logs = one detector watching every workgroup', () => {
  const siteTable = new SiteTable();
  const siteInfo = Array.from({ length: 8 }, (_, i) => siteTable.add({ line: i + 1, column: 1, offset: 0, length: 1 }, 'o', `s${i}`));

  it('on 400 random streams, in 1 part, and split in 2, 3 and 4 parts at random places', () => {
    const rand = random(20261201);
    let sharedSeen = 0;
    let racesSeen = 0;
    for (let n = 0; n < 400; n++) {
      const stream = makeStream(rand);
      const expected = oneThread(stream, siteInfo);
      racesSeen += expected.size;
      const count = stream.workgroups.length;
      // One part: every word is the part's own, checked after its run (finishLog).
      for (const parts of [1, 2, 3, 4]) {
        const cuts = new Set<number>();
        while (cuts.size < Math.min(parts, count) - 1) cuts.add(1 + rand(count - 1));
        const bounds = [0, ...[...cuts].sort((a, b) => a - b), count];
        const got = inParts(stream, siteInfo, bounds);
        sharedSeen += got.shared;
        expect(plain(got.races), `stream ${n}, parts ${bounds.join(' ')}`).toEqual(plain(expected));
      }
    }
    // The streams exercise the merge: many shared words and findings.
    expect(sharedSeen).toBeGreaterThan(1000);
    expect(racesSeen).toBeGreaterThan(400);
  });

  it('workgroup indices up to 65535³: the findings of dense indices, with the real ones', () => {
    // Indices past 2^31 and 2^32, and indices equal modulo 2^32 (a 32-bit table field
    // would make them one workgroup and miss their races), up to the last of 65535³.
    const last = 65535 ** 3 - 1;
    const far: LinearIds[] = [
      (wg) => 2 ** 31 - 2 + wg,
      (wg) => wg * 2 ** 32 + 5,
      (wg) => last - 10 * 2 ** 32 + wg * 2 ** 32,
      (wg) => 2 ** 32 - 3 + wg * (2 ** 32 + 1),
    ];
    const rand = random(20261203);
    const renamed = (races: ReadonlyMap<string, RaceRecord>, ids: LinearIds) =>
      plain(races).map(([k, r]) => {
        const x = r as Omit<RaceRecord, 'at'>;
        return [k, { ...x, first: { ...x.first, wg: ids(x.first.wg) }, second: { ...x.second, wg: ids(x.second.wg) } }];
      });
    let races = 0;
    for (let n = 0; n < 100; n++) {
      const stream = makeStream(rand);
      const ids = far[n % far.length]!;
      const expected = renamed(oneThread(stream, siteInfo), ids);
      races += expected.length;
      expect(plain(oneThread(stream, siteInfo, ids)), `stream ${n}, one thread`).toEqual(expected);
      const count = stream.workgroups.length;
      const cut = 1 + rand(count - 1);
      expect(plain(inParts(stream, siteInfo, [0, cut, count], ids).races), `stream ${n}, parts 0 ${cut} ${count}`).toEqual(expected);
    }
    expect(races).toBeGreaterThan(100);
  });

  it('a word every workgroup writes is logged in a few records, not one per workgroup', () => {
    const log = new CrossLog();
    const region = log.region('o', 'storage', 4, 1);
    for (let wg = 0; wg < 1000; wg++)
      for (let lane = 0; lane < 4; lane++) region.add(0, wg, 7, lane, false, true, false, wg & 1, wg * 4 + lane, -1);
    let records = 0;
    for (let r = region.head(0); r >= 0; r = log.field(r, R_PREV)) records++;
    expect(records).toBe(3);
    // Replayed, the word gives the finding one detector makes: every workgroup after the
    // first pairs each write with the first workgroup's (the table's slot), values differ.
    const races = new Map<string, RaceRecord>();
    finishLog(log, 0, new Map(), races);
    expect([...races.values()]).toMatchObject([
      { hazard: 'WAW', count: 999 * 4, benign: false, first: { wg: 0, lane: 0 }, second: { wg: 1, lane: 0 } },
    ]);
  });
});
