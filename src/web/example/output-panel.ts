// The output panel under an example: what the last run produced (engine, timing,
// checkpoints, buffers, compiler messages), what the last check found, and the results of
// the extra controls (Run 10×, Time 1000×, the barrier switch). Each slot is replaced on
// its own; the panel is a live region so screen readers hear the outcome.
import type { BankConflictSite, CheckReport } from '../../checks/report.js';
import type { ExampleRef } from '../../lessons/format.js';
import { formatValues } from '../../report/numbers.js';
import type { CompileMessage, RunResult } from '../../runner/result.js';
import { h, replaceChildren } from '../dom.js';
import type { CheckOutcome, RunOutcome } from '../engine/execute.js';
import type { Problem } from '../engine/problems.js';
import { at, checkpointName, runSummary } from './format.js';
import { judgeNameAtStart } from './judge.js';
import { renderBankSites } from './heatmap.js';
import { renderBufferTable } from './buffer-table.js';
import { checkTitle, renderCheckLegend } from './check-legend.js';
import { kernelNotes } from './check-notes.js';
import { renderExpectDiff } from './expect-diff.js';
import { diagnosticLink, diagnosticSites, revealLink } from './reveal-link.js';

type Slot = 'run' | 'check' | 'extra';

export class OutputPanel {
  readonly element: HTMLElement;
  private readonly slots: Record<Slot, HTMLElement>;

  constructor(file: string) {
    this.slots = {
      run: h('div', { class: 'slot-run' }),
      check: h('div', { class: 'slot-check' }),
      extra: h('div', { class: 'slot-extra' }),
    };
    this.element = h(
      'section',
      { class: 'output', 'aria-live': 'polite', 'aria-label': `Output of ${file}` },
      this.slots.run,
      this.slots.check,
      this.slots.extra,
    );
  }

  show(slot: Slot, ...content: (Node | null)[]): void {
    replaceChildren(this.slots[slot], ...content);
  }

  busy(slot: Slot, text: string): void {
    this.show(slot, h('p', { class: 'busy' }, text));
  }

  clear(): void {
    for (const s of Object.keys(this.slots) as Slot[]) this.show(s);
  }
}

export function renderProblems(problems: Problem[], heading: string): HTMLElement {
  return h(
    'div',
    { class: 'problems' },
    h('p', { class: 'status bad' }, heading),
    h(
      'ul',
      {},
      problems.map((p) => h('li', { 'data-line': p.loc?.line ?? 0 }, diagnosticLink(p), p.loc ? ' ' : null, p.message)),
    ),
  );
}

export function renderCompileMessages(messages: CompileMessage[]): HTMLElement {
  return h(
    'ul',
    { class: 'compile-messages' },
    messages.map((m) =>
      h(
        'li',
        { class: `sev-${m.severity}`, 'data-line': m.line, 'data-column': m.column },
        m.line
          ? [
              revealLink(
                at(m.line, m.column),
                [{ line: m.line, column: m.column, length: m.length, role: 'primary', label: `compiler ${m.severity}` }],
                `the compiler's ${m.severity}`,
              ),
              ' ',
            ]
          : null,
        h('strong', {}, `${m.severity}: `),
        m.message,
      ),
    ),
  );
}

function renderCheckpoints(r: RunResult): HTMLElement {
  const typeOf = (g: number, b: number) => r.buffers.find((x) => x.group === g && x.binding === b)!.type;
  return h(
    'ul',
    { class: 'checkpoints', 'aria-label': 'Checkpoints' },
    r.expects.map((e) => {
      const type = typeOf(e.group, e.binding);
      const expected = formatValues(e.expected, type, false, 8, 2);
      const body = e.ok
        ? [h('span', { class: 'verdict' }, 'pass'), ` expect ${checkpointName(e)} = ${expected}`]
        : [
            h('span', { class: 'verdict' }, 'fail'),
            ` expect ${checkpointName(e)}: expected ${expected}, got ${formatValues(e.actual, type, false, 8, 2)}`,
            renderExpectDiff(e, type),
          ];
      return h(
        'li',
        { class: e.ok ? 'pass' : 'fail', 'data-status': e.ok ? 'pass' : 'fail', 'data-line': e.line },
        revealLink(`line ${e.line}`, [{ line: e.line, role: 'primary', label: 'this checkpoint' }], 'the expect line'),
        ' ',
        ...body,
      );
    }),
  );
}

function renderBuffers(r: RunResult): HTMLElement {
  return h(
    'div',
    { class: 'buffers' },
    r.buffers.map((b) => renderBufferTable(b, r.expects)),
  );
}

