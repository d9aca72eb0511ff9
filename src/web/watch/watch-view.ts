// The workgroup view: a trace recorded by the worker, drawn one step at a time. Lanes
// are cells grouped by subgroup (with the bank of each lane's access under it and the
// wavefronts each subgroup's instruction costs), workgroup memory is a grid 32 words
// wide, and a line of text says what the step is, who waits at a barrier and which two
// accesses race. The section carries the step's index, line and races as data
// attributes, the same numbers the text gives, for tests and assistive tools.
import './watch.css';
import type { WatchAccessStep, WatchTrace } from '../../watch/trace.js';
import { h, replaceChildren } from '../dom.js';
import { CellState, firstRace, LaneState, nextBarrier, previousBarrier, stepView, type StepView } from './step-model.js';

const LANE = 8;
const LANE_GAP = 10;
const LABEL = 14;
const BANK_STRIP = 4;
const CELL = 11;
const GRID_COLUMNS = 32;
const PLAY_MS = 450;
const RACES_LISTED = 3;

const LANE_COLOURS: Record<LaneState, string> = {
  [LaneState.IDLE]: '#e3e6eb',
  [LaneState.READ]: '#2f6fd6',
  [LaneState.WRITE]: '#e07b00',
  [LaneState.ATOMIC]: '#7b3fc4',
  [LaneState.RACE]: '#c4161c',
  [LaneState.ARRIVED]: '#1d7a3c',
  [LaneState.MISSING]: '#111',
};

const CELL_COLOURS: Record<CellState, string> = {
  [CellState.UNTOUCHED]: '#eef0f3',
  [CellState.WRITTEN_THIS_PHASE]: '#f6d2a6',
  [CellState.READ]: '#2f6fd6',
  [CellState.WRITE]: '#e07b00',
  [CellState.ATOMIC]: '#7b3fc4',
  [CellState.RACE]: '#c4161c',
};

const bankColour = (bank: number, banks: number) => `hsl(${Math.round((bank * 360) / banks)} 70% 50%)`;

export interface WatchView {
  element: HTMLElement;
  destroy(): void;
}

