// The line a run's pre-flight (engine/preflight.ts) adds under the run's output: which
// workgroups the simulator tried before the GPU got the kernel, or, for a kernel it found
// endless (the run's error says so), a button that watches the loop.
import { h } from '../dom.js';
import type { Gate } from '../engine/preflight-gate.js';
import { preflightNote } from '../engine/preflight-text.js';
import type { WatchLoop } from '../watch/watch-slot.js';

export function renderPreflight(gate: Gate | undefined, watchLoop: (loop: WatchLoop) => void): HTMLElement | null {
  if (!gate) return null;
  if (gate.verdict === 'endless') {
    const loop = { pass: gate.pass, workgroup: gate.workgroup, maxSteps: gate.budget };
    return h(
      'p',
      { class: 'preflight endless' },
      h('button', { type: 'button', class: 'watch-loop', onclick: () => watchLoop(loop) }, 'Watch the loop'),
      ` workgroup ${gate.workgroup} step by step, from where the simulator stopped it.`,
    );
  }
  const note = preflightNote(gate);
  return note ? h('p', { class: 'note preflight' }, note) : null;
}
