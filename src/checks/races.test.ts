// The race detector on synthetic event streams: the events the simulator would send
// (workgroup starts, access batches, barriers, pass starts) built by hand, so every finding
// below can be checked against what the stream contains, without WGSL or the simulator.
import { describe, expect, it } from 'vitest';
import type { AccessBatch, SiteInfo } from '../sim/hooks.js';
import { maskOf } from '../sim/mask.js';
import { Region } from '../sim/memory.js';
import { SiteTable } from '../sim/sites.js';
import { diagnosticJson } from '../report/check-json.js';
import { RaceDetector } from './races.js';

/** A stream under test: its site table (ids are indexes), its detector, and event builders. */
function stream() {
  const sites = new SiteTable();
  const detector = new RaceDetector();
  let pass = 0;
  let linear = 0;
  return {
    detector,
    site(line: number, column: number, variable: string | undefined, text: string): SiteInfo {
      // The access text is read from the start of the given source, as the simulator's sites do.
      return sites.add({ line, column, offset: 0, length: text.length }, variable, text);
    },
    /** The next workgroup of the current pass (linear index counted up). */
    workgroup(id = linear): void {
      linear = id + 1;
      detector.workgroupStart({ pass, id: [id, 0, 0], linear: id });
    },
    nextPass(): void {
      pass++;
      linear = 0;
      detector.passStart();
    },
    barrier(kind: 'workgroup' | 'storage', at: SiteInfo, lanes: number[]): void {
      detector.barrier({ site: at, kind, mask: maskOf(lanes), unfinished: lanes.length, workgroupSize: lanes.length });
    },
    // In the contract's flat form (docs/check-json.md), as `check --json` prints them.
    diagnostics: () => detector.diagnostics(sites).map(diagnosticJson),
  };
}

const workgroupVar = (name: string, words: number) => Region.zeroed(name, 'workgroup', words * 4, true);
const storageVar = (name: string, words: number) => Region.zeroed(name, 'storage', words * 4, true);

interface AccessOptions {
  /** Bytes per lane (4: a scalar; 16: a vec4). */
  bytes?: number;
  /** Written bits per lane (one word per lane for scalars); default: the lane number. */
  bits?: (lane: number) => number;
  /** A write of one component: the whole vector's byte address per lane and its size. */
  whole?: { addr: (lane: number) => number; bytes: number };
}

/** One access batch: `lanes` touching the byte address `addr(lane)` of `region` at `site`. */
function access(
  site: SiteInfo,
  region: Region,
  kind: 'read' | 'write' | 'atomic-rmw' | 'atomic-load',
  lanes: number[],
  addr: (lane: number) => number,
  o: AccessOptions = {},
): AccessBatch {
  const bytes = o.bytes ?? 4;
  const span = Math.max(...lanes) + 1;
  const perLane = (f: (lane: number) => number) => Float64Array.from({ length: span }, (_, l) => (lanes.includes(l) ? f(l) : 0));
  const writes = kind === 'write' || kind === 'atomic-rmw';
  const words = bytes >> 2;
  const bits = writes
    ? Uint32Array.from({ length: span * words }, (_, i) => (o.bits ?? ((l: number) => l))(Math.floor(i / words)))
    : undefined;
  return {
    site,
    region,
    kind: kind === 'read' || kind === 'write' ? kind : 'atomic',
    rmw: kind === 'atomic-rmw',
    mask: maskOf(lanes),
    addr: perLane(addr),
    bytes,
    width: bytes,
    bits,
    wholeAddr: o.whole ? perLane(o.whole.addr) : undefined,
    wholeBytes: o.whole?.bytes,
  };
}

const LANES = [0, 1, 2, 3];

