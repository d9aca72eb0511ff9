// Lesson 4: the reduction tree with sequential addressing: at each level lanes 0 … half-1
// add slot lane + half into slot lane, then a barrier.
import { arrow, COLOURS, rect, svg, text } from './svg.js';

export function reductionDiagram(): string {
  const n = 8;
  const cell = 44;
  const x0 = 110;
  const body: string[] = [];
  let y = 14;
  for (let half = n; half >= 1; half /= 2) {
    const label = half === n ? 'tile' : `half = ${half}`;
    body.push(text(x0 - 10, y + 18, label, { size: 11, anchor: 'end', fill: COLOURS.muted }));
    for (let i = 0; i < half; i++) body.push(rect(x0 + i * cell, y, cell - 6, 24, i < half / 2 ? '#d7e5fb' : COLOURS.box));
    if (half > 1)
      for (let i = 0; i < half / 2; i++) {
        body.push(arrow(x0 + (i + half / 2) * cell + 19, y + 26, x0 + i * cell + 22, y + 50, COLOURS.accent));
        body.push(arrow(x0 + i * cell + 19, y + 26, x0 + i * cell + 19, y + 50, COLOURS.muted));
      }
    if (half > 1) body.push(text(x0 + n * cell + 4, y + 40, 'workgroupBarrier()', { size: 10, fill: COLOURS.warmText }));
    y += 56;
  }
  body.push(text(x0, y + 6, 'tile[0] holds the sum after log₂ N levels', { size: 11, fill: COLOURS.good }));
  return svg(560, y + 14, 'A reduction tree over 8 slots: each level halves the active lanes, a barrier between levels', body);
}
