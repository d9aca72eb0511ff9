// Compares the timing examples of one lesson: after each "Time 1000×", the last two
// examples measured (e.g. unpadded over padded transpose), which is the comparison the
// lesson is about; absolute times depend on the reader's GPU. Each time is the median of
// its batches with the spread (time-spread.ts); the two are compared by the lab's one rule
// (compareTimes): overlapping interquartile ranges are "within noise" and get no ratio.
// "Time both, alternating" measures the two again with their batches interleaved, so that
// a slow moment of the GPU or the browser cannot fall on one of them only. Examples that
// declare their FLOPs (`flops=N`) show GFLOP/s too (flop-rate.ts).
import { h } from '../dom.js';
import { backend } from '../engine/backend.js';
import { problemsOf } from '../engine/problems.js';
import { timeAlternating, type DispatchTiming } from '../engine/timing.js';
import { compareTimes, comparisonText, dispatchSpread, timeSpread } from './time-spread.js';
import { flopRateText } from './flop-rate.js';

const ALTERNATING_DISPATCHES = 1000;

export class TimingBoard {
  private readonly text = h(
    'p',
    { class: 'timing-board', 'aria-live': 'polite' },
    'Time two of the examples above (Time 1000×) to compare them.',
  );
  private readonly again = h('button', { type: 'button', class: 'timing-alternate', hidden: true }, 'Time both, alternating');
  readonly element = h('div', { class: 'timing-compare' }, this.text, h('div', { class: 'controls' }, this.again));
  private measured: { file: string; timing: DispatchTiming; flops?: number }[] = [];
  /** Each timing example's current code, by file (the widgets register it). */
  private readonly codes = new Map<string, () => string>();

  constructor() {
    this.again.addEventListener('click', () => void this.alternate());
  }

  register(file: string, code: () => string): void {
    this.codes.set(file, code);
  }

  record(file: string, timing: DispatchTiming, flops?: number, how = ''): void {
    this.measured = [...this.measured.filter((m) => m.file !== file), { file, timing, flops }];
    const [a, b] = this.measured.slice(-2);
    if (!a || !b) return;
    const comparison = compareTimes(timeSpread(a.timing.samples), timeSpread(b.timing.samples));
    const method = a.timing.method === b.timing.method ? a.timing.method : 'mixed methods';
    this.text.dataset.verdict = comparison.verdict;
    const rate = (m: typeof a) => (m.flops ? `, ${flopRateText(m.flops, m.timing)}` : '');
    this.text.textContent = `Last two measured${how}: ${a.file} ${dispatchSpread(a.timing)}${rate(a)} and ${b.file} ${dispatchSpread(b.timing)}${rate(b)} (${method}); ${comparisonText(a.file, b.file, comparison)}.`;
    this.again.hidden = false;
  }

  /** Times the last two examples measured again, their batches interleaved. */
  private async alternate(): Promise<void> {
    const [a, b] = this.measured.slice(-2);
    const codeA = a && this.codes.get(a.file);
    const codeB = b && this.codes.get(b.file);
    if (!a || !b || !codeA || !codeB) return;
    const be = await backend();
    if (be.kind !== 'gpu') return;
    this.again.disabled = true;
    this.text.textContent = `Timing ${a.file} and ${b.file}, batches alternating…`;
    try {
      const [ta, tb] = await timeAlternating(be.session, [codeA(), codeB()], ALTERNATING_DISPATCHES);
      this.measured = this.measured.filter((m) => m.file !== a.file && m.file !== b.file);
      this.record(a.file, ta, a.flops);
      this.record(b.file, tb, b.flops, ', batches alternating');
    } catch (e) {
      this.text.textContent = `Timing failed: ${problemsOf(e)
        .map((p) => p.message)
        .join('; ')}`;
    } finally {
      this.again.disabled = false;
    }
  }
}
