// Compares the timing examples of one lesson: after each "Time 1000×", the last two
// examples measured (e.g. unpadded over padded transpose), which is the comparison the
// lesson is about; absolute times depend on the reader's GPU. Each time is the median of
// its batches with the spread (time-spread.ts); the two are compared by the lab's one rule
// (compareTimes): overlapping interquartile ranges are "within noise" and get no ratio.
import { h } from '../dom.js';
import type { DispatchTiming } from '../engine/timing.js';
import { compareTimes, comparisonText, dispatchSpread, timeSpread } from './time-spread.js';

export class TimingBoard {
  readonly element = h(
    'p',
    { class: 'timing-board', 'aria-live': 'polite' },
    'Time two of the examples above (Time 1000×) to compare them.',
  );
  private measured: { file: string; timing: DispatchTiming }[] = [];

  record(file: string, timing: DispatchTiming): void {
    this.measured = [...this.measured.filter((m) => m.file !== file), { file, timing }];
    const [a, b] = this.measured.slice(-2);
    if (!a || !b) return;
    const comparison = compareTimes(timeSpread(a.timing.samples), timeSpread(b.timing.samples));
    const method = a.timing.method === b.timing.method ? a.timing.method : 'mixed methods';
    this.element.dataset.verdict = comparison.verdict;
    this.element.textContent = `Last two measured: ${a.file} ${dispatchSpread(a.timing)} and ${b.file} ${dispatchSpread(b.timing)} (${method}); ${comparisonText(a.file, b.file, comparison)}.`;
  }
}