/** `opensAt`: the step shown first ('last' for where an endless loop was left). */
export function renderWatch(t: WatchTrace, id: string, opensAt: 'first' | 'last' = 'first'): WatchView {
  let index = opensAt === 'last' ? Math.max(0, t.steps.length - 1) : 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const lanesCanvas = h('canvas', { class: 'watch-lanes', role: 'img' });
  // Both hosts scroll sideways when the view is narrower than the drawing (an examples'
  // pane beside the prose): tabindex lets a keyboard scroll them.
  const memoryHost = h('div', { class: 'watch-memory', tabindex: 0 });
  const grids = t.memory.map((m) => {
    const canvas = h('canvas', { class: 'watch-grid', role: 'img', 'aria-label': `workgroup variable ${m.name}, ${m.words} words` });
    memoryHost.append(h('figure', {}, canvas, h('figcaption', {}, `${m.name} (${m.words} words, one row = ${GRID_COLUMNS} words)`)));
    return canvas;
  });
  const status = h('p', { class: 'watch-status', 'aria-live': 'polite' });
  const detail = h('div', { class: 'watch-detail' });
  const counter = h('span', { class: 'watch-counter' });
  const button = (label: string, title: string, action: () => void) =>
    h('button', { type: 'button', title, onclick: () => (pause(), action()) }, label);
  const play = h('button', { type: 'button', 'aria-pressed': 'false', onclick: () => (timer ? pause() : start()) }, 'Play');
  const raceAt = firstRace(t);
  const controls = h(
    'div',
    { class: 'controls watch-controls' },
    button('« Phase', 'Back to the previous barrier', () => go(previousBarrier(t, index))),
    button('◀ Back', 'One step back', () => go(index - 1)),
    button('Step ▶', 'Next statement (memory instruction or barrier)', () => go(index + 1)),
    button('Phase »', 'To the next barrier', () => go(nextBarrier(t, index))),
    play,
    raceAt >= 0 ? button('First race', 'To the step where the first race happens', () => go(raceAt)) : null,
    counter,
  );
  const where = `workgroup ${t.workgroup} of ${t.workgroups} (id ${t.workgroupId.join(', ')})${t.passes > 1 ? `, pass ${t.pass + 1} of ${t.passes}` : ''}`;
  const element = h(
    'section',
    { class: 'watch', id: `${id}-watch`, 'aria-label': `Watching ${where}`, 'data-steps': t.steps.length },
    h(
      'p',
      { class: 'watch-head' },
      `${t.entry}: ${where}; ${t.invocations} invocations in ${Math.ceil(t.invocations / t.subgroupSize)} subgroups of ${t.subgroupSize}; ${t.banks} banks. ${t.steps.length} steps.`,
    ),
    t.truncated ? h('p', { class: 'status bad watch-truncated' }, `Only part of the run is shown: ${t.truncated}.`) : null,
    t.rejected
      ? h(
          'p',
          { class: 'status bad watch-rejected' },
          `The simulator's WGSL front end refuses this shader, as a GPU's compiler would (line ${t.rejected.line}:${t.rejected.column}: ${t.rejected.message}). The simulator runs it anyway, to show why.`,
        )
      : null,
    t.stepLimit
      ? h('p', { class: 'status bad' }, `The kernel ran out of simulated steps at line ${t.stepLimit.line}; it may never end.`)
      : null,
    controls,
    status,
    detail,
    h('div', { class: 'watch-lanes-host', tabindex: 0 }, lanesCanvas),
    memoryHost,
    legend(),
  );

  function go(i: number) {
    if (!t.steps.length) return;
    index = Math.max(0, Math.min(t.steps.length - 1, i));
    draw();
  }
  function start() {
    if (index >= t.steps.length - 1) index = -1;
    play.textContent = 'Pause';
    play.setAttribute('aria-pressed', 'true');
    timer = setInterval(() => {
      if (index >= t.steps.length - 1) return pause();
      go(index + 1);
    }, PLAY_MS);
    go(index + 1);
  }
  function pause() {
    clearInterval(timer);
    timer = undefined;
    play.textContent = 'Play';
    play.setAttribute('aria-pressed', 'false');
  }

  function draw() {
    const step = t.steps[index];
    const view = stepView(t, index);
    counter.textContent = t.steps.length ? `step ${index + 1} of ${t.steps.length}` : 'no steps';
    drawLanes(lanesCanvas, t, view, step?.kind === 'access' ? step : undefined);
    grids.forEach((c, k) => drawGrid(c, view.cells[k]!));
    if (!step) {
      status.textContent = 'This workgroup touches no workgroup or writable storage memory and meets no barrier.';
      return;
    }
    const site = t.sites[step.site]!;
    element.dataset.step = String(index);
    element.dataset.line = String(site.line);
    element.dataset.kind = step.kind === 'barrier' ? 'barrier' : step.access;
    element.dataset.races = String(step.kind === 'access' ? step.raceCount : 0);
    element.dataset.raceLines =
      step.kind === 'access' ? [...new Set(step.races.map((r) => t.sites[r.otherSite]?.line ?? 0))].join(',') : '';
    if (step.kind === 'barrier') {
      const waiting = step.lanes.length;
      const never = step.unfinished - waiting;
      status.textContent = `Line ${site.line}: ${site.text || `${step.barrier}Barrier()`}: ${waiting} of ${step.unfinished} running invocations wait here${never > 0 ? `; ${never} never arrive, so on a GPU the workgroup would hang` : '; all arrived, so the next phase may start'}.`;
      replaceChildren(detail);
    } else {
      status.textContent = `Line ${site.line}: ${step.access} of ${step.space} ${step.variable} by ${step.lanes.length} invocation${step.lanes.length === 1 ? '' : 's'} (${site.text}), barrier phase ${step.phase + 1}.`;
      replaceChildren(detail, ...raceLines(t, step), bankLine(step));
    }
    lanesCanvas.setAttribute('aria-label', status.textContent);
  }

  draw();
  return { element, destroy: pause };
}

function raceLines(t: WatchTrace, step: WatchAccessStep): HTMLElement[] {
  if (!step.raceCount) return [];
  const verb = (k: string) => (k === 'read' ? 'reads' : k === 'write' ? 'writes' : 'updates');
  const items = step.races.slice(0, RACES_LISTED).map((r) => {
    const other = t.sites[r.otherSite];
    return h(
      'li',
      {},
      `${r.hazard}: invocation ${r.lane} ${verb(step.access)} ${step.variable} here while invocation ${r.otherLane} ${verb(r.otherKind)} it at line ${other?.line ?? '?'} (${other?.text ?? ''}) in the same barrier phase.`,
    );
  });
  return [
    h(
      'div',
      { class: 'watch-races status bad' },
      h('strong', {}, `Data race: ${step.raceCount} conflicting access${step.raceCount === 1 ? '' : 'es'} at this step`),
      h('ul', {}, items),
      step.raceCount > items.length ? h('p', {}, `(${items.length} of ${step.raceCount} listed; the red lanes are all of them)`) : null,
    ),
  ];
}

