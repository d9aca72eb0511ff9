// The notice of a page opened in safe mode (engine/safe-mode.ts): why examples run on the
// simulator, and one button to try the GPU again.
import { h } from './dom.js';
import type { InFlightRun } from './engine/safe-mode.js';

export function safeModeBanner(run: InFlightRun, tryGpuAgain: () => void): HTMLElement {
  return h(
    'div',
    { class: 'banner safe-mode' },
    h('p', {}, h('strong', {}, 'Safe mode: examples run on the simulator. ')),
    h(
      'p',
      {},
      `A GPU run of ${run.file} did not finish the last time the lab was open (it was stopped, ran out of time, or the page was closed while it ran). ` +
        'A kernel that never ends can keep a software GPU busy and stall the browser, so this page does not use the GPU. ' +
        'Every result is labelled "simulated".',
    ),
    h('button', { type: 'button', class: 'try-gpu', onclick: tryGpuAgain }, 'Try the GPU again'),
  );
}
