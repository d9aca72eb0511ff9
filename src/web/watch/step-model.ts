// What the workgroup view shows at one step of a trace, as plain data: the state of each
// lane and of each word of workgroup memory, and where the step keys lead. Kept apart
// from the drawing so the rules (what a barrier phase is, which cells a race marks) are
// tested without a browser.
import type { WatchStep, WatchTrace } from '../../watch/trace.js';

/** Lane states, drawn as colours (and named in the legend). */
export const enum LaneState {
  IDLE = 0,
  READ = 1,
  WRITE = 2,
  ATOMIC = 3,
  RACE = 4,
  ARRIVED = 5,
  /** Still running but not at the barrier: it never arrives (divergence). */
  MISSING = 6,
}

/** Word states of the memory grid. */
export const enum CellState {
  UNTOUCHED = 0,
  /** Written earlier in the current barrier phase. */
  WRITTEN_THIS_PHASE = 1,
  READ = 2,
  WRITE = 3,
  ATOMIC = 4,
  RACE = 5,
}

export interface StepView {
  lanes: Uint8Array;
  /** Per workgroup variable (trace.memory order). */
  cells: Uint8Array[];
  /** Per lane, the bank of its access at this step (-1: none or not workgroup memory). */
  banks: Int16Array;
}

export function stepView(t: WatchTrace, index: number): StepView {
  const lanes = new Uint8Array(t.invocations);
  const banks = new Int16Array(t.invocations).fill(-1);
  const cells = t.memory.map((m) => new Uint8Array(m.words));
  const step = t.steps[index];
  if (!step) return { lanes, cells, banks };
  const grid = (name: string) => cells[t.memory.findIndex((m) => m.name === name)];
  // Words written earlier in this barrier phase: the ones a read now may race with.
  for (let i = phaseStart(t, index); i < index; i++) {
    const s = t.steps[i]!;
    if (s.kind !== 'access' || s.space !== 'workgroup' || s.access === 'read') continue;
    const g = grid(s.variable);
    if (g) forWords(s, (_, w) => w < g.length && (g[w] = CellState.WRITTEN_THIS_PHASE));
  }
  if (step.kind === 'barrier') {
    const arrived = new Uint8Array(t.invocations);
    for (const l of step.lanes) arrived[l] = 1;
    // Lanes that returned are idle; of the others, those not at the barrier never arrive.
    const missing = step.unfinished - step.lanes.length;
    for (let l = 0; l < t.invocations; l++) lanes[l] = arrived[l] ? LaneState.ARRIVED : LaneState.IDLE;
    if (missing > 0) markMissing(t, index, lanes);
    return { lanes, cells, banks };
  }
  const laneState = step.access === 'read' ? LaneState.READ : step.access === 'write' ? LaneState.WRITE : LaneState.ATOMIC;
  const cellState = step.access === 'read' ? CellState.READ : step.access === 'write' ? CellState.WRITE : CellState.ATOMIC;
  for (const l of step.lanes) lanes[l] = laneState;
  const g = step.space === 'workgroup' ? grid(step.variable) : undefined;
  forWords(step, (lane, w, k) => {
    if (g && w < g.length) g[w] = cellState;
    if (g && k === 0) banks[lane] = w % t.banks;
  });
  // Both sides of every race: the lanes, and the words this step's racing lanes touch.
  for (const l of step.raceLanes) lanes[l] = LaneState.RACE;
  if (g && step.raceLanes.length)
    forWords(step, (lane, w) => {
      if (lanes[lane] === LaneState.RACE && w < g.length) g[w] = CellState.RACE;
    });
  return { lanes, cells, banks };
}

/** Calls f(lane, word, j) for each word j of each active lane of an access step. */
function forWords(s: Extract<WatchStep, { kind: 'access' }>, f: (lane: number, word: number, j: number) => unknown): void {
  for (let k = 0; k < s.lanes.length; k++) for (let j = 0; j < s.wordsPerLane; j++) f(s.lanes[k]!, s.words[k]! + j, j);
}

/**
 * At a barrier some running lanes are missing: they are the lanes active at the latest
 * step before it that are not at the barrier (those that returned earlier are idle).
 */
function markMissing(t: WatchTrace, index: number, lanes: Uint8Array): void {
  const seen = new Uint8Array(t.invocations);
  for (let i = phaseStart(t, index); i < index; i++) for (const l of t.steps[i]!.lanes) seen[l] = 1;
  for (let l = 0; l < t.invocations; l++) if (seen[l] && lanes[l] !== LaneState.ARRIVED) lanes[l] = LaneState.MISSING;
}

/** The first step of the barrier phase that `index` is in (just after the previous barrier). */
export function phaseStart(t: WatchTrace, index: number): number {
  let i = Math.min(index, t.steps.length) - 1;
  while (i >= 0 && t.steps[i]!.kind !== 'barrier') i--;
  return i + 1;
}

/** The step "next phase" goes to: the next barrier (or the last step when none is left). */
export function nextBarrier(t: WatchTrace, index: number): number {
  for (let i = index + 1; i < t.steps.length; i++) if (t.steps[i]!.kind === 'barrier') return i;
  return t.steps.length - 1;
}

/** The step "previous phase" goes to: the barrier before the current step's phase, or the start. */
export function previousBarrier(t: WatchTrace, index: number): number {
  for (let i = index - 1; i >= 0; i--) if (t.steps[i]!.kind === 'barrier') return i;
  return 0;
}

/** The first step that completes a race, or -1. */
export function firstRace(t: WatchTrace): number {
  return t.steps.findIndex((s) => s.kind === 'access' && s.raceCount > 0);
}
