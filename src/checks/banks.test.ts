// The bank-conflict model on synthetic access streams: subgroup instructions built by hand
// (lanes, byte addresses, access width), and the degrees, wavefronts and ideal counts the
// model must give, worked out in the comments from its definition: bank = ⌊address / 4⌋
// mod B; an instruction runs in phases of min(S, 4·B / width) lanes; a phase costs the
// largest number of distinct words in one bank (lanes on one word are a broadcast, except
// for atomics); the ideal is one wavefront per phase.
import { describe, expect, it } from 'vitest';
import type { AccessBatch, SiteInfo } from '../sim/hooks.js';
import { maskOf } from '../sim/mask.js';
import { Region } from '../sim/memory.js';
import { BankConflictModel } from './banks.js';
import type { BankConflictSite } from './report.js';

const tile = Region.zeroed('tile', 'workgroup', 1 << 16, true);
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);
const SUBGROUP = range(32);

let nextSite = 0;
function site(line: number, text = 'tile[i]'): SiteInfo {
  return { id: nextSite++, loc: { line, column: 5, offset: 0, length: 4 }, line, column: 5, variable: 'tile', text };
}

/** One instruction: `lanes` of a workgroup, each moving `bytes` (in units of `width`) at `addr(lane)`. */
function access(
  at: SiteInfo,
  lanes: number[],
  addr: (lane: number) => number,
  o: { kind?: 'read' | 'write' | 'atomic'; rmw?: boolean; bytes?: number; width?: number; region?: Region } = {},
): AccessBatch {
  const bytes = o.bytes ?? 4;
  return {
    site: at,
    region: o.region ?? tile,
    kind: o.kind ?? 'read',
    rmw: o.rmw ?? o.kind === 'atomic',
    mask: maskOf(lanes),
    addr: Float64Array.from({ length: Math.max(...lanes) + 1 }, (_, l) => (lanes.includes(l) ? addr(l) : -1)),
    bytes,
    width: o.width ?? bytes,
  };
}

/** The model's numbers for the one site it saw. */
function costOf(
  model: BankConflictModel,
): Pick<BankConflictSite, 'maxWays' | 'meanWays' | 'wavefronts' | 'ideal' | 'excess' | 'executions'> {
  const sites = model.sites();
  expect(sites).toHaveLength(1);
  const { maxWays, meanWays, wavefronts, ideal, excess, executions } = sites[0]!;
  return { maxWays, meanWays, wavefronts, ideal, excess, executions };
}

/** The cost of one instruction on a fresh model. */
function cost(
  lanes: number[],
  addr: (lane: number) => number,
  o: Parameters<typeof access>[3] & { banks?: 32 | 16; subgroupSize?: number } = {},
) {
  const model = new BankConflictModel(o.banks ?? 32, o.subgroupSize ?? 32);
  model.access(access(site(1), lanes, addr, o));
  return costOf(model);
}

const ONE_WAY = { maxWays: 1, meanWays: 1, wavefronts: 1, ideal: 1, excess: 0, executions: 1 };

