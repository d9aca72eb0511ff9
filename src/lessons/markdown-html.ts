// Lesson Markdown to HTML, done when the site is built (not in the reader's browser).
// Lesson text is project content, but it still never reaches the page as raw HTML: HTML
// in the Markdown is escaped and shown as text, links and images keep only web, mail,
// fragment and relative addresses, and external links open apart from the lab. The one
// extension: an image whose address is `diagram:NAME` becomes that diagram's SVG, from
// the table the caller passes (the site's diagrams), and an unknown name is an error.
import { Marked, type Tokens } from 'marked';
import { headingId } from './heading-id.js';
import type { ParsedLesson } from './format.js';
import { lessonSteps } from './steps.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** An address a lesson may link to: http(s), mailto, a fragment or a relative path (no other scheme). */
function safeUrl(href: string): string | undefined {
  const h = href.trim();
  if (/^(https?:|mailto:)/i.test(h) || h.startsWith('#')) return h;
  if (/^[a-z][a-z0-9+.-]*:/i.test(h) || h.startsWith('//')) return undefined;
  return h;
}

export function lessonMarkdownToHtml(text: string, diagrams: Record<string, string> = {}): string {
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, t: Tokens.Heading) {
        return `<h${t.depth} id="${headingId(t.text)}">${this.parser.parseInline(t.tokens)}</h${t.depth}>\n`;
      },
      html(t: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(t.text);
      },
      link(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, t: Tokens.Link) {
        const inner = this.parser.parseInline(t.tokens);
        const href = safeUrl(t.href);
        if (href === undefined) return inner;
        const external = /^https?:/i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
        const title = t.title ? ` title="${escapeHtml(t.title)}"` : '';
        return `<a href="${escapeHtml(href)}"${title}${external}>${inner}</a>`;
      },
      image(t: Tokens.Image) {
        const diagram = /^diagram:([\w-]+)$/.exec(t.href.trim());
        if (diagram) {
          const svg = diagrams[diagram[1]!];
          if (svg === undefined)
            throw new Error(`unknown diagram '${diagram[1]}' (the site has: ${Object.keys(diagrams).join(', ') || 'none'})`);
          return `<figure class="diagram" data-diagram="${diagram[1]}">${svg}<figcaption>${escapeHtml(t.text)}</figcaption></figure>`;
        }
        const src = safeUrl(t.href);
        return src === undefined ? escapeHtml(t.text) : `<img src="${escapeHtml(src)}" alt="${escapeHtml(t.text)}" />`;
      },
    },
  });
  // A diagram alone in its paragraph is a block of its own (a <figure> may not sit in a <p>).
  // Code blocks and tables scroll sideways on narrow screens: tabindex makes them reachable
  // by keyboard, so their hidden part can be scrolled into view without a mouse. (Raw HTML
  // is escaped above, so every <pre> and <table> here is one marked wrote.)
  return marked
    .parse(text, { async: false })
    .replace(/<p>(<figure class="diagram"[\s\S]*?<\/figure>)<\/p>/g, '$1')
    .replace(/<(pre|table)>/g, '<$1 tabindex="0">');
}

/**
 * Every Markdown text of a parsed lesson the lab renders: the prose of its steps
 * (src/lessons/steps.ts), question prompts and answers, exercise hints.
 */
export function lessonMarkdownTexts(lesson: ParsedLesson): string[] {
  return lessonSteps(lesson).flatMap((s) =>
    s.items.flatMap((i) =>
      i.kind === 'prose' || i.kind === 'answer'
        ? [i.text]
        : i.kind === 'question'
          ? [i.prompt, i.answer]
          : i.kind === 'example'
            ? (i.ref.hints ?? [])
            : [],
    ),
  );
}
