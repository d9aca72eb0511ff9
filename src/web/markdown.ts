// Lesson prose to HTML. The Markdown comes from the lessons folder, bundled at build time
// (project content, not user input), so marked's HTML output is trusted as such.
import { Marked } from 'marked';

const marked = new Marked({ gfm: true });

export function renderMarkdown(text: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = marked.parse(text, { async: false });
  // Links that leave the site open in a new tab and do not expose the lab to the target.
  for (const a of template.content.querySelectorAll<HTMLAnchorElement>('a[href^="http"]')) {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  }
  return template.content;
}
