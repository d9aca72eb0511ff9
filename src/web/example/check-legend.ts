// The legend of Check's findings: what each check of the analyzer looks for, from the
// registry (src/checks/registry.ts), so a new check is listed without touching the lab.
import { MODEL_NOTES } from '../../checks/model-notes.js';
import { CHECKS } from '../../checks/registry.js';
import { h } from '../dom.js';

/** One entry per check: its id (a finding's kind) and what it finds. */
export function legendEntries(): { id: string; short: string }[] {
  return CHECKS.map((c) => ({ id: c.id, short: c.rule.short }));
}

/** What a finding's kind means, for its tooltip (undefined for kinds no check makes: compiler, input). */
export function checkTitle(kind: string): string | undefined {
  return CHECKS.find((c) => c.id === kind)?.rule.short;
}

export function renderCheckLegend(): HTMLElement {
  return h(
    'details',
    { class: 'check-legend' },
    h('summary', {}, 'What Check looks for'),
    h(
      'dl',
      {},
      legendEntries().flatMap((e) => [h('dt', {}, h('code', {}, e.id)), h('dd', {}, e.short)]),
    ),
    h('p', {}, 'What the simulation and the checks assume:'),
    h(
      'ul',
      { class: 'model-notes' },
      MODEL_NOTES.map((n) => h('li', {}, n)),
    ),
  );
}