describe('BankConflictModel: 32 banks, subgroups of 32, 4-byte accesses', () => {
  it('stride 1: 32 words in 32 banks, no conflict; the heat map shows one word per bank', () => {
    const model = new BankConflictModel(32, 32);
    const at = site(12, 'tile[lid]');
    model.access(access(at, SUBGROUP, (l) => 4 * l));
    expect(model.sites()).toEqual([
      {
        line: 12,
        column: 5,
        variable: 'tile',
        access: 'read',
        ...ONE_WAY,
        worstBanks: new Array(32).fill(1),
        worstLaneBanks: range(32),
        text: 'tile[lid]',
      },
    ]);
  });

  it('stride 2: words 0, 2, …, 62; banks 0, 2, …, 30 hold two each (w and w + 32): 2-way', () => {
    const model = new BankConflictModel(32, 32);
    model.access(access(site(3), SUBGROUP, (l) => 8 * l));
    const [s] = model.sites();
    expect(s).toMatchObject({ maxWays: 2, meanWays: 2, wavefronts: 2, ideal: 1, excess: 1, executions: 1 });
    expect(s!.worstBanks).toEqual(range(32).map((b) => (b % 2 ? 0 : 2)));
    expect(s!.worstLaneBanks).toEqual(range(32).map((l) => (2 * l) % 32));
  });

  it('stride 32: every lane in bank 0, 32 distinct words: 32-way', () => {
    expect(cost(SUBGROUP, (l) => 128 * l)).toEqual({ maxWays: 32, meanWays: 32, wavefronts: 32, ideal: 1, excess: 31, executions: 1 });
  });

  it('odd strides are conflict-free (stride 33: words 33l cover every bank once)', () => {
    expect(cost(SUBGROUP, (l) => 4 * 33 * l)).toEqual(ONE_WAY);
  });

  it('a broadcast (every lane on one word) is free; lanes sharing words in pairs too', () => {
    expect(cost(SUBGROUP, () => 64)).toEqual(ONE_WAY);
    expect(cost(SUBGROUP, (l) => 4 * (l >> 1))).toEqual(ONE_WAY);
  });

  it('atomics are not broadcast: 32 lanes on one word cost 32 wavefronts', () => {
    expect(cost(SUBGROUP, () => 0, { kind: 'atomic' })).toEqual({
      maxWays: 32,
      meanWays: 32,
      wavefronts: 32,
      ideal: 1,
      excess: 31,
      executions: 1,
    });
  });

  it('read-modify-writes on one word serialize and say so: sameWordLanes is the lanes on that word', () => {
    const model = new BankConflictModel(32, 32);
    model.access(access(site(1), SUBGROUP, () => 0, { kind: 'atomic' }));
    expect(model.sites()[0]).toMatchObject({ maxWays: 32, sameWordLanes: 32 });
  });

  it('an atomicLoad of one word by every lane is a broadcast: free, like a read', () => {
    expect(cost(SUBGROUP, () => 0, { kind: 'atomic', rmw: false })).toEqual(ONE_WAY);
    const model = new BankConflictModel(32, 32);
    model.access(access(site(1), SUBGROUP, () => 0, { kind: 'atomic', rmw: false }));
    expect(model.sites()[0]!.sameWordLanes).toBeUndefined();
  });

  it('read-modify-writes to distinct words of one bank add up: 16 + 16 lanes on words 0 and 32 are 32-way', () => {
    const model = new BankConflictModel(32, 32);
    model.access(access(site(1), SUBGROUP, (l) => 4 * (l % 2) * 32, { kind: 'atomic' }));
    expect(model.sites()[0]).toMatchObject({ maxWays: 32, wavefronts: 32, sameWordLanes: 16 });
  });

  it('read-modify-writes to distinct words in distinct banks are conflict-free (histogram with one bin per lane)', () => {
    const model = new BankConflictModel(32, 32);
    model.access(access(site(1), SUBGROUP, (l) => 4 * l, { kind: 'atomic' }));
    expect(model.sites()[0]).toMatchObject({ maxWays: 1, wavefronts: 1, sameWordLanes: 1 });
  });

  it('(l * 32) % 64: only words 0 and 32, both in bank 0: 2-way, not 32-way', () => {
    const model = new BankConflictModel(32, 32);
    model.access(access(site(1), SUBGROUP, (l) => 4 * ((l * 32) % 64)));
    const [s] = model.sites();
    expect(s).toMatchObject({ maxWays: 2, wavefronts: 2, ideal: 1, excess: 1 });
    expect(s!.worstBanks).toEqual([2, ...new Array(31).fill(0)]);
  });

  it('inactive lanes take no part: stride 32 over 4 active lanes is 4-way; the heat map marks the rest -1', () => {
    const model = new BankConflictModel(32, 32);
    model.access(access(site(1), [0, 5, 9, 31], (l) => 128 * l));
    const [s] = model.sites();
    expect(s).toMatchObject({ maxWays: 4, meanWays: 4, wavefronts: 4, ideal: 1, excess: 3, executions: 1 });
    expect(s!.worstLaneBanks).toEqual(range(32).map((l) => ([0, 5, 9, 31].includes(l) ? 0 : -1)));
    // Half the lanes at stride 2 (even lanes: words 0, 4, …, 60): two words in banks 0, 4, …, 28.
    expect(
      cost(
        range(16).map((k) => 2 * k),
        (l) => 8 * l,
      ),
    ).toEqual({ maxWays: 2, meanWays: 2, wavefronts: 2, ideal: 1, excess: 1, executions: 1 });
  });
});

