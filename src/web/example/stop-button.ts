// The Stop button of an example: visible only while something of the example runs; a press
// aborts the signal the running action was given (the engine then replaces the simulator's
// worker or gives the GPU device up), so no kernel can keep an example busy for good.
import { h } from '../dom.js';

export interface StopControl {
  element: HTMLButtonElement;
  /** A fresh signal for an action that starts now; the button shows until finish(). */
  start(): AbortSignal;
  finish(): void;
  /** Whether the last action was stopped by the reader. */
  stopped(): boolean;
}

export function createStopButton(file: string): StopControl {
  let controller: AbortController | undefined;
  const element = h(
    'button',
    {
      type: 'button',
      class: 'stop',
      hidden: true,
      'aria-label': `Stop ${file}`,
      onclick: () => controller?.abort(),
    },
    'Stop',
  );
  return {
    element,
    start() {
      controller = new AbortController();
      element.hidden = false;
      return controller.signal;
    },
    finish() {
      element.hidden = true;
    },
    stopped: () => !!controller?.signal.aborted,
  };
}
