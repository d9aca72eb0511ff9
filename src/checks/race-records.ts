// Race findings made in pieces — by the parts of a parallel analysis and by the merge of
// their logs (cross-replay.ts) — put together as the one-thread detector makes them: one
// finding per variable and pair of sites, named by the conflict found first, counting every
// conflict, benign only while every write–write pair wrote the same value, a consequence of
// an out-of-bounds index only while every pair had one; in the order of first conflicts.

/**
 * When a conflict was found, compared element by element: the part (a consecutive range of
 * workgroups, in order), the storage location accessed (a clock of the part: one tick per
 * lane and location), the phase within that access (0: within the interval; 1 and 2: across
 * workgroups, against writes then reads, as races.ts checks them) and the order within it.
 */
export type At = [part: number, ordinal: number, phase: number, order: number];

export type Hazard = 'RAW' | 'WAR' | 'WAW';

/** One invocation's access of a conflicting pair. */
export interface Side {
  site: number;
  lane: number;
  wg: number;
  kind: 'read' | 'write';
}

export interface RaceRecord {
  /**
   * The site of an out-of-bounds index that was clamped onto the word in the pair found
   * first (-1 if none); `onlyClamped` stays true while every pair found had one.
   */
  clampedBy: number;
  onlyClamped: boolean;
  variable: string;
  space: 'workgroup' | 'storage' | 'texture';
  hazard: Hazard;
  /** Every conflicting pair wrote the same value (a WAW finding). */
  benign: boolean;
  /** Every WAW pair found wrote the same value (whatever hazard names the finding): what absorb() merges. */
  wawBenign: boolean;
  crossWorkgroup: boolean;
  first: Side;
  second: Side;
  count: number;
  /** When the first conflict was found (race-records.ts): what orders findings merged from several threads. */
  at: At;
}

export function before(a: At, b: At): boolean {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** Folds `x` (the same variable and pair of sites) into `have`. */
function fold(have: RaceRecord, x: RaceRecord): void {
  if (before(x.at, have.at)) {
    have.at = x.at;
    have.hazard = x.hazard;
    have.crossWorkgroup = x.crossWorkgroup;
    have.first = x.first;
    have.second = x.second;
    have.clampedBy = x.clampedBy;
  }
  have.count += x.count;
  have.wawBenign &&= x.wawBenign;
  have.benign = have.hazard === 'WAW' && have.wawBenign;
  have.onlyClamped &&= x.onlyClamped;
}

/** Adds `later`'s findings to `into`, which ends up in the order of the findings' first conflicts. */
export function combineRaces(into: Map<string, RaceRecord>, later: ReadonlyMap<string, RaceRecord>): void {
  for (const [key, x] of later) {
    const have = into.get(key);
    if (have) fold(have, x);
    else into.set(key, { ...x });
  }
  const sorted = [...into].sort((a, b) => (before(a[1].at, b[1].at) ? -1 : before(b[1].at, a[1].at) ? 1 : 0));
  into.clear();
  for (const [k, v] of sorted) into.set(k, v);
}

/** A finding's key: one finding per variable and (unordered) pair of sites. */
export function raceKey(variable: string, siteA: number, siteB: number): string {
  return `${variable}|${Math.min(siteA, siteB)}|${Math.max(siteA, siteB)}`;
}

/** Adds one conflict `count` times over (an access repeated by as many lanes), as the detector records it. */
export function addConflict(into: Map<string, RaceRecord>, x: Omit<RaceRecord, 'benign'>): void {
  const key = raceKey(x.variable, x.first.site, x.second.site);
  const record: RaceRecord = { ...x, benign: x.hazard === 'WAW' && x.wawBenign };
  const have = into.get(key);
  if (have) fold(have, record);
  else into.set(key, record);
}
