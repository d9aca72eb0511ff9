// A buffer after a run as a grid: rows of ROW_WIDTH elements, each row headed by its first
// index and each column by its offset, the elements that failed a checkpoint highlighted.
// Only a window of rows is in the page at a time (a 10^6-element buffer must not become
// 10^6 cells): Previous/Next page through it, "Show more" widens it up to a cap, and
// "Next mismatch" jumps to the next failing element past the window (wrapping around).
import type { BufferResult, ExpectOutcome } from '../../runner/result.js';
import { bindingName } from '../../harness/index.js';
import { formatElement } from '../../report/numbers.js';
import { h, replaceChildren } from '../dom.js';

const ROW_WIDTH = 16;
/** Rows shown at first, and added by each "Show more". */
const PAGE_ROWS = 4;
/** The most rows ever in the page at once (1,024 cells). */
const MAX_ROWS = 64;

/** A failing element: what the checkpoint expected there. */
interface Failure {
  expected: number;
  actual: number;
  line: number;
}

/** The failing elements of `b`, by index, from the checkpoints on it (struct fields aside). */
function failuresOf(b: Pick<BufferResult, 'group' | 'binding'>, expects: readonly ExpectOutcome[]): Map<number, Failure> {
  const out = new Map<number, Failure>();
  for (const e of expects) {
    if (e.ok || e.field || e.group !== b.group || e.binding !== b.binding) continue;
    for (const m of e.mismatches) if (!out.has(m.index)) out.set(m.index, { expected: m.expected, actual: m.actual, line: e.line });
  }
  return out;
}

export function renderBufferTable(b: BufferResult, expects: readonly ExpectOutcome[]): HTMLElement {
  const name = `${bindingName(b)}${b.name ? ` ${b.name}` : ''}`;
  // A buffer the shader never uses is not bound, so nothing is read back from it.
  if (b.values.length < b.count)
    return h(
      'figure',
      { class: 'buffer', 'data-binding': bindingName(b) },
      h('figcaption', {}, `${name}: not used by the shader, so not read back`),
    );
  const failures = failuresOf(b, expects);
  const totalRows = Math.ceil(b.count / ROW_WIDTH);
  const failing = [...failures.keys()].sort((a, b) => a - b);
  let rows = PAGE_ROWS;
  // The window opens on the first failing element, wherever it is.
  const firstRow = failing.length ? Math.floor(failing[0]! / ROW_WIDTH) : 0;
  let start = firstRow < rows ? 0 : Math.max(0, Math.min(firstRow, totalRows - rows));

  const table = h('table', { class: 'buffer-grid' });
  const range = h('span', { class: 'buffer-range' });
  const button = (label: string, action: () => void) =>
    h('button', { type: 'button', class: 'small', 'aria-label': `${label} of buffer ${name}`, onclick: () => (action(), draw()) }, label);
  const prev = button('Previous', () => (start = Math.max(0, start - rows)));
  const next = button('Next', () => (start = Math.min(Math.max(0, totalRows - rows), start + rows)));
  const more = button('Show more', () => {
    rows = Math.min(MAX_ROWS, rows + PAGE_ROWS);
    // At the end of the buffer the window grows upwards.
    start = Math.max(0, Math.min(start, totalRows - rows));
  });
  const jump = failing.length
    ? button('Next mismatch', () => {
        const past = (start + rows) * ROW_WIDTH;
        const target = failing.find((i) => i >= past) ?? failing[0]!;
        start = Math.max(0, Math.min(Math.floor(target / ROW_WIDTH), totalRows - rows));
      })
    : null;

  const head = h(
    'thead',
    {},
    h(
      'tr',
      {},
      h('th', { scope: 'col', class: 'corner' }, 'index'),
      Array.from({ length: Math.min(ROW_WIDTH, b.count) }, (_, c) => h('th', { scope: 'col' }, `+${c}`)),
    ),
  );

  function cell(i: number): HTMLElement {
    const v = formatElement(b.values[i]!, b.type);
    const f = failures.get(i);
    if (!f) return h('td', { 'data-index': i }, v);
    return h(
      'td',
      { class: 'fail', 'data-index': i, title: `[${i}]: expected ${formatElement(f.expected, b.type)}, got ${v} (line ${f.line})` },
      v,
    );
  }

  function draw(): void {
    const body = h('tbody', {});
    const end = Math.min(totalRows, start + rows);
    for (let r = start; r < end; r++) {
      const from = r * ROW_WIDTH;
      const cells: HTMLElement[] = [];
      for (let i = from; i < Math.min(b.count, from + ROW_WIDTH); i++) cells.push(cell(i));
      body.append(h('tr', {}, h('th', { scope: 'row' }, String(from)), cells));
    }
    replaceChildren(table, head, body);
    const last = Math.min(b.count, end * ROW_WIDTH);
    range.textContent = `elements ${start * ROW_WIDTH}–${last - 1} of ${b.count}`;
    prev.disabled = start === 0;
    next.disabled = end >= totalRows;
    more.hidden = rows >= MAX_ROWS || rows >= totalRows;
  }
  draw();

  const paging = totalRows > PAGE_ROWS ? [prev, next, more] : [];
  return h(
    'figure',
    { class: 'buffer', 'data-binding': bindingName(b), 'data-failures': failures.size },
    h(
      'figcaption',
      {},
      h('strong', {}, name),
      `: ${b.type}[${b.count}]`,
      failures.size ? h('span', { class: 'buffer-failures' }, ` — ${failures.size} element(s) fail a checkpoint`) : null,
    ),
    h('div', { class: 'buffer-scroll', tabindex: 0, role: 'region', 'aria-label': `Buffer ${name}` }, table),
    h('div', { class: 'buffer-nav' }, range, ...paging, jump),
  );
}