describe('RaceDetector: one workgroup, one barrier interval', () => {
  it('RAW: a read of a word another lane wrote, once per racing pair of lanes', () => {
    const s = stream();
    const tile = workgroupVar('tile', 8);
    const store = s.site(10, 3, 'tile', 'tile[lid]');
    const load = s.site(12, 14, 'tile', 'tile[lid + 1u]');
    s.workgroup();
    s.detector.access(access(store, tile, 'write', LANES, (l) => 4 * l));
    // Lanes 0–2 read the words lanes 1–3 wrote; lane 3 reads word 4, which nobody wrote.
    s.detector.access(access(load, tile, 'read', LANES, (l) => 4 * (l + 1)));
    expect(s.diagnostics()).toEqual([
      {
        severity: 'error',
        kind: 'data-race',
        message:
          "data race (RAW) on workgroup variable 'tile': invocation 0 reads tile[lid + 1u] while invocation 1 writes tile[lid] (line 10); no workgroupBarrier() separates them.",
        line: 12,
        column: 14,
        variable: 'tile',
        addressSpace: 'workgroup',
        hazard: 'RAW',
        benign: false,
        related: [{ line: 10, column: 3, message: 'conflicting write by invocation 1' }],
        count: 3,
      },
    ]);
  });

  it('WAR: a write of a word another lane read', () => {
    const s = stream();
    const tile = workgroupVar('tile', 8);
    const load = s.site(5, 11, 'tile', 'tile[lid + 1u]');
    const store = s.site(6, 3, 'tile', 'tile[lid]');
    s.workgroup();
    s.detector.access(access(load, tile, 'read', LANES, (l) => 4 * (l + 1)));
    // Lane 0 writes word 0, which nobody read; lanes 1–3 write what lanes 0–2 read.
    s.detector.access(access(store, tile, 'write', LANES, (l) => 4 * l));
    expect(s.diagnostics()).toEqual([
      {
        severity: 'error',
        kind: 'data-race',
        message:
          "data race (WAR) on workgroup variable 'tile': invocation 1 writes tile[lid] while invocation 0 reads tile[lid + 1u] (line 5); no workgroupBarrier() separates them.",
        line: 6,
        column: 3,
        variable: 'tile',
        addressSpace: 'workgroup',
        hazard: 'WAR',
        benign: false,
        related: [{ line: 5, column: 11, message: 'conflicting read by invocation 0' }],
        count: 3,
      },
    ]);
  });

  it('WAW: lanes storing different values to one word, found within one site', () => {
    const s = stream();
    const total = workgroupVar('total', 1);
    const store = s.site(7, 3, 'total', 'total');
    s.workgroup();
    // Every lane stores its own number to word 0: lanes 1, 2 and 3 each conflict with lane 0.
    s.detector.access(access(store, total, 'write', LANES, () => 0));
    expect(s.diagnostics()).toEqual([
      {
        severity: 'error',
        kind: 'data-race',
        message:
          "data race (WAW) on workgroup variable 'total': invocation 1 writes total while invocation 0 writes total (line 7); no workgroupBarrier() separates them.",
        line: 7,
        column: 3,
        variable: 'total',
        addressSpace: 'workgroup',
        hazard: 'WAW',
        benign: false,
        related: [{ line: 7, column: 3, message: 'conflicting write by invocation 0' }],
        count: 3,
      },
    ]);
  });

  it('a WAW that always stores the same bits is benign: a warning, still a race', () => {
    const s = stream();
    const flag = workgroupVar('flag', 1);
    const store = s.site(9, 5, 'flag', 'flag');
    s.workgroup();
    s.detector.access(access(store, flag, 'write', LANES, () => 0, { bits: () => 0x3f800000 }));
    expect(s.diagnostics()).toEqual([
      {
        severity: 'warning',
        kind: 'data-race',
        message:
          "data race (WAW) on workgroup variable 'flag': invocation 1 writes flag while invocation 0 writes flag (line 9); no workgroupBarrier() separates them. Every conflicting write stores the same value, but it is still a race.",
        line: 9,
        column: 5,
        variable: 'flag',
        addressSpace: 'workgroup',
        hazard: 'WAW',
        benign: true,
        related: [{ line: 9, column: 5, message: 'conflicting write by invocation 0' }],
        count: 3,
      },
    ]);
  });

  it('one differing value makes the whole pair of sites not benign', () => {
    const s = stream();
    const flags = workgroupVar('flags', 2);
    const a = s.site(9, 5, 'flags', 'flags[lid]');
    const b = s.site(11, 5, 'flags', 'flags[lid - 2u]');
    s.workgroup();
    s.detector.access(access(a, flags, 'write', [0, 1], (l) => 4 * l, { bits: (l) => [1, 2][l]! }));
    // Lane 2 stores word 0's value again (benign so far), lane 3 another value to word 1.
    s.detector.access(access(b, flags, 'write', [2, 3], (l) => 4 * (l - 2), { bits: (l) => (l === 2 ? 1 : 5) }));
    expect(s.diagnostics()).toEqual([
      {
        severity: 'error',
        kind: 'data-race',
        message:
          "data race (WAW) on workgroup variable 'flags': invocation 2 writes flags[lid - 2u] while invocation 0 writes flags[lid] (line 9); no workgroupBarrier() separates them.",
        line: 11,
        column: 5,
        variable: 'flags',
        addressSpace: 'workgroup',
        hazard: 'WAW',
        benign: false,
        related: [{ line: 9, column: 5, message: 'conflicting write by invocation 0' }],
        count: 2,
      },
    ]);
  });

  it('a lane never races with itself; a second lane of a site is remembered as a partner', () => {
    const s = stream();
    const v = workgroupVar('v', 4);
    const store = s.site(3, 3, 'v', 'v[lid]');
    const load = s.site(4, 11, 'v', 'v[0]');
    const store0 = s.site(5, 3, 'v', 'v[0]');
    s.workgroup();
    // Lane 0 writes and reads its own word: no race.
    s.detector.access(access(store, v, 'write', [0], () => 0));
    s.detector.access(access(load, v, 'read', [0], () => 0));
    expect(s.diagnostics()).toEqual([]);
    // Lane 1 reads word 0 too (RAW with lane 0's write) ...
    s.detector.access(access(load, v, 'read', [1], () => 0));
    // ... so lane 0 writing it again conflicts with lane 1's read (the read site's second
    // lane) and with nothing of its own.
    s.detector.access(access(store0, v, 'write', [0], () => 0));
    expect(s.diagnostics()).toMatchObject([
      { hazard: 'RAW', line: 4, related: [{ line: 3, message: 'conflicting write by invocation 0' }], count: 1 },
      { hazard: 'WAR', line: 5, related: [{ line: 4, message: 'conflicting read by invocation 1' }], count: 1 },
    ]);
  });

  it('reads alone never race', () => {
    const s = stream();
    const v = workgroupVar('v', 4);
    const a = s.site(3, 11, 'v', 'v[0]');
    const b = s.site(4, 11, 'v', 'v[lid]');
    s.workgroup();
    s.detector.access(access(a, v, 'read', LANES, () => 0));
    s.detector.access(access(b, v, 'read', LANES, (l) => 4 * l));
    expect(s.diagnostics()).toEqual([]);
  });
});