function bankLine(step: WatchAccessStep): HTMLElement | null {
  if (!step.wavefronts) return null;
  const parts: string[] = [];
  step.wavefronts.forEach((w, g) => {
    if (w)
      parts.push(
        `subgroup ${g}: ${w} wavefront${w === 1 ? '' : 's'}${w > step.idealWavefronts![g]! ? ` (conflict-free: ${step.idealWavefronts![g]})` : ''}`,
      );
  });
  return h('p', { class: 'watch-banks' }, `Banks — ${parts.join('; ')}.`);
}

/** Subgroups side by side (wrapping), each a row of lane cells with a bank strip beneath. */
function drawLanes(canvas: HTMLCanvasElement, t: WatchTrace, view: StepView, step: WatchAccessStep | undefined): void {
  const S = t.subgroupSize;
  const groups = Math.ceil(t.invocations / S);
  const blockWidth = Math.min(S, t.invocations) * LANE;
  const perLine = Math.max(1, Math.floor((640 + LANE_GAP) / (blockWidth + LANE_GAP)));
  const lineHeight = LABEL + LANE + BANK_STRIP + 8;
  canvas.width = Math.min(groups, perLine) * (blockWidth + LANE_GAP);
  canvas.height = Math.ceil(groups / perLine) * lineHeight;
  const g = canvas.getContext('2d');
  if (!g) return;
  g.clearRect(0, 0, canvas.width, canvas.height);
  g.font = '10px system-ui, sans-serif';
  for (let sg = 0; sg < groups; sg++) {
    const x0 = (sg % perLine) * (blockWidth + LANE_GAP);
    const y0 = Math.floor(sg / perLine) * lineHeight;
    g.fillStyle = '#444';
    const w = step?.wavefronts?.[sg];
    g.fillText(`subgroup ${sg}${w ? ` · ${w} wavefront${w === 1 ? '' : 's'}` : ''}`, x0, y0 + 10);
    for (let k = 0; k < S && sg * S + k < t.invocations; k++) {
      const l = sg * S + k;
      g.fillStyle = LANE_COLOURS[view.lanes[l] as LaneState];
      g.fillRect(x0 + k * LANE, y0 + LABEL, LANE - 1, LANE);
      const bank = view.banks[l]!;
      if (bank >= 0) {
        g.fillStyle = bankColour(bank, t.banks);
        g.fillRect(x0 + k * LANE, y0 + LABEL + LANE + 1, LANE - 1, BANK_STRIP);
      }
    }
  }
}

/** One variable's words, GRID_COLUMNS per row: with 32 banks a column is a bank. */
function drawGrid(canvas: HTMLCanvasElement, cells: Uint8Array): void {
  const rows = Math.ceil(cells.length / GRID_COLUMNS);
  canvas.width = Math.min(cells.length, GRID_COLUMNS) * CELL;
  canvas.height = rows * CELL;
  const g = canvas.getContext('2d');
  if (!g) return;
  for (let w = 0; w < cells.length; w++) {
    g.fillStyle = CELL_COLOURS[cells[w] as CellState];
    g.fillRect((w % GRID_COLUMNS) * CELL, Math.floor(w / GRID_COLUMNS) * CELL, CELL - 1, CELL - 1);
  }
}

function legend(): HTMLElement {
  const item = (colour: string, text: string) => h('li', {}, h('span', { class: 'swatch', style: `background:${colour}` }), text);
  return h(
    'ul',
    { class: 'watch-legend' },
    item(LANE_COLOURS[LaneState.READ], 'reads'),
    item(LANE_COLOURS[LaneState.WRITE], 'writes'),
    item(LANE_COLOURS[LaneState.ATOMIC], 'atomic'),
    item(LANE_COLOURS[LaneState.RACE], 'race'),
    item(LANE_COLOURS[LaneState.ARRIVED], 'waits at the barrier'),
    item(LANE_COLOURS[LaneState.MISSING], 'never arrives'),
    item(CELL_COLOURS[CellState.WRITTEN_THIS_PHASE], 'written earlier in this phase'),
    item('linear-gradient(90deg, hsl(0 70% 50%), hsl(120 70% 50%), hsl(240 70% 50%))', 'bank of the access (colour per bank)'),
  );
}
