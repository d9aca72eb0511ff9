// "Watch" on the lesson kernels: the steps are the simulator's memory instructions and
// barriers in program order, races appear at the step that completes them, banks cost
// what the bank model says, and big workgroups stay within the recording caps.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WatchAccessStep, WatchTrace } from './trace.js';
import { watchWorkgroup } from './watch.js';

const lesson = (p: string) => readFileSync(new URL(`../../lessons/${p}`, import.meta.url), 'utf8');

/** Each step as `line kind/access variable`, for comparing whole runs. */
const outline = (t: WatchTrace) =>
  t.steps.map((s) => `${t.sites[s.site]!.line} ${s.kind === 'barrier' ? 'barrier' : `${s.access} ${s.variable}`}`);

describe('watchWorkgroup', () => {
  it('steps through the neighbour average with its barrier, race-free', () => {
    const t = watchWorkgroup(lesson('02-workgroup-memory/neighbour-average.wgsl'), { workgroup: 3 });
    expect(outline(t)).toEqual(['23 write tile', '26 barrier', '33 read tile', '34 read tile', '34 write averages']);
    expect(t).toMatchObject({
      entry: 'neighbour_average',
      workgroups: 16,
      workgroupId: [3, 0, 0],
      invocations: 64,
      memory: [{ name: 'tile', words: 64 }],
    });
    expect(t.steps.every((s) => s.kind === 'barrier' || s.raceCount === 0)).toBe(true);
    const barrier = t.steps[1]!;
    expect(barrier.kind === 'barrier' && barrier.lanes.length).toBe(64);
    const left = t.steps[2] as WatchAccessStep;
    // Lane l reads its left neighbour's slot (lane 0 its own); phases count barriers.
    expect([...left.words.slice(0, 4)]).toEqual([0, 0, 1, 2]);
    expect(left.phase).toBe(1);
    // The averages of workgroup 3 start at element 192.
    expect((t.steps[4] as WatchAccessStep).words[0]).toBe(192);
  });

  it('marks the race of the kernel without its barrier at the step that reads the neighbour', () => {
    const t = watchWorkgroup(lesson('02-workgroup-memory/neighbour-average-no-barrier.wgsl'));
    expect(outline(t)).toEqual(['23 write tile', '33 read tile', '34 read tile', '34 write averages']);
    const racy = t.steps.map((s, i) => (s.kind === 'access' && s.raceCount ? i : -1)).filter((i) => i >= 0);
    expect(racy).toEqual([1]);
    const step = t.steps[1] as WatchAccessStep;
    // Lanes 1..63 each read a slot another lane wrote in the same barrier phase.
    expect(step.raceCount).toBe(63);
    const r = step.races[0]!;
    expect(r).toMatchObject({ hazard: 'RAW', variable: 'tile', otherKind: 'write' });
    expect(t.sites[r.otherSite]!.line).toBe(23);
    expect(r.otherLane).toBe(r.lane - 1);
    // Both sides of the 63 races: every lane (lane 0 wrote the slot lane 1 reads).
    expect(step.raceLanes).toEqual(Int32Array.from({ length: 64 }, (_, i) => i));
  });

  it('costs each subgroup its bank-model wavefronts: a stride of 2 words is a 2-way conflict', () => {
    const src = `//! dispatch 1
//! buffer 0 u32[64]
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> t: array<u32, 128>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) l: u32) {
  t[l * 2u] = l;
  out[l] = t[l];
}`;
    const t = watchWorkgroup(src);
    const strided = t.steps[0] as WatchAccessStep;
    expect([...strided.wavefronts!]).toEqual([2, 2]);
    expect([...strided.idealWavefronts!]).toEqual([1, 1]);
    const unit = t.steps[1] as WatchAccessStep;
    expect(t.sites[unit.site]!.text).toBe('t[l]');
    expect([...unit.wavefronts!]).toEqual([1, 1]);
    // Storage accesses carry no bank cost.
    expect((t.steps[2] as WatchAccessStep).wavefronts).toBeUndefined();
  });

  it('records a 256-invocation workgroup over a 1024-element tile, and stops at the cap with a message', () => {
    const src = `//! dispatch 2
//! buffer 0 f32[2048] = i
@group(0) @binding(0) var<storage, read_write> data: array<f32>;
var<workgroup> tile: array<f32, 1024>;
@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) l: u32, @builtin(workgroup_id) wg: vec3u) {
  for (var k = 0u; k < 4u; k++) { tile[l + k * 256u] = data[wg.x * 1024u + l + k * 256u]; }
  workgroupBarrier();
  for (var s = 512u; s > 0u; s >>= 1u) {
    if (l < s) { tile[l] += tile[l + s]; }
    workgroupBarrier();
  }
  if (l == 0u) { data[wg.x] = tile[0]; }
}`;
    const t = watchWorkgroup(src, { workgroup: 1 });
    expect(t.truncated).toBeUndefined();
    expect(t.memory).toEqual([{ name: 'tile', words: 1024 }]);
    expect(t.steps.filter((s) => s.kind === 'barrier')).toHaveLength(11);
    expect(t.steps.every((s) => s.kind === 'barrier' || s.raceCount === 0)).toBe(true);
    const last = t.steps[t.steps.length - 1] as WatchAccessStep;
    expect(last).toMatchObject({ access: 'write', variable: 'data' });
    expect([...last.lanes]).toEqual([0]);
    expect(last.words[0]).toBe(1);

    const capped = watchWorkgroup(src, { limits: { steps: 10, laneEntries: 1e6 } });
    expect(capped.steps).toHaveLength(10);
    expect(capped.truncated).toMatch(/recording stopped after 10 steps/);
  });

  it('says which workgroup or pass does not exist, and why a broken shader cannot be watched', () => {
    const src = lesson('02-workgroup-memory/neighbour-average.wgsl');
    expect(() => watchWorkgroup(src, { workgroup: 16 })).toThrow(/no workgroup 16 to watch; the dispatch has 16 \(numbered from 0 to 15\)/);
    expect(() => watchWorkgroup(src, { pass: 1 })).toThrow(/no pass 1 to watch; the run has 1/);
    expect(() => watchWorkgroup(src.replace('tile[lane] = staged;', 'tile[lane] = staged'))).toThrow(
      /does not compile, so there is nothing to watch/,
    );
  });
});
