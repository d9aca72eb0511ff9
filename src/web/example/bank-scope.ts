// Which workgroups the bank-conflict figures of a Check cover. Check's executions,
// wavefronts, ideal and excess are sums over every workgroup it simulated (the whole
// dispatch, or the sample it names), while lessons often reason about one workgroup; the
// panel says which, so a learner comparing the two is not off by the workgroup count.
import type { CheckReport } from '../../checks/report.js';
import type { Harness } from '../../harness/index.js';

const product = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);

/** Workgroups the header dispatches, over every pass. */
export function dispatchedWorkgroups(harness: Pick<Harness, 'dispatch' | 'passes'>): number {
  return harness.passes.length ? harness.passes.reduce((n, p) => n + product(p.dispatch), 0) : product(harness.dispatch);
}

/** The sentence under the bank figures, or '' when the report has none. */
export function bankFigureScope(report: Pick<CheckReport, 'bankConflicts' | 'sampledWorkgroups'>, dispatched: number): string {
  if (!report.bankConflicts.length) return '';
  const what = 'Bank figures (executions, wavefronts, ideal, excess)';
  const simulated = report.sampledWorkgroups?.simulated ?? dispatched;
  if (simulated === 1) return `${what} are for the one workgroup simulated; the worst degree (n-way) is per access.`;
  const which = report.sampledWorkgroups
    ? `the ${simulated} workgroups simulated (of ${report.sampledWorkgroups.total})`
    : `all ${simulated} workgroups of the dispatch`;
  return `${what} are totals over ${which}; when every workgroup does the same work, one workgroup's share is 1/${simulated} of each. The worst degree (n-way) is per access.`;
}
