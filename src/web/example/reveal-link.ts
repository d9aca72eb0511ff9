// A location in the output panel as a button: it carries the sites it points at (as data,
// so the renderers need no editor) and the widget, listening on the panel, reveals them in
// the editor. A race's button carries both accesses.
import type { Diagnostic } from '../../diagnostics/index.js';
import { h } from '../dom.js';
import { at } from './format.js';
import type { Site } from './sites.js';

/** A button showing `text` (a `line:column`) that reveals `sites`; `what` completes its accessible name. */
export function revealLink(text: string, sites: Site[], what: string): HTMLButtonElement {
  return h(
    'button',
    { type: 'button', class: 'loc reveal', 'data-sites': JSON.stringify(sites), 'aria-label': `${text}: show ${what} in the editor` },
    text,
  );
}

/** A located diagnostic's sites: its own place, then each related place. */
export function diagnosticSites(d: Pick<Diagnostic, 'kind' | 'loc' | 'related' | 'file'>): Site[] {
  const sites: Site[] = [];
  // The offset places the site where CodeMirror's lines differ from WGSL's (sites.ts); it
  // indexes the checked text only, not a module's.
  const offset = (loc: { offset: number }, file: string | undefined) => (file === undefined ? { offset: loc.offset } : {});
  if (d.loc)
    sites.push({ line: d.loc.line, column: d.loc.column, ...offset(d.loc, d.file), length: d.loc.length, role: 'primary', label: d.kind });
  for (const r of d.related)
    sites.push({
      line: r.loc.line,
      column: r.loc.column,
      ...offset(r.loc, r.file),
      length: r.loc.length,
      role: 'related',
      label: r.message,
    });
  return sites;
}

/** The reveal button of a diagnostic at its location (null when it has none). */
export function diagnosticLink(d: Pick<Diagnostic, 'kind' | 'loc' | 'related' | 'file'>): HTMLButtonElement | null {
  if (!d.loc) return null;
  const others = d.related.map((r) => at(r.loc.line, r.loc.column));
  const what = `the ${d.kind}${others.length ? ` and the related place${others.length > 1 ? 's' : ''} at ${others.join(', ')}` : ''}`;
  return revealLink(at(d.loc.line, d.loc.column), diagnosticSites(d), what);
}

/** Calls `reveal` with the sites of any reveal button clicked (or pressed) inside `container`. */
export function onRevealClick(container: HTMLElement, reveal: (sites: Site[]) => void): void {
  container.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLElement>('button.reveal');
    if (!button?.dataset.sites || !container.contains(button)) return;
    reveal(JSON.parse(button.dataset.sites) as Site[]);
  });
}
