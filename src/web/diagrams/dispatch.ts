// Lesson 1: a dispatch of workgroups, one workgroup opened into its invocations, and the
// built-ins that name an invocation.
import { arrow, COLOURS, rect, svg, text } from './svg.js';

export function dispatchDiagram(): string {
  const body: string[] = [text(10, 18, 'dispatch 16 workgroups', { size: 13 })];
  for (let w = 0; w < 16; w++) {
    body.push(rect(10 + w * 38, 28, 34, 26, w === 2 ? '#d7e5fb' : COLOURS.box, w === 2 ? COLOURS.accent : COLOURS.line));
    body.push(text(27 + w * 38, 46, String(w), { anchor: 'middle', size: 11 }));
  }
  body.push(text(10, 72, 'workgroup_id.x', { size: 11, fill: COLOURS.muted }));
  body.push(arrow(95, 56, 150, 100, COLOURS.accent));
  body.push(text(10, 118, 'workgroup 2: @workgroup_size(64)', { size: 13 }));
  for (let l = 0; l < 64; l++) body.push(rect(10 + l * 9.4, 128, 8, 22, l === 5 ? COLOURS.warm : '#d7e5fb', COLOURS.accent));
  body.push(text(10, 168, 'local_invocation_index 0 … 63', { size: 11, fill: COLOURS.muted }));
  body.push(arrow(57, 152, 57, 186, COLOURS.warm));
  body.push(text(10, 202, 'invocation 5 of workgroup 2: global_invocation_id.x = 2 × 64 + 5 = 133', { size: 12 }));
  return svg(620, 212, 'A dispatch of 16 workgroups; workgroup 2 holds 64 invocations; its invocation 5 has global id 133', body);
}
