// Vite plugin: the lessons' Markdown rendered to HTML when the site is built, so the page
// ships neither a Markdown parser nor the work of running it. The module
// `virtual:lesson-html` maps each Markdown text of every lesson (prose, prompts, answers),
// by its textKey, to its HTML; the lab looks texts up there (src/web/markdown.ts).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { parseLesson } from '../src/lessons/format.js';
import { lessonMarkdownTexts, lessonMarkdownToHtml } from '../src/lessons/markdown-html.js';
import { textKey } from '../src/lessons/text-key.js';
import { DIAGRAMS } from '../src/web/diagrams/index.js';

const ID = 'virtual:lesson-html';

/** Key of the text (textKey) → HTML, for every lesson under `dir` (lesson.md files that do not parse are skipped: their page shows the error). */
export function renderLessonTexts(dir: string): { html: Record<string, string>; files: string[] } {
  const html: Record<string, string> = {};
  const files: string[] = [];
  const seen = new Map<string, string>();
  for (const slug of readdirSync(dir).sort()) {
    const file = join(dir, slug, 'lesson.md');
    if (!/^\d\d-/.test(slug) || !existsSync(file)) continue;
    files.push(file);
    let texts: string[];
    try {
      texts = lessonMarkdownTexts(parseLesson(readFileSync(file, 'utf8'), `${slug}/lesson.md`));
    } catch {
      continue;
    }
    for (const t of texts) {
      const key = textKey(t);
      if (seen.has(key) && seen.get(key) !== t) throw new Error(`${slug}/lesson.md: two lesson texts share the key ${key}; reword one`);
      seen.set(key, t);
      try {
        html[key] ??= lessonMarkdownToHtml(t, DIAGRAMS);
      } catch (e) {
        throw new Error(`${slug}/lesson.md: ${(e as Error).message}`);
      }
    }
  }
  return { html, files };
}

export function lessonHtml(lessonsDir: string): Plugin {
  return {
    name: 'wgsl-lab-lesson-html',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const { html, files } = renderLessonTexts(lessonsDir);
      for (const f of files) this.addWatchFile(f);
      return `export default ${JSON.stringify(html)};`;
    },
  };
}