describe('BankConflictModel: wide accesses run in phases of fewer lanes', () => {
  it('8-byte accesses (vec2): phases of 16 lanes; contiguous is 2 wavefronts for 2 ideal', () => {
    expect(cost(SUBGROUP, (l) => 8 * l, { bytes: 8 })).toEqual({
      maxWays: 1,
      meanWays: 1,
      wavefronts: 2,
      ideal: 2,
      excess: 0,
      executions: 1,
    });
  });

  it('8-byte accesses at a stride of 16 vec2s: 16 words in banks 0 and 1 per phase, 16-way', () => {
    // Lane l: words 32l and 32l + 1. Each phase of 16 lanes: 16 distinct words in bank 0 (and in bank 1).
    expect(cost(SUBGROUP, (l) => 128 * l, { bytes: 8 })).toEqual({
      maxWays: 16,
      meanWays: 16,
      wavefronts: 32,
      ideal: 2,
      excess: 30,
      executions: 1,
    });
  });

  it('16-byte accesses (vec4): phases of 8 lanes; contiguous is 4 wavefronts for 4 ideal', () => {
    expect(cost(SUBGROUP, (l) => 16 * l, { bytes: 16 })).toEqual({
      maxWays: 1,
      meanWays: 1,
      wavefronts: 4,
      ideal: 4,
      excess: 0,
      executions: 1,
    });
  });

  it('16-byte accesses two vec4s apart: lanes l and l + 4 of a phase share banks, 2-way', () => {
    // Phase of lanes 0–7: words 8l … 8l + 3, i.e. 0–3, 8–11, …, 56–59; lane 4's 32–35 meet lane 0's 0–3.
    expect(cost(SUBGROUP, (l) => 32 * l, { bytes: 16 })).toEqual({
      maxWays: 2,
      meanWays: 2,
      wavefronts: 8,
      ideal: 4,
      excess: 4,
      executions: 1,
    });
  });

  it('vec3 (12 bytes moved as 16): phases of 8 lanes, three words each, no conflict', () => {
    expect(cost(SUBGROUP, (l) => 16 * l, { bytes: 12, width: 16 })).toEqual({
      maxWays: 1,
      meanWays: 1,
      wavefronts: 4,
      ideal: 4,
      excess: 0,
      executions: 1,
    });
  });

  it('a phase without active lanes costs nothing and is not in the ideal', () => {
    // vec4: lanes 0–7 are phase 0 only; lanes 0 and 9 are phases 0 and 1; lanes 8–15 phase 1.
    expect(cost(range(8), (l) => 16 * l, { bytes: 16 })).toEqual(ONE_WAY);
    expect(cost([0, 9], (l) => 16 * l, { bytes: 16 })).toEqual({
      maxWays: 1,
      meanWays: 1,
      wavefronts: 2,
      ideal: 2,
      excess: 0,
      executions: 1,
    });
    expect(cost(range(8, 8), (l) => 16 * l, { bytes: 16 })).toEqual(ONE_WAY);
  });
});

