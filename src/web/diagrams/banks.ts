// Lesson 3: words of workgroup memory laid over 32 banks; a stride-2 access puts two
// lanes' words in one bank (two wavefronts), a stride-1 access one each.
import { COLOURS, rect, svg, text } from './svg.js';

export function banksDiagram(): string {
  const cell = 17;
  const x0 = 64;
  const body: string[] = [text(x0, 14, 'bank 0 … 31 (a column is a bank)', { size: 12, fill: COLOURS.muted })];
  for (let r = 0; r < 3; r++) {
    body.push(text(x0 - 8, 36 + r * 20, `words ${r * 32}…`, { size: 10, anchor: 'end', fill: COLOURS.muted }));
    for (let b = 0; b < 32; b++) {
      const word = r * 32 + b;
      const stride2 = word % 2 === 0 && word < 64;
      body.push(rect(x0 + b * cell, 24 + r * 20, cell - 2, 16, stride2 ? (word < 32 ? '#d7e5fb' : '#f6d2a6') : COLOURS.box));
    }
  }
  body.push(text(x0, 100, 'tile[2 * lane] for lanes 0 … 31: lanes 0 … 15 hit the even banks of row 0 (blue),', { size: 11 }));
  body.push(text(x0, 116, 'lanes 16 … 31 the same banks again in row 1 (orange): 2 words per bank, 2 wavefronts.', { size: 11 }));
  body.push(text(x0, 132, 'tile[lane]: one word in each of the 32 banks, 1 wavefront.', { size: 11, fill: COLOURS.good }));
  return svg(620, 140, 'Workgroup memory words over 32 banks: a stride of 2 words puts two words in each even bank', body);
}
