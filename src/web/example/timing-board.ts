// Compares the timing examples of one lesson: after each "Time 1000×", the ratio of the
// last two examples measured (e.g. unpadded over padded transpose), which is the number
// the lesson is about; absolute times depend on the reader's GPU. Each time is the median
// of its batches with the spread (time-spread.ts); the ratio is of the medians. Examples
// that declare their FLOPs (`flops=N`) show GFLOP/s too (flop-rate.ts).
import { h } from '../dom.js';
import type { DispatchTiming } from '../engine/timing.js';
import { dispatchSpread } from './time-spread.js';
import { flopRateText } from './flop-rate.js';

export class TimingBoard {
  readonly element = h(
    'p',
    { class: 'timing-board', 'aria-live': 'polite' },
    'Time two of the examples above (Time 1000×) to compare them.',
  );
  private measured: { file: string; timing: DispatchTiming; flops?: number }[] = [];

  record(file: string, timing: DispatchTiming, flops?: number): void {
    this.measured = [...this.measured.filter((m) => m.file !== file), { file, timing, flops }];
    const [a, b] = this.measured.slice(-2);
    if (!a || !b) return;
    const ratio = a.timing.msPerRun / b.timing.msPerRun;
    const method = a.timing.method === b.timing.method ? a.timing.method : 'mixed methods';
    const rate = (m: typeof a) => (m.flops ? `, ${flopRateText(m.flops, m.timing)}` : '');
    this.element.textContent = `Last two measured: ${a.file} ${dispatchSpread(a.timing)}${rate(a)} and ${b.file} ${dispatchSpread(b.timing)}${rate(b)} (${method}); ${a.file} / ${b.file} = ${ratio.toFixed(2)}× (ratio of the medians)`;
  }
}
