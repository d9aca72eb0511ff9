// Lesson prose as HTML. The Markdown was rendered when the site was built
// (scripts/lesson-html-plugin.ts, with raw HTML escaped and only safe link addresses), so
// the page ships no Markdown parser; here a text is looked up and its HTML placed.
import lessonHtml from 'virtual:lesson-html';
import { textKey } from '../lessons/text-key.js';

export function renderMarkdown(text: string): DocumentFragment {
  const template = document.createElement('template');
  const html = lessonHtml[textKey(text)];
  if (html !== undefined) {
    template.innerHTML = html;
    return template.content;
  }
  // A text the build did not see (it cannot happen for lesson files): shown as plain text,
  // paragraph by paragraph, never as markup.
  for (const para of text.split(/\n\s*\n/)) {
    const p = document.createElement('p');
    p.textContent = para.trim();
    template.content.append(p);
  }
  return template.content;
}