describe('RaceDetector: barriers and workgroups', () => {
  it('a workgroupBarrier orders workgroup memory; a storageBarrier does not', () => {
    const s = stream();
    const tile = workgroupVar('tile', 8);
    const store = s.site(10, 3, 'tile', 'tile[lid]');
    const load = s.site(12, 14, 'tile', 'tile[lid + 1u]');
    const wb = s.site(11, 3, undefined, 'workgroupBarrier()');
    s.workgroup();
    s.detector.access(access(store, tile, 'write', LANES, (l) => 4 * l));
    s.barrier('workgroup', wb, LANES);
    s.detector.access(access(load, tile, 'read', LANES, (l) => 4 * (l + 1)));
    expect(s.diagnostics()).toEqual([]);

    const t = stream();
    const tile2 = workgroupVar('tile', 8);
    const store2 = t.site(10, 3, 'tile', 'tile[lid]');
    const load2 = t.site(12, 14, 'tile', 'tile[lid + 1u]');
    const sb = t.site(11, 3, undefined, 'storageBarrier()');
    t.workgroup();
    t.detector.access(access(store2, tile2, 'write', LANES, (l) => 4 * l));
    t.barrier('storage', sb, LANES);
    t.detector.access(access(load2, tile2, 'read', LANES, (l) => 4 * (l + 1)));
    expect(t.diagnostics()).toMatchObject([{ hazard: 'RAW', addressSpace: 'workgroup', count: 3 }]);
  });

  it('a storageBarrier orders storage memory within a workgroup; a workgroupBarrier does not', () => {
    const run = (kind: 'workgroup' | 'storage') => {
      const s = stream();
      const out = storageVar('out', 8);
      const store = s.site(10, 3, 'out', 'out[lid]');
      const load = s.site(12, 14, 'out', 'out[lid + 1u]');
      const bar = s.site(11, 3, undefined, `${kind}Barrier()`);
      s.workgroup();
      s.detector.access(access(store, out, 'write', LANES, (l) => 4 * l));
      s.barrier(kind, bar, LANES);
      s.detector.access(access(load, out, 'read', LANES, (l) => 4 * (l + 1)));
      return s.diagnostics();
    };
    expect(run('storage')).toEqual([]);
    expect(run('workgroup')).toEqual([
      {
        severity: 'error',
        kind: 'data-race',
        message:
          "data race (RAW) on storage buffer 'out': invocation 0 reads out[lid + 1u] while invocation 1 writes out[lid] (line 10); no storageBarrier() separates them.",
        line: 12,
        column: 14,
        variable: 'out',
        addressSpace: 'storage',
        hazard: 'RAW',
        benign: false,
        related: [{ line: 10, column: 3, message: 'conflicting write by invocation 1' }],
        count: 3,
      },
    ]);
  });

  it('storage accesses of different workgroups race whatever barriers lie between', () => {
    const s = stream();
    const out = storageVar('out', 4);
    const store = s.site(8, 3, 'out', 'out[0]');
    const load = s.site(10, 12, 'out', 'out[0]');
    const bar = s.site(9, 3, undefined, 'storageBarrier()');
    s.workgroup(0);
    s.detector.access(access(store, out, 'write', [0], () => 0));
    s.barrier('storage', bar, [0]);
    s.workgroup(1);
    s.barrier('storage', bar, [0]);
    // The same invocation number, another workgroup: nothing orders the two.
    s.detector.access(access(load, out, 'read', [0], () => 0));
    expect(s.diagnostics()).toEqual([
      {
        severity: 'error',
        kind: 'data-race',
        message:
          "data race (RAW) on storage buffer 'out': invocation 0 of workgroup 1 reads out[0] while invocation 0 of workgroup 0 writes out[0] (line 8); different workgroups of one dispatch are never ordered (no barrier spans workgroups); split the work into two dispatches.",
        line: 10,
        column: 12,
        variable: 'out',
        addressSpace: 'storage',
        hazard: 'RAW',
        benign: false,
        related: [{ line: 8, column: 3, message: 'conflicting write by invocation 0 of workgroup 0' }],
        count: 1,
      },
    ]);
  });

  it('across workgroups: WAW (benign when the bits agree) and WAR', () => {
    const s = stream();
    const out = storageVar('out', 4);
    const flag = s.site(8, 3, 'out', 'out[0]');
    const peek = s.site(9, 12, 'out', 'out[1]');
    const poke = s.site(10, 3, 'out', 'out[1]');
    for (const wg of [0, 1, 2]) {
      s.workgroup(wg);
      s.detector.access(access(flag, out, 'write', [0], () => 0, { bits: () => 1 }));
      if (wg === 0) s.detector.access(access(peek, out, 'read', [3], () => 4));
      if (wg === 2) s.detector.access(access(poke, out, 'write', [3], () => 4));
    }
    // flag: workgroup 1 meets workgroup 0's store, and so does workgroup 2 (one partner in
    // another workgroup is enough).
    expect(s.diagnostics()).toMatchObject([
      {
        hazard: 'WAW',
        benign: true,
        severity: 'warning',
        line: 8,
        count: 2,
        message: expect.stringMatching(
          /^data race \(WAW\) on storage buffer 'out': invocation 0 of workgroup 1 writes out\[0\] while invocation 0 of workgroup 0 writes out\[0\] \(line 8\); different workgroups/,
        ),
      },
      {
        hazard: 'WAR',
        benign: false,
        line: 10,
        related: [{ line: 9, message: 'conflicting read by invocation 3 of workgroup 0' }],
        count: 1,
      },
    ]);
  });

  it('workgroup memory is per workgroup: the same word in two workgroups never races', () => {
    const s = stream();
    const tile = workgroupVar('tile', 4);
    const store = s.site(8, 3, 'tile', 'tile[0]');
    const load = s.site(9, 12, 'tile', 'tile[0]');
    s.workgroup(0);
    s.detector.access(access(store, tile, 'write', [0], () => 0));
    s.workgroup(1);
    s.detector.access(access(load, tile, 'read', [1], () => 0));
    s.detector.access(access(store, tile, 'write', [2], () => 0));
    // Within workgroup 1, lane 2's store does race with lane 1's read (WAR), nothing else.
    expect(s.diagnostics()).toMatchObject([
      { hazard: 'WAR', line: 8, related: [{ line: 9, message: 'conflicting read by invocation 1' }], count: 1 },
    ]);
  });

  it('a new pass (dispatch) orders everything before it', () => {
    const s = stream();
    const out = storageVar('out', 4);
    const store = s.site(8, 3, 'out', 'out[0]');
    const load = s.site(20, 12, 'out', 'out[0]');
    s.workgroup(0);
    s.detector.access(access(store, out, 'write', [0], () => 0));
    s.nextPass();
    s.workgroup(1);
    s.detector.access(access(load, out, 'read', [5], () => 0));
    expect(s.diagnostics()).toEqual([]);
  });
});

