// The places a clicked finding points at, highlighted in the editor: each site's whole line
// (a race's two accesses in two distinct styles) with its column range marked and a short
// label at the end of the line. The highlight lasts until the next reveal or the next edit,
// since after an edit the lines no longer say what the finding described.
import { StateEffect, StateField, type Range, type Text } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';

/** One place of a finding: where it is and how it relates to the finding. */
export interface Site {
  line: number;
  /** 1-based; absent: the whole line. */
  column?: number;
  /**
   * The UTF-16 offset of line:column in the checked text, when known: preferred, because
   * WGSL also ends lines at VT, FF, U+0085, U+2028 and U+2029, which CodeMirror does not.
   */
  offset?: number;
  /** Characters covered; 0 or absent: the word at the column. */
  length?: number;
  /** `primary`: the finding's own place; `related`: the other place it names (a race's other access). */
  role: 'primary' | 'related';
  /** Shown at the end of the line, e.g. "data-race" or "conflicting write by invocation 0". */
  label?: string;
}

/** A site resolved against a document: its line's range and its marked span. */
export interface PlacedSite extends Site {
  lineFrom: number;
  lineTo: number;
  from: number;
  to: number;
}

/** Puts `site` in `doc`, clamping a line or column past the end (the code may have changed since). */
export function placeSite(doc: Text, site: Site): PlacedSite {
  const byOffset = site.offset !== undefined && site.column !== undefined && site.offset <= doc.length;
  const line = byOffset ? doc.lineAt(site.offset!) : doc.line(Math.min(Math.max(1, site.line), doc.lines));
  const from = byOffset ? site.offset! : Math.min(line.from + Math.max(0, (site.column ?? 1) - 1), line.to);
  let to = from + (site.length ?? 0);
  if (site.column === undefined) to = line.to;
  else if (!site.length) {
    const word = /^[\w.]+/.exec(line.text.slice(from - line.from));
    to = from + (word ? word[0].length : 0);
  }
  return { ...site, lineFrom: line.from, lineTo: line.to, from, to: Math.min(to, line.to) };
}

class SiteLabel extends WidgetType {
  constructor(
    private readonly text: string,
    private readonly role: Site['role'],
  ) {
    super();
  }
  override eq(other: SiteLabel): boolean {
    return other.text === this.text && other.role === this.role;
  }
  toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = `wl-site-label wl-site-label-${this.role}`;
    span.textContent = this.text;
    return span;
  }
}

export const showSites = StateEffect.define<PlacedSite[]>();

function decorations(sites: PlacedSite[]): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  for (const s of sites) {
    ranges.push(Decoration.line({ class: `wl-site wl-site-${s.role}`, attributes: { 'data-site': s.role } }).range(s.lineFrom));
    if (s.to > s.from) ranges.push(Decoration.mark({ class: `wl-span-${s.role}` }).range(s.from, s.to));
    if (s.label) ranges.push(Decoration.widget({ widget: new SiteLabel(s.label, s.role), side: 1 }).range(s.lineTo));
  }
  return Decoration.set(ranges, true);
}

/** The editor extension holding the highlighted sites. */
export const siteHighlights = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(showSites)) return decorations(e.value);
    return tr.docChanged ? Decoration.none : value;
  },
  provide: (f) => EditorView.decorations.from(f),
});
