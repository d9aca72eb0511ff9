// Lesson 6: the Blelloch scan on 8 values: the up-sweep builds partial sums in place, the
// down-sweep clears the root and passes prefixes down (left child gets the parent's,
// right child the parent's plus the old left).
import { arrow, COLOURS, rect, svg, text } from './svg.js';

const INPUT = [3, 1, 7, 0, 4, 1, 6, 3];

/** The array after each level of both sweeps, computed (not typed in). */
function sweeps(): { up: number[][]; down: number[][] } {
  const a = [...INPUT];
  const up = [[...a]];
  for (let d = 1; d < a.length; d *= 2) {
    for (let j = 0; (2 * j + 2) * d - 1 < a.length; j++) a[(2 * j + 2) * d - 1]! += a[(2 * j + 1) * d - 1]!;
    up.push([...a]);
  }
  a[a.length - 1] = 0;
  const down = [[...a]];
  for (let d = a.length / 2; d >= 1; d /= 2) {
    for (let j = 0; (2 * j + 2) * d - 1 < a.length; j++) {
      const l = (2 * j + 1) * d - 1;
      const r = (2 * j + 2) * d - 1;
      const t = a[l]!;
      a[l] = a[r]!;
      a[r]! += t;
    }
    down.push([...a]);
  }
  return { up, down };
}

export function scanDiagram(): string {
  const { up, down } = sweeps();
  const cell = 34;
  const x0 = 100;
  const body: string[] = [];
  let y = 8;
  const row = (values: number[], label: string, changed: (i: number) => boolean, colour: string) => {
    body.push(text(x0 - 10, y + 17, label, { size: 11, anchor: 'end', fill: COLOURS.muted }));
    values.forEach((v, i) => {
      body.push(rect(x0 + i * cell, y, cell - 4, 24, changed(i) ? colour : COLOURS.box));
      body.push(text(x0 + i * cell + 15, y + 17, String(v), { size: 12, anchor: 'middle' }));
    });
    y += 32;
  };
  up.forEach((v, k) => row(v, k === 0 ? 'input' : `up d=${2 ** (k - 1)}`, (i) => k > 0 && (i + 1) % 2 ** k === 0, '#d7e5fb'));
  body.push(arrow(x0 + 8 * cell + 10, 20, x0 + 8 * cell + 10, y - 8, COLOURS.accent));
  down.forEach((v, k) =>
    row(v, k === 0 ? 'root := 0' : `down d=${2 ** (3 - k)}`, (i) => (k === 0 ? i === 7 : (i + 1) % 2 ** (3 - k) === 0), '#f6d2a6'),
  );
  body.push(text(x0, y + 8, `exclusive scan of [${INPUT.join(', ')}]`, { size: 11, fill: COLOURS.good }));
  return svg(420, y + 16, 'The Blelloch scan of 8 values: up-sweep partial sums, then the down-sweep from a zeroed root', body);
}