describe('RaceDetector: atomics and vector components', () => {
  it('atomics never race with atomics (read-modify-writes, loads, stores)', () => {
    const s = stream();
    const counter = storageVar('counter', 1);
    const add = s.site(5, 7, 'counter', 'counter');
    const load = s.site(6, 20, 'counter', 'counter');
    for (const wg of [0, 1]) {
      s.workgroup(wg);
      s.detector.access(access(add, counter, 'atomic-rmw', LANES, () => 0));
      s.detector.access(access(load, counter, 'atomic-load', LANES, () => 0));
    }
    expect(s.diagnostics()).toEqual([]);
  });

  it('an atomic and a plain access of the same word race', () => {
    const s = stream();
    const counter = workgroupVar('counter', 1);
    const add = s.site(5, 7, 'counter', 'counter');
    const plainRead = s.site(6, 11, 'counter', 'counter');
    const plainWrite = s.site(7, 3, 'counter', 'counter');
    const load = s.site(8, 11, 'counter', 'counter');
    s.workgroup();
    s.detector.access(access(add, counter, 'atomic-rmw', [0], () => 0));
    s.detector.access(access(plainRead, counter, 'read', [1], () => 0)); // RAW with the atomic
    s.detector.access(access(load, counter, 'atomic-load', [2], () => 0)); // atomic vs atomic: fine
    s.detector.access(access(plainWrite, counter, 'write', [3], () => 0)); // WAW with the atomic, WAR with both reads
    expect(s.diagnostics()).toMatchObject([
      { hazard: 'RAW', line: 6, related: [{ line: 5, message: 'conflicting write by invocation 0' }], count: 1 },
      { hazard: 'WAW', line: 7, benign: false, related: [{ line: 5, message: 'conflicting write by invocation 0' }], count: 1 },
      { hazard: 'WAR', line: 7, related: [{ line: 6, message: 'conflicting read by invocation 1' }], count: 1 },
      { hazard: 'WAR', line: 7, related: [{ line: 8, message: 'conflicting read by invocation 2' }], count: 1 },
    ]);
    // An atomic store of the same bits as a plain store is still not benign.
    expect(s.diagnostics().every((d) => !d.benign)).toBe(true);
  });

  it('a write of one vector component is a write of the whole vector, and never benign', () => {
    const s = stream();
    // array<vec4f, 2>: element k at byte 16k.
    const v = workgroupVar('v', 8);
    const setX = s.site(4, 3, 'v', 'v[0].x');
    const setY = s.site(5, 3, 'v', 'v[0].y');
    const getW = s.site(6, 11, 'v', 'v[0].w');
    s.workgroup();
    s.detector.access(access(setX, v, 'write', [0], () => 0, { bits: () => 0, whole: { addr: () => 0, bytes: 16 } }));
    // Lane 1 reads .w (byte 12), a word lane 0 did not name but whose vector it wrote.
    s.detector.access(access(getW, v, 'read', [1], () => 12));
    // Lane 2 writes .y with the same bits as lane 0's .x: the vectors may still differ.
    s.detector.access(access(setY, v, 'write', [2], () => 4, { bits: () => 0, whole: { addr: () => 0, bytes: 16 } }));
    expect(s.diagnostics()).toMatchObject([
      { hazard: 'RAW', line: 6, related: [{ line: 4, message: 'conflicting write by invocation 0' }], count: 1 },
      // All four words of the vector: four conflicts each with lane 0's write and ...
      { hazard: 'WAW', line: 5, benign: false, severity: 'error', related: [{ line: 4 }], count: 4 },
      // ... one with lane 1's read of word 3.
      { hazard: 'WAR', line: 5, related: [{ line: 6, message: 'conflicting read by invocation 1' }], count: 1 },
    ]);
  });

  it('a whole-vector access covers all of its words', () => {
    const s = stream();
    const v = workgroupVar('v', 8);
    const store = s.site(4, 3, 'v', 'v[lid]');
    const load = s.site(5, 11, 'v', 'v[1u - lid]');
    s.workgroup();
    s.detector.access(access(store, v, 'write', [0, 1], (l) => 16 * l, { bytes: 16 }));
    s.detector.access(access(load, v, 'read', [0, 1], (l) => 16 * (1 - l), { bytes: 16 }));
    // Each lane reads the other's four words.
    expect(s.diagnostics()).toMatchObject([{ hazard: 'RAW', line: 5, count: 8 }]);
  });
});

