// What the workgroup view draws at a step, from real traces of the lesson kernels: lane
// and cell states, the barrier-phase moves, and lanes that never reach a barrier.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { watchWorkgroup } from '../../watch/watch.js';
import { CellState, firstRace, LaneState, nextBarrier, phaseStart, previousBarrier, stepView } from './step-model.js';

const lesson = (p: string) => readFileSync(new URL(`../../../lessons/${p}`, import.meta.url), 'utf8');

describe('stepView', () => {
  it('colours the racing read and the words it touches, with the words written earlier in the phase', () => {
    const t = watchWorkgroup(lesson('02-workgroup-memory/neighbour-average-no-barrier.wgsl'));
    expect(firstRace(t)).toBe(1);
    const v = stepView(t, 1);
    expect(v.lanes.every((s) => s === LaneState.RACE)).toBe(true);
    // Lanes read words 0..62 (lane 0 and lane 1 both read word 0); word 63 was only written.
    const tile = v.cells[0]!;
    expect(tile.slice(0, 63).every((s) => s === CellState.RACE)).toBe(true);
    expect(tile[63]).toBe(CellState.WRITTEN_THIS_PHASE);
    // Banks of the reads: word w is in bank w mod 32.
    expect([...v.banks.slice(30, 35)]).toEqual([29, 30, 31, 0, 1]);
    // The write before: plain writes, nothing written earlier.
    const first = stepView(t, 0);
    expect(first.lanes.every((s) => s === LaneState.WRITE)).toBe(true);
    expect(first.cells[0]!.every((s) => s === CellState.WRITE)).toBe(true);
  });

  it('shows the barrier and starts a fresh phase after it', () => {
    const t = watchWorkgroup(lesson('02-workgroup-memory/neighbour-average.wgsl'));
    const b = stepView(t, 1);
    expect(b.lanes.every((s) => s === LaneState.ARRIVED)).toBe(true);
    expect(b.cells[0]!.every((s) => s === CellState.WRITTEN_THIS_PHASE)).toBe(true);
    expect(phaseStart(t, 2)).toBe(2);
    const read = stepView(t, 2);
    expect(read.lanes.every((s) => s === LaneState.READ)).toBe(true);
    expect(read.cells[0]![63]).toBe(CellState.UNTOUCHED);
    expect(nextBarrier(t, 0)).toBe(1);
    expect(nextBarrier(t, 1)).toBe(t.steps.length - 1);
    expect(previousBarrier(t, 3)).toBe(1);
    expect(previousBarrier(t, 1)).toBe(0);
    expect(firstRace(t)).toBe(-1);
  });

  it('marks the lanes that never arrive at a barrier in a branch', () => {
    const src = `//! dispatch 1
//! buffer 0 u32[64]
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> t: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) l: u32) {
  t[l] = l;
  if (l < 40u) { workgroupBarrier(); }
  out[l] = t[63u - l];
}`;
    const t = watchWorkgroup(src);
    expect(t.rejected).toMatchObject({ line: 8, message: expect.stringMatching(/uniform control flow/) });
    const i = t.steps.findIndex((s) => s.kind === 'barrier');
    const v = stepView(t, i);
    expect(v.lanes.slice(0, 40).every((s) => s === LaneState.ARRIVED)).toBe(true);
    expect(v.lanes.slice(40).every((s) => s === LaneState.MISSING)).toBe(true);
  });
});