export function renderRun(outcome: RunOutcome, ref: ExampleRef): HTMLElement {
  const r = outcome.result;
  const where = outcome.simulated ? h('span', { class: 'badge simulated' }, 'simulated') : null;
  if (!r) return h('div', { class: 'run' }, where, renderProblems(outcome.problems, 'The run failed'));
  const head = h('p', { class: 'status' }, where, where ? ' ' : '', runSummary(r, outcome.simulated));
  if (!r.compile.ok) {
    const expected = ref.rejects
      ? ` As the lesson intends: the error at ${at(ref.rejects.line, ref.rejects.column)} is the point of this example.`
      : '';
    return h(
      'div',
      { class: 'run' },
      where,
      h('p', { class: 'status bad' }, `${judgeNameAtStart(!outcome.simulated)} rejected the shader.${expected}`),
      renderCompileMessages(r.compile.messages),
    );
  }
  const failed = r.expects.filter((e) => !e.ok).length;
  let verdict: HTMLElement | null = null;
  if (ref.kind === 'exercise' && r.expects.length) {
    verdict = failed
      ? h('p', { class: 'verdict-line bad' }, `Not solved yet: ${failed} of ${r.expects.length} checkpoints fail.`)
      : // Solved needs Check too: the widget asks it and rewrites this line (exercise-verdict.ts).
        h('p', { class: 'verdict-line pending' }, 'Every checkpoint passes; Check and hidden test data are confirming it…');
  } else if (ref.racy && failed) {
    verdict = h('p', { class: 'verdict-line' }, 'This kernel races on purpose: this run differed from the correct values.');
  } else if (ref.rejects && outcome.simulated) {
    verdict = h(
      'p',
      { class: 'verdict-line' },
      `A real WGSL compiler rejects this shader at ${at(ref.rejects.line, ref.rejects.column)}, which is the point of the example; without WebGPU there is no compiler here, the simulator's WGSL front end let it through, and the simulator ran it anyway.`,
    );
  }
  const warnings = r.compile.messages.filter((m) => m.severity !== 'error');
  return h(
    'div',
    { class: 'run' },
    head,
    warnings.length ? renderCompileMessages(warnings) : null,
    verdict,
    r.expects.length ? renderCheckpoints(r) : null,
    renderBuffers(r),
  );
}

function renderDiagnostics(report: CheckReport): HTMLElement {
  if (!report.diagnostics.length) return h('p', { class: 'status good' }, 'No races, out-of-bounds accesses or barrier problems found.');
  return h(
    'ul',
    { class: 'diagnostics', 'aria-label': 'Analyzer findings' },
    report.diagnostics.map((d) =>
      h(
        'li',
        { class: `sev-${d.severity}`, 'data-kind': d.kind, 'data-line': d.loc?.line ?? 0 },
        diagnosticLink(d),
        d.loc ? ' ' : null,
        h('strong', { title: checkTitle(d.kind) }, `${d.kind}${d.benign ? ' (benign)' : ''}: `),
        d.message,
        d.count && d.count > 1 ? ` (${d.count} times)` : '',
        d.related.length
          ? h(
              'ul',
              { class: 'related' },
              // Its button reveals the same places, the cursor on this one (the jump to a
              // race's other access when the pair does not fit in view).
              d.related.map((x) =>
                h(
                  'li',
                  { 'data-line': x.loc.line },
                  revealLink(
                    at(x.loc.line, x.loc.column),
                    [...diagnosticSites(d)].sort((p, q) => Number(p.line !== x.loc.line) - Number(q.line !== x.loc.line)),
                    `${x.message} and the ${d.kind} it relates to`,
                  ),
                  ' ',
                  x.message,
                ),
              ),
            )
          : null,
      ),
    ),
  );
}

export function renderCheck(outcome: CheckOutcome): HTMLElement {
  const { report } = outcome;
  const compileErrors = outcome.compile?.filter((m) => m.severity === 'error') ?? [];
  if (!report)
    return h(
      'div',
      { class: 'check' },
      compileErrors.length ? renderCompileMessages(compileErrors) : null,
      renderProblems(outcome.problems, 'The check could not run'),
    );
  const conflicted = report.bankConflicts.filter((s: BankConflictSite) => s.maxWays > 1);
  const compileNotes = report.compile.ok ? [] : report.compile.messages.filter((m) => m.severity !== 'error');
  const s = report.summary;
  const notes = kernelNotes(report.notes);
  return h(
    'div',
    { class: 'check' },
    h(
      'p',
      { class: 'status' },
      `Check: ${s.errors} error(s), ${s.warnings} warning(s), ${s.races} race(s), ${s.maxBankWays > 1 ? `worst bank conflict ${s.maxBankWays}-way` : 'no bank conflicts'} (model: ${report.model.banks} banks, subgroups of ${report.model.subgroupSize}).`,
    ),
    outcome.subgroups ? h('p', { class: 'note subgroup-size' }, outcome.subgroups) : null,
    // A failed compile's errors are the report's diagnostics (listed below); only its
    // warnings and notes are listed here, so no error appears twice.
    compileNotes.length ? renderCompileMessages(compileNotes.map((m) => ({ ...m, offset: 0, length: 0 }))) : null,
    renderDiagnostics(report),
    conflicted.length
      ? renderBankSites(conflicted, report.model)
      : report.bankConflicts.length
        ? h('p', { class: 'note' }, 'Every workgroup-memory access is conflict-free.')
        : null,
    // The sampled workgroups are among these notes (once); the model's notes are in the legend.
    notes.length
      ? h(
          'ul',
          { class: 'notes' },
          notes.map((n) => h('li', {}, n)),
        )
      : null,
    renderCheckLegend(),
  );
}
