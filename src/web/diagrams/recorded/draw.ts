// Drawing of one frame of a recorded diagram as SVG nodes (never markup from strings).
// Reduction and scan: a row of the variable's words per phase, the phases so far coloured
// with arrows for the values that moved, the later ones faint, so the tree grows as the
// reader steps. Tile and phases: the lanes of the workgroup and the variable's words at
// the current phase, and a strip of every phase with the current one marked.
import { COLOURS } from '../svg.js';
import type { DiagramFrame, DiagramFrames } from './frames.js';

const NS = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const LEFT = 80;

/** Fills of the cells (the legend below the diagram names them: recorded.css). */
const FILLS = {
  idle: '#eef0f3',
  read: '#cfe0fb',
  write: '#2f6fd6',
  load: '#e07b00',
  future: '#f7f8fa',
  active: '#1d7a3c',
  waiting: '#c4161c',
};

function el(tag: string, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const c of children) e.append(c);
  return e;
}

function label(x: number, y: number, s: string, anchor: 'start' | 'end' = 'end'): SVGElement {
  return el('text', { x, y, 'font-size': 13, 'text-anchor': anchor, fill: COLOURS.muted }, s);
}

/** The fill of word w in a frame. */
function wordFill(f: DiagramFrame, w: number): string {
  if (f.loads.includes(w)) return FILLS.load;
  if (f.writes.includes(w)) return FILLS.write;
  if (f.reads.includes(w)) return FILLS.read;
  return FILLS.idle;
}

/** A row of `count` cells from LEFT, each filled by `fill(i)`. */
function strip(y: number, height: number, count: number, fill: (i: number) => string): SVGElement {
  const cell = (WIDTH - LEFT) / count;
  const g = el('g', {});
  for (let i = 0; i < count; i++) {
    g.append(el('rect', { x: LEFT + i * cell, y, width: Math.max(cell - (cell > 4 ? 1 : 0), 0.5), height, fill: fill(i) }));
  }
  return g;
}

function treeView(d: DiagramFrames, index: number): SVGElement {
  const rowH = 16;
  const gap = 22;
  const cell = (WIDTH - LEFT) / d.words;
  const mid = (w: number) => LEFT + (w + 0.5) * cell;
  const body: SVGElement[] = [];
  d.frames.forEach((f, k) => {
    const y = 8 + k * (rowH + gap);
    const done = k <= index;
    body.push(label(LEFT - 6, y + rowH - 3, `phase ${k + 1}`));
    body.push(strip(y, rowH, d.words, (w) => (done ? wordFill(f, w) : FILLS.future)));
    if (k === index)
      body.push(
        el('rect', {
          x: LEFT - 2,
          y: y - 2,
          width: WIDTH - LEFT + 4,
          height: rowH + 4,
          fill: 'none',
          stroke: COLOURS.ink,
          'stroke-width': 1.5,
        }),
      );
    if (done && k > 0)
      for (const { from, to } of f.flows)
        body.push(el('line', { x1: mid(from), y1: y - gap + 1, x2: mid(to), y2: y - 1, stroke: COLOURS.accent, 'stroke-width': 1 }));
  });
  const height = 8 + d.frames.length * (rowH + gap);
  return el('svg', { viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, role: 'img' }, ...body);
}

function phaseView(d: DiagramFrames, index: number): SVGElement {
  const f = d.frames[index]!;
  const body: SVGElement[] = [];
  const active = new Set(f.lanes);
  const arrivedAll = f.barrier && f.barrier.waiting === 0;
  body.push(label(LEFT - 6, 22, 'lanes'));
  body.push(strip(10, 16, d.invocations, (l) => (active.has(l) ? FILLS.active : FILLS.idle)));
  body.push(label(LEFT - 6, 58, d.variable));
  body.push(strip(46, 16, d.words, (w) => wordFill(f, w)));
  // The phases as a timeline: each box a phase, the barrier between two boxes.
  const n = d.frames.length;
  const box = (WIDTH - LEFT) / n;
  body.push(label(LEFT - 6, 94, 'phases'));
  for (let k = 0; k < n; k++) {
    body.push(
      el('rect', {
        x: LEFT + k * box,
        y: 82,
        width: Math.max(box - 3, 1),
        height: 16,
        fill: k === index ? COLOURS.ink : k < index ? FILLS.read : FILLS.idle,
      }),
    );
  }
  if (f.barrier)
    body.push(
      label(
        LEFT,
        118,
        `then ${f.barrier.text} at line ${f.barrier.line}: ${arrivedAll ? 'every running lane arrives' : `${f.barrier.waiting} lanes never arrive`}`,
        'start',
      ),
    );
  return el('svg', { viewBox: `0 0 ${WIDTH} 126`, width: WIDTH, role: 'img' }, ...body);
}

/** The frame as an SVG image, described by its caption for screen readers. */
export function drawFrame(d: DiagramFrames, index: number): SVGElement {
  const svg = d.kind === 'reduction' || d.kind === 'scan' ? treeView(d, index) : phaseView(d, index);
  svg.setAttribute('aria-label', `${d.variable}, ${d.words} words: phase ${index + 1} of ${d.frames.length}`);
  svg.setAttribute('font-family', 'system-ui, sans-serif');
  return svg;
}

/** The colours' key, drawn once under the diagram. */
export function drawLegend(kind: DiagramFrames['kind']): SVGElement {
  const keys: [string, string][] = [
    [FILLS.load, 'written from outside (a load)'],
    [FILLS.write, 'written from the variable'],
    [FILLS.read, 'read'],
  ];
  if (kind === 'tile' || kind === 'phases') keys.push([FILLS.active, 'lane active in the phase']);
  const body: SVGElement[] = [];
  let x = 0;
  for (const [fill, text] of keys) {
    body.push(el('rect', { x, y: 3, width: 12, height: 12, fill, stroke: COLOURS.line }));
    body.push(el('text', { x: x + 16, y: 13, 'font-size': 13, fill: COLOURS.ink }, text));
    x += 24 + text.length * 7;
  }
  const svg = el('svg', { viewBox: `0 0 ${x} 18`, width: x, class: 'rd-legend', 'aria-hidden': 'true' }, ...body);
  svg.setAttribute('font-family', 'system-ui, sans-serif');
  return svg;
}
