// Lesson 2: a workgroup's tile with its halo, the values of the neighbouring workgroups'
// ranges that a stencil also reads.
import { arrow, COLOURS, rect, svg, text } from './svg.js';

export function haloDiagram(): string {
  const cell = 16;
  const x0 = 20;
  const body: string[] = [text(x0, 16, 'input', { size: 12, fill: COLOURS.muted })];
  // The input around workgroup 1's range (elements 64 … 127), abbreviated to 24 cells.
  for (let i = 0; i < 26; i++) {
    const inTile = i >= 1 && i <= 24;
    const halo = i === 0 || i === 25;
    body.push(
      rect(x0 + i * cell, 24, cell - 2, 20, halo ? '#f6d2a6' : inTile ? '#d7e5fb' : COLOURS.box, halo ? COLOURS.warm : COLOURS.accent),
    );
  }
  body.push(text(x0 + 8, 60, '63', { size: 10, anchor: 'middle' }));
  body.push(text(x0 + cell + 8, 60, '64', { size: 10, anchor: 'middle' }));
  body.push(text(x0 + 24 * cell + 8, 60, '127', { size: 10, anchor: 'middle' }));
  body.push(text(x0 + 25 * cell + 8, 60, '128', { size: 10, anchor: 'middle' }));
  body.push(arrow(x0 + 13 * cell, 64, x0 + 13 * cell, 92));
  body.push(text(x0, 110, 'var<workgroup> tile: array<f32, 66> of workgroup 1', { size: 12 }));
  for (let i = 0; i < 26; i++) {
    const halo = i === 0 || i === 25;
    body.push(rect(x0 + i * cell, 118, cell - 2, 20, halo ? '#f6d2a6' : '#d7e5fb', halo ? COLOURS.warm : COLOURS.accent));
  }
  body.push(text(x0, 156, 'halo: tile[0] and tile[65], loaded from the neighbours’ ranges', { size: 11, fill: COLOURS.warmText }));
  body.push(text(x0, 172, 'tile[1 … 64]: one value per invocation', { size: 11, fill: COLOURS.accent }));
  return svg(450, 180, 'A tile of 64 values with a halo of one value on each side, 66 slots in workgroup memory', body);
}
