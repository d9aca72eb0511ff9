// The index: what the lab is, and the lessons in order with their summaries.
import { h } from '../dom.js';
import { LESSONS, lessonTitle } from '../content/lessons.js';
import { lessonHref } from '../router.js';
import type { Page } from './lesson-page.js';
import { lessonProgress } from './lesson-progress.js';
import type { SiteLesson } from '../content/lessons.js';

function progressLine(l: SiteLesson): HTMLElement | null {
  const { solved, total } = lessonProgress(l);
  if (!total) return null;
  const done = solved === total;
  return h(
    'p',
    { class: `progress${done ? ' done' : ''}`, 'data-solved': solved, 'data-total': total },
    `${solved} of ${total} exercise${total === 1 ? '' : 's'} solved${done ? ' ✓' : ''}`,
  );
}

export function renderIndexPage(): Page {
  const element = h(
    'article',
    { class: 'index' },
    h('h1', { tabindex: -1 }, 'wgsl-lab: workgroup memory, hands on'),
    h(
      'p',
      { class: 'summary' },
      'Lessons on WebGPU compute shaders that share data through workgroup memory. Edit any example and press Run: it runs on your GPU (on the simulator where the browser has no WebGPU); checkpoints say whether the result is right, and Check finds races, out-of-bounds accesses and bank conflicts the GPU never reports.',
    ),
    h(
      'ol',
      { class: 'lesson-list' },
      LESSONS.map((l) =>
        h(
          'li',
          {},
          h('a', { href: lessonHref(l.slug) }, lessonTitle(l)),
          l.lesson?.meta.summary ? h('p', {}, l.lesson.meta.summary) : null,
          progressLine(l),
        ),
      ),
    ),
  );
  return { element, title: 'wgsl-lab', destroy() {} };
}
