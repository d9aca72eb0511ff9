// A failing checkpoint's diff: how many of its elements differ, the first one, and a table
// of expected vs got for the failing elements (the first DIFF_ROWS; the buffer grid
// highlights them all).
import type { ElementType } from '../../harness/index.js';
import { formatElement } from '../../report/numbers.js';
import type { ExpectOutcome } from '../../runner/result.js';
import { h } from '../dom.js';

const DIFF_ROWS = 16;

export function renderExpectDiff(e: ExpectOutcome, type: ElementType): HTMLElement | null {
  if (e.ok || !e.mismatches.length) return null;
  const t = e.type ?? type;
  const first = e.mismatches[0]!;
  const where = (m: ExpectOutcome['mismatches'][number]) => `[${m.index}]${m.field ?? ''}`;
  const shown = e.mismatches.slice(0, DIFF_ROWS);
  return h(
    'div',
    { class: 'expect-diff', 'data-mismatches': e.mismatches.length, 'data-first': first.index },
    h(
      'p',
      { class: 'diff-summary' },
      `${e.mismatches.length} of ${e.field ? 'the checked values' : e.end - e.start} differ; the first at ${where(first)}: expected ${formatElement(first.expected, t)}, got ${formatElement(first.actual, t)}.`,
    ),
    h(
      'table',
      { class: 'diff-table' },
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, 'element'), h('th', { scope: 'col' }, 'expected'), h('th', { scope: 'col' }, 'got')),
      ),
      h(
        'tbody',
        {},
        shown.map((m) =>
          h(
            'tr',
            { 'data-index': m.index },
            h('th', { scope: 'row' }, where(m)),
            h('td', { class: 'expected' }, formatElement(m.expected, t)),
            h('td', { class: 'got' }, formatElement(m.actual, t)),
          ),
        ),
      ),
      e.mismatches.length > shown.length
        ? h('caption', {}, `The first ${shown.length} of ${e.mismatches.length} differing elements.`)
        : null,
    ),
  );
}