describe('BankConflictModel: 16 banks and other subgroup sizes', () => {
  it('16 banks: 4-byte accesses run in phases of 16 lanes', () => {
    const opts = { banks: 16 as const };
    expect(cost(SUBGROUP, (l) => 4 * l, opts)).toEqual({ maxWays: 1, meanWays: 1, wavefronts: 2, ideal: 2, excess: 0, executions: 1 });
    // Stride 2: per phase, words 0, 2, …, 30 in banks 0, 2, …, 14, two each.
    expect(cost(SUBGROUP, (l) => 8 * l, opts)).toEqual({ maxWays: 2, meanWays: 2, wavefronts: 4, ideal: 2, excess: 2, executions: 1 });
    // Stride 16: all in bank 0, 16 distinct words per phase.
    expect(cost(SUBGROUP, (l) => 64 * l, opts)).toEqual({ maxWays: 16, meanWays: 16, wavefronts: 32, ideal: 2, excess: 30, executions: 1 });
    // Stride 32 is no worse than stride 16 with 16 banks (one phase holds only 16 lanes).
    expect(cost(SUBGROUP, (l) => 128 * l, opts)).toEqual({
      maxWays: 16,
      meanWays: 16,
      wavefronts: 32,
      ideal: 2,
      excess: 30,
      executions: 1,
    });
  });

  it('16 banks: the heat map has 16 banks', () => {
    const model = new BankConflictModel(16, 32);
    model.access(access(site(1), SUBGROUP, (l) => 4 * l));
    const [s] = model.sites();
    // The first phase (lanes 0–15) is the worst so far when it is seen; later equal ones do not replace it.
    expect(s!.worstBanks).toEqual(new Array(16).fill(1));
    expect(s!.worstLaneBanks).toEqual(range(32).map((l) => l % 16));
  });

  it('a workgroup of 64 lanes is two subgroup executions of 32; of 16, four', () => {
    expect(cost(range(64), (l) => 4 * l)).toEqual({ maxWays: 1, meanWays: 1, wavefronts: 2, ideal: 2, excess: 0, executions: 2 });
    // Subgroups of 16 at stride 32: each subgroup's 16 lanes are 16 words of bank 0.
    expect(cost(range(64), (l) => 128 * l, { subgroupSize: 16 })).toEqual({
      maxWays: 16,
      meanWays: 16,
      wavefronts: 64,
      ideal: 4,
      excess: 60,
      executions: 4,
    });
  });

  it('lanes of a subgroup are grouped by local index: lanes 30–33 are two executions', () => {
    // Lanes 30, 31 (subgroup 0) and 32, 33 (subgroup 1), all on bank 0 words: 2-way each.
    expect(cost([30, 31, 32, 33], (l) => 128 * l)).toEqual({ maxWays: 2, meanWays: 2, wavefronts: 4, ideal: 2, excess: 2, executions: 2 });
  });
});

describe('BankConflictModel: per site and access kind, summed over executions', () => {
  it('sums wavefronts and ideal over every execution of a site; mean is their ratio', () => {
    const model = new BankConflictModel(32, 32);
    const at = site(7);
    model.access(access(at, SUBGROUP, (l) => 4 * l)); // 1 wavefront
    model.access(access(at, SUBGROUP, (l) => 8 * l)); // 2
    expect(costOf(model)).toEqual({ maxWays: 2, meanWays: 1.5, wavefronts: 3, ideal: 2, excess: 1, executions: 2 });
    model.access(access(at, SUBGROUP, (l) => 128 * l)); // 32
    // 35 / 3 = 11.666…, rounded to three decimals.
    expect(costOf(model)).toEqual({ maxWays: 32, meanWays: 11.667, wavefronts: 35, ideal: 3, excess: 32, executions: 3 });
    // The heat map shows the worst instruction (the 32-way one).
    expect(model.sites()[0]!.worstBanks).toEqual([32, ...new Array(31).fill(0)]);
  });

  it('keeps reads, writes and atomics of one site apart, sorted by position; only workgroup memory counts', () => {
    const model = new BankConflictModel(32, 32);
    const late = site(20);
    const early = site(4);
    model.access(access(late, SUBGROUP, (l) => 8 * l, { kind: 'write' }));
    model.access(access(late, SUBGROUP, (l) => 4 * l));
    model.access(access(early, SUBGROUP, () => 0, { kind: 'atomic' }));
    for (const space of ['storage', 'uniform', 'function', 'private'] as const) {
      model.access(access(early, SUBGROUP, (l) => 128 * l, { region: Region.zeroed('buf', space, 1 << 16, space === 'storage') }));
    }
    expect(model.sites().map((s) => [s.line, s.access, s.maxWays, s.wavefronts])).toEqual([
      [4, 'atomic', 32, 32],
      [20, 'read', 1, 1],
      [20, 'write', 2, 2],
    ]);
  });

  it('reports nothing before any access', () => {
    expect(new BankConflictModel(32, 32).sites()).toEqual([]);
  });
});
