// The code editor of an example: CodeMirror 6 with WGSL highlighting, completion and hover
// (editor-assist.ts), Ctrl/Cmd+Enter to run, and markers (CodeMirror lint diagnostics)
// from several sources — the compiler, the harness, a run's errors, the analyzer — each
// replaced independently of the others.
import { basicSetup } from 'codemirror';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState, Prec, type Text } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { wgsl } from '@iizukak/codemirror-lang-wgsl';
import { editorAssist } from './editor-assist.js';
import { placeSite, showSites, siteHighlights, type Site } from './sites.js';

export type MarkerSource = 'compiler' | 'run' | 'analyzer';

/** A span of the document to mark, as a diagnostic's `loc` gives it. */
export interface Marker {
  /** Index of the first character (UTF-16 code units, as CodeMirror counts). */
  offset: number;
  /** Characters covered; 0 for the word at the offset. */
  length: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface CodeEditor {
  readonly view: EditorView;
  code(): string;
  setCode(text: string): void;
  mark(source: MarkerSource, markers: Marker[]): void;
  /**
   * Shows a finding's sites: the cursor on the first, every site highlighted, and the
   * editor (and the page) scrolled so that all of them are in view when they fit, else
   * the first.
   */
  reveal(sites: Site[]): void;
  destroy(): void;
}

export interface EditorOptions {
  doc: string;
  /** Accessible name of the editing area. */
  label: string;
  /** id of the element describing the keys (Ctrl+Enter, Tab). */
  describedBy: string;
  onRun: () => void;
  onChange: (code: string) => void;
}

/** Document range of a marker, clamped to the document and to the marker's line. */
function rangeOf(doc: Text, m: Marker): { from: number; to: number } {
  const from = Math.min(Math.max(0, m.offset), doc.length);
  const line = doc.lineAt(from);
  let to = from + m.length;
  if (!m.length) {
    // An empty span (a compiler message without extent): cover the identifier or number there.
    const word = /^[\w.]+/.exec(line.text.slice(from - line.from));
    to = from + (word ? word[0].length : 1);
  }
  return { from, to: Math.min(Math.max(to, from), line.to) };
}

export function createEditor(parent: HTMLElement, options: EditorOptions): CodeEditor {
  const markers = new Map<MarkerSource, Marker[]>();
  let silent = false;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        // Above basicSetup's keymap, which binds Mod-Enter to "insert blank line".
        Prec.highest(keymap.of([{ key: 'Mod-Enter', preventDefault: true, run: () => (options.onRun(), true) }])),
        // basicSetup does not bind Tab, so Tab leaves the editor: keyboard users are never
        // trapped in it.
        basicSetup,
        wgsl(),
        editorAssist(),
        lintGutter(),
        siteHighlights,
        // tabindex: the editable content is focusable anyway; saying so lets accessibility
        // checkers (axe) see that the scrolling box around it is reachable by keyboard.
        EditorView.contentAttributes.of({ 'aria-label': options.label, 'aria-describedby': options.describedBy, tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !silent) options.onChange(u.state.doc.toString());
        }),
      ],
    }),
  });

  const redraw = () => {
    const doc = view.state.doc;
    const all: Diagnostic[] = [];
    for (const [source, list] of markers) {
      for (const m of list) {
        all.push({ ...rangeOf(doc, m), severity: m.severity, message: m.message, source, markClass: `wl-mark-${source}` });
      }
    }
    view.dispatch(setDiagnostics(view.state, all));
  };

  return {
    view,
    code: () => view.state.doc.toString(),
    setCode(text) {
      // Programmatic replacements (reset, barrier switch, step count) report no change
      // event: the caller decides what follows them.
      silent = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      silent = false;
    },
    mark(source, list) {
      markers.set(source, list);
      redraw();
    },
    reveal(sites) {
      if (!sites.length) return;
      const placed = sites.map((s) => placeSite(view.state.doc, s));
      const first = placed[0]!;
      const top = Math.min(...placed.map((p) => p.lineFrom));
      const bottom = Math.max(...placed.map((p) => p.lineTo));
      // The range spanning every site, with its head at the first site: when the range is
      // taller than the view, CodeMirror keeps the head in view.
      const span = first.lineFrom === top ? EditorSelection.range(bottom, top) : EditorSelection.range(top, bottom);
      view.focus();
      view.dispatch({
        selection: EditorSelection.cursor(first.from),
        effects: [showSites.of(placed), EditorView.scrollIntoView(span, { y: 'center' })],
      });
    },
    destroy: () => view.destroy(),
  };
}
