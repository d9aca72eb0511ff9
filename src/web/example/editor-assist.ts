// Completion and hover in the lab's editor: the language server's own logic (src/lsp's
// completionsAt and hoverAt, environment-neutral) behind CodeMirror's interfaces. The
// completion source is given as language data, which the autocompletion of basicSetup
// consults; hover is a hoverTooltip. Documentation is a small subset of Markdown (code
// blocks, rules, paragraphs, `code`, *emphasis*, **strong**) built as DOM nodes, never as
// HTML text.
import { EditorState, type Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import type { CompletionKind } from '../../lsp/completion.js';

/**
 * The language service, loaded on first use: it holds the WGSL front end, which stays out of
 * the page's main bundle (the analyzer's worker has its own copy) so first paint stays fast.
 */
let service:
  | Promise<{ completionsAt: typeof import('../../lsp/completion.js').completionsAt; hoverAt: typeof import('../../lsp/hover.js').hoverAt }>
  | undefined;
function languageService() {
  return (service ??= Promise.all([import('../../lsp/completion.js'), import('../../lsp/hover.js')]).then(([c, h]) => ({
    completionsAt: c.completionsAt,
    hoverAt: h.hoverAt,
  })));
}

/** What CodeMirror's autocompletion passes a source (the part of CompletionContext used here). */
interface CompletionRequest {
  state: EditorState;
  pos: number;
  /** Asked for (Ctrl+Space) rather than opened by typing. */
  explicit: boolean;
}

// CodeMirror's completion types (they pick the icon).
const TYPE: Record<CompletionKind, string> = {
  function: 'function',
  variable: 'variable',
  constant: 'constant',
  member: 'property',
  struct: 'class',
  type: 'type',
  keyword: 'keyword',
  attribute: 'property',
  directive: 'keyword',
};

async function complete(context: CompletionRequest) {
  const text = context.state.doc.toString();
  const { completionsAt } = await languageService();
  const result = completionsAt(text, context.pos);
  if (!result) return null;
  // While typing, the list opens on a word or right after `.`, `@`, `(` or `//!`, not after
  // every space or line break (where Enter must stay a line break).
  if (!context.explicit && result.from === context.pos && !/[.@(!]$/.test(text.slice(0, context.pos))) return null;
  return {
    from: result.from,
    validFor: /^\w*$/,
    options: result.items.map((c, i) => ({
      label: c.label,
      type: TYPE[c.kind],
      detail: c.detail,
      // The module's names first, then builtins, types and keywords, as listed.
      boost: -Math.min(i, 99),
      info: c.documentation ? () => renderDoc(c.documentation!) : undefined,
    })),
  };
}

const hover = hoverTooltip(async (view, pos) => {
  const { hoverAt } = await languageService();
  const h = hoverAt(view.state.doc.toString(), pos, undefined, { banks: 32, subgroupSize: 32 });
  if (!h) return null;
  return {
    pos: h.span.offset,
    end: h.span.offset + h.span.length,
    above: true,
    create: () => {
      const dom = document.createElement('div');
      dom.className = 'wl-hover';
      dom.append(renderDoc(h.markdown));
      return { dom };
    },
  };
});

/** The editor extensions: completion from the language server's logic, and hover. */
export function editorAssist(): Extension {
  // Fetched once the page is up, so that the first completion does not wait for it.
  setTimeout(() => void languageService(), 0);
  return [EditorState.languageData.of(() => [{ autocomplete: complete }]), hover];
}

/** The documentation's Markdown subset as DOM nodes. */
export function renderDoc(markdown: string): DocumentFragment {
  const out = document.createDocumentFragment();
  const blocks = markdown.split(/\n\n+/);
  for (let i = 0; i < blocks.length; i++) {
    let block = blocks[i]!;
    if (block.startsWith('```')) {
      // A fence may hold blank lines: gather blocks up to the closing fence.
      while (!/\n```$/.test(block) && i + 1 < blocks.length) block += '\n\n' + blocks[++i]!;
      const pre = document.createElement('pre');
      const code = document.createElement('code');
      code.textContent = block.replace(/^```\w*\n/, '').replace(/\n```$/, '');
      pre.append(code);
      out.append(pre);
    } else if (block.trim() === '---') {
      out.append(document.createElement('hr'));
    } else {
      const p = document.createElement('p');
      inline(p, block);
      out.append(p);
    }
  }
  return out;
}

function inline(parent: HTMLElement, text: string): void {
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    parent.append(text.slice(last, m.index));
    const el = document.createElement(m[1] !== undefined ? 'code' : m[2] !== undefined ? 'strong' : 'em');
    el.textContent = m[1] ?? m[2] ?? m[3]!;
    parent.append(el);
    last = re.lastIndex;
  }
  parent.append(text.slice(last));
}
