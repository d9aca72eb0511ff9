// The place under an example where "Watch" shows its workgroup view: a workgroup chooser
// and the view itself. The trace is recorded in the analyzer worker; the view's code (and
// its styles) load on the first Watch, so pages that never watch do not pay for them.
import { h, replaceChildren } from '../dom.js';
import { watchInWorker } from '../engine/analyzer-client.js';
import { TaskFailed } from '../engine/worker-client.js';
import { problemsOf, type Problem } from '../engine/problems.js';
import type { WatchView } from './watch-view.js';

export interface WatchSlot {
  element: HTMLElement;
  /**
   * Records and shows the workgroup chosen in the slot (0 the first time), or the one `loop`
   * names: an endless loop's workgroup, recorded within its pre-flight's budget and shown
   * from its last step.
   */
  watch(code: string, loop?: WatchLoop): Promise<void>;
  /** Removes the view (the code it showed was reset). */
  clear(): void;
  destroy(): void;
}

/** Where a pre-flight left an endless loop (preflight.ts). */
export interface WatchLoop {
  pass: number;
  workgroup: number;
  maxSteps: number;
}

export function createWatchSlot(id: string, file: string): WatchSlot {
  const input = h('input', { type: 'number', min: 0, step: 1, value: 0, id: `${id}-watch-wg`, inputmode: 'numeric' });
  const chooser = h(
    'label',
    { class: 'watch-workgroup', for: `${id}-watch-wg`, hidden: true },
    'Workgroup to watch (linear index) ',
    input,
  );
  const body = h('div', { class: 'watch-body' });
  const element = h('div', { class: 'watch-slot' }, chooser, body);
  let view: WatchView | undefined;
  let lastCode = '';
  input.addEventListener('change', () => void slot.watch(lastCode));

  const slot: WatchSlot = {
    element,
    async watch(code, loop) {
      lastCode = code;
      view?.destroy();
      view = undefined;
      replaceChildren(body, h('p', { class: 'busy' }, 'Recording the workgroup on the simulator…'));
      if (loop) input.value = String(loop.workgroup);
      const workgroup = Math.max(0, Math.floor(Number(input.value) || 0));
      const at = loop ? { pass: loop.pass, maxSteps: loop.maxSteps } : {};
      try {
        const [trace, { renderWatch }] = await Promise.all([watchInWorker(code, file, workgroup, at), import('./watch-view.js')]);
        chooser.hidden = trace.workgroups < 2;
        input.max = String(trace.workgroups - 1);
        view = renderWatch(trace, id, loop ? 'last' : 'first');
        replaceChildren(body, view.element);
      } catch (e) {
        const problems: Problem[] = e instanceof TaskFailed ? e.problems : problemsOf(e);
        replaceChildren(
          body,
          h(
            'div',
            { class: 'problems' },
            h('p', { class: 'status bad' }, 'Watch could not record this workgroup:'),
            h(
              'ul',
              {},
              problems.map((p) => h('li', {}, p.loc ? `${p.loc.line}:${p.loc.column}: ${p.message}` : p.message)),
            ),
          ),
        );
      }
    },
    clear() {
      view?.destroy();
      view = undefined;
      replaceChildren(body);
    },
    destroy() {
      view?.destroy();
    },
  };
  return slot;
}
