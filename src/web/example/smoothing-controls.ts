// The smoothing example's extras: a field for the step count, which lives in the header's
// `//! uniform 1 u32 = N` line, and the chart of inputs and outputs drawn after each run.
import type { RunResult } from '../../runner/result.js';
import { h } from '../dom.js';
import { uniformValue } from './code-transforms.js';
import { createSmoothingChart } from './smoothing-chart.js';

export const SMOOTHING_FILE = 'smoothing.wgsl';
/** The binding of the step-count uniform. */
export const STEPS_BINDING = 1;

export interface SmoothingControls {
  /** The label and field, for the widget's control row. */
  field: HTMLElement[];
  chart: HTMLElement;
  /** Shows the code's step count in the field (unless the reader is typing in it). */
  sync(code: string): void;
  draw(result: RunResult): void;
}

export function createSmoothingControls(id: string, stepsChanged: (steps: number) => void): SmoothingControls {
  const input = h('input', { type: 'number', min: 0, max: 10000, step: 1, class: 'steps', id: `${id}-steps` });
  input.addEventListener('change', () => {
    const n = Math.floor(Number(input.value));
    if (input.value.trim() !== '' && Number.isFinite(n) && n >= 0) stepsChanged(n);
  });
  const chart = createSmoothingChart();
  return {
    field: [h('label', { class: 'steps-label', for: `${id}-steps` }, 'Smoothing steps '), input],
    chart: chart.element,
    sync(code) {
      const v = uniformValue(code, STEPS_BINDING);
      if (v !== undefined && document.activeElement !== input) input.value = v;
    },
    draw(r) {
      // Inputs are the first buffer, outputs the last (the header declares them in order).
      if (r.buffers.length >= 2) chart.draw(r.buffers[0]!.values, r.buffers[r.buffers.length - 1]!.values);
    },
  };
}