describe('RaceDetector: one finding per variable and pair of sites', () => {
  it('counts every racing pair under the pair of sites, named by the first hazard found', () => {
    const s = stream();
    const tile = workgroupVar('tile', 4);
    const other = workgroupVar('other', 4);
    const store = s.site(10, 3, 'tile', 'tile[lid]');
    const swap = s.site(11, 11, 'tile', 'tile[lid ^ 1u]');
    const first = s.site(12, 11, 'tile', 'tile[0]');
    const store2 = s.site(13, 3, 'other', 'other[lid]');
    const swap2 = s.site(14, 11, 'other', 'other[lid ^ 1u]');
    s.workgroup();
    s.detector.access(access(store, tile, 'write', LANES, (l) => 4 * l));
    s.detector.access(access(swap, tile, 'read', LANES, (l) => 4 * (l ^ 1))); // 4 RAWs
    s.detector.access(access(first, tile, 'read', LANES, () => 0)); // lanes 1–3: 3 RAWs
    s.detector.access(access(store, tile, 'write', [2, 3], (l) => 4 * l)); // WAR with swap (lanes 3, 2) — the same pair as the RAWs
    s.detector.access(access(store2, other, 'write', LANES, (l) => 4 * l));
    s.detector.access(access(swap2, other, 'read', LANES, (l) => 4 * (l ^ 1))); // same lines, another variable
    const found = s.diagnostics().map((d) => [d.variable, d.related![0]!.line, d.line, d.hazard, d.count]);
    expect(found).toEqual([
      ['tile', 10, 11, 'RAW', 6],
      ['tile', 10, 12, 'RAW', 3],
      ['other', 13, 14, 'RAW', 4],
    ]);
  });

  it('ignores memory that cannot race (function, private, uniform)', () => {
    const s = stream();
    const site = s.site(3, 3, 'x', 'x');
    s.workgroup();
    for (const space of ['function', 'private', 'uniform'] as const) {
      const r = Region.zeroed(space, space, 16, false);
      s.detector.access(access(site, r, 'write', LANES, () => 0));
    }
    expect(s.diagnostics()).toEqual([]);
  });
});
