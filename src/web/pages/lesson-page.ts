// A lesson page: its Markdown prose, example widgets and question boxes in the order of
// lesson.md, a timing comparison when the lesson times two or more examples, and links
// to the neighbouring lessons.
import { h } from '../dom.js';
import { LESSONS, lessonTitle, type SiteLesson } from '../content/lessons.js';
import { TimingBoard } from '../example/timing-board.js';
import { createWidget, type Widget } from '../example/widget.js';
import { solutionFileName } from '../../lessons/format.js';
import { renderMarkdown } from '../markdown.js';
import { INDEX_HREF, lessonHref } from '../router.js';
import { renderQuestion } from './question.js';
import { renderPredictionAnswer } from './prediction-answer.js';
import { createSidebar } from '../nav/sidebar.js';

export interface Page {
  element: HTMLElement;
  title: string;
  /** Called once the page is in the document (the sidebar starts following the section in view). */
  shown?(): void;
  destroy(): void;
}

/** Previous/next links; the page has them at its top and end, each landmark named apart. */
function neighbours(slug: string, where: 'top' | 'end'): HTMLElement {
  const i = LESSONS.findIndex((l) => l.slug === slug);
  const prev = LESSONS[i - 1];
  const next = LESSONS[i + 1];
  return h(
    'nav',
    { class: 'lesson-nav', 'aria-label': where === 'top' ? 'Previous and next lesson' : 'Previous and next lesson, end of page' },
    prev ? h('a', { href: lessonHref(prev.slug), rel: 'prev' }, `← ${lessonTitle(prev)}`) : h('span', {}),
    h('a', { href: INDEX_HREF }, 'All lessons'),
    next ? h('a', { href: lessonHref(next.slug), rel: 'next' }, `${lessonTitle(next)} →`) : h('span', {}),
  );
}

export function renderLessonPage(l: SiteLesson): Page {
  const title = lessonTitle(l);
  const heading = h('h1', { tabindex: -1 }, title);
  const widgets: Widget[] = [];
  const body = h('div', { class: 'lesson-body' });
  if (!l.lesson) {
    body.append(h('p', { class: 'status bad' }, `This lesson could not be read: ${l.error ?? 'unknown error'}`));
  } else {
    const timingExamples = l.lesson.blocks.filter((b) => b.kind === 'example' && b.ref.timing);
    const board = timingExamples.length >= 2 ? new TimingBoard() : undefined;
    const lastTiming = timingExamples[timingExamples.length - 1];
    let questions = 0;
    const blocks = l.lesson.blocks;
    for (const [i, block] of blocks.entries()) {
      if (block.kind === 'markdown') {
        const prose = h('div', { class: 'prose' }, renderMarkdown(block.text));
        // Prose that introduces an example goes beside it on very wide screens (nav.css).
        body.append(blocks[i + 1]?.kind === 'example' ? h('div', { class: 'pair' }, prose) : prose);
      } else if (block.kind === 'question') {
        body.append(renderQuestion(l.slug, block, ++questions));
      } else if (block.kind === 'answer') {
        body.append(renderPredictionAnswer(l.slug, block));
      } else {
        const solution = block.ref.kind === 'exercise' ? l.sources.get(solutionFileName(block.ref.file)) : undefined;
        const w = createWidget(block.ref, l.sources.get(block.ref.file), { slug: l.slug, timing: board, solution });
        widgets.push(w);
        const pair = blocks[i - 1]?.kind === 'markdown' ? body.lastElementChild : null;
        (pair?.classList.contains('pair') ? pair : body).append(w.element);
        if (board && block === lastTiming) body.append(board.element);
      }
    }
  }
  const sidebar = createSidebar(l);
  const element = h(
    'article',
    { class: 'lesson lesson-layout', 'data-slug': l.slug },
    sidebar.element,
    h(
      'div',
      { class: 'lesson-main' },
      neighbours(l.slug, 'top'),
      heading,
      l.lesson?.meta.summary ? h('p', { class: 'summary' }, l.lesson.meta.summary) : null,
      body,
      neighbours(l.slug, 'end'),
    ),
  );
  return {
    element,
    title,
    shown: () => sidebar.follow(body),
    destroy: () => {
      sidebar.destroy();
      widgets.forEach((w) => w.destroy());
    },
  };
}
