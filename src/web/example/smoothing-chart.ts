// The chart under the smoothing example: the 64 noisy inputs as grey bars and the smoothed
// outputs as narrower blue bars on top, on one scale, so each run shows what the steps did.
import { h } from '../dom.js';

const WIDTH = 640;
const HEIGHT = 200;

export interface SmoothingChart {
  element: HTMLElement;
  draw(inputs: ArrayLike<number>, outputs: ArrayLike<number>): void;
}

export function createSmoothingChart(): SmoothingChart {
  const canvas = h('canvas', {
    class: 'smoothing-chart',
    width: WIDTH,
    height: HEIGHT,
    role: 'img',
    'aria-label': 'Noisy inputs and smoothed outputs (run the example to draw them)',
  });
  const element = h(
    'figure',
    { class: 'smoothing' },
    canvas,
    h(
      'figcaption',
      {},
      h('span', { class: 'legend legend-input' }, 'noisy input'),
      ' ',
      h('span', { class: 'legend legend-output' }, 'smoothed output'),
    ),
  );
  return {
    element,
    draw(inputs, outputs) {
      const g = canvas.getContext('2d');
      if (!g) return;
      const n = Math.max(inputs.length, outputs.length);
      let top = 0;
      for (let i = 0; i < n; i++) top = Math.max(top, inputs[i] ?? 0, outputs[i] ?? 0);
      const scale = top > 0 ? (HEIGHT - 10) / top : 0;
      const slot = WIDTH / Math.max(1, n);
      g.fillStyle = '#fff';
      g.fillRect(0, 0, WIDTH, HEIGHT);
      const bar = (i: number, v: number, inset: number, colour: string) => {
        const hgt = Math.max(0, v) * scale;
        g.fillStyle = colour;
        g.fillRect(i * slot + inset, HEIGHT - hgt, slot - 2 * inset, hgt);
      };
      for (let i = 0; i < inputs.length; i++) bar(i, inputs[i]!, 0.5, '#b8bec7');
      for (let i = 0; i < outputs.length; i++) bar(i, outputs[i]!, slot * 0.3, '#2f6fd6');
      canvas.setAttribute('aria-label', `Bar chart of ${inputs.length} noisy inputs (grey) and ${outputs.length} smoothed outputs (blue)`);
    },
  };
}
