// A lesson page: the lesson's steps (src/lessons/steps.ts) in order, each its prose,
// question boxes and diagrams beside its example widgets, a timing comparison when the
// lesson times two or more examples, and links to the neighbouring lessons. On wide
// screens one step shows at a time (steps/step-layout.ts); below, every step shows in one
// column. Moving within the lesson (a step, a section) never rebuilds the page, so the
// examples keep their state.
import { h } from '../dom.js';
import { LESSONS, lessonTitle, type SiteLesson } from '../content/lessons.js';
import { TimingBoard } from '../example/timing-board.js';
import { createWidget, type Widget } from '../example/widget.js';
import { solutionFileName } from '../../lessons/format.js';
import { lessonSteps, type LessonStep } from '../../lessons/steps.js';
import { renderMarkdown } from '../markdown.js';
import { INDEX_HREF, lessonHref, type Route } from '../router.js';
import { renderQuestion } from './question.js';
import { renderPredictionAnswer } from './prediction-answer.js';
import { createSidebar } from '../nav/sidebar.js';
import { createStepLayout } from '../steps/step-layout.js';
import { createRecordedDiagram, type RecordedDiagram } from '../diagrams/recorded/recorded-diagram.js';

export interface Page {
  element: HTMLElement;
  title: string;
  /** The lesson shown, when the page is a lesson's: the router moves within it with `go`. */
  slug?: string;
  /** Called once the page is in the document. */
  shown?(): void;
  /** Shows the step or section a route of this lesson names (steps/step-layout.ts); false when the router's own placement applies. */
  go?(route: Extract<Route, { page: 'lesson' }>, how: { first: boolean }): boolean;
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

interface BuiltSteps {
  elements: HTMLElement[];
  widgets: Widget[];
  diagrams: RecordedDiagram[];
}

function buildSteps(l: SiteLesson, steps: LessonStep[]): BuiltSteps {
  const built: BuiltSteps = { elements: [], widgets: [], diagrams: [] };
  const examples = steps.flatMap((s) => s.items.flatMap((i) => (i.kind === 'example' ? [i.ref] : [])));
  const timingExamples = examples.filter((r) => r.timing);
  const board = timingExamples.length >= 2 ? new TimingBoard() : undefined;
  const lastTiming = timingExamples[timingExamples.length - 1];
  let questions = 0;
  for (const step of steps) {
    const prose = h('div', { class: 'prose step-prose' });
    const editors = h('div', { class: 'step-editors' });
    const opensSection = !!step.section && step.anchors[0] === step.section.id;
    // A step in the middle of a section repeats the section's name, so that shown alone it
    // still says where it is (and its headings do not skip a level).
    if (step.section && !opensSection) prose.append(h('h2', { class: 'step-continued' }, `${step.section.text} (continued)`));
    for (const item of step.items) {
      if (item.kind === 'prose') prose.append(renderMarkdown(item.text));
      else if (item.kind === 'question') prose.append(renderQuestion(l.slug, item, ++questions));
      else if (item.kind === 'answer') prose.append(renderPredictionAnswer(l.slug, item));
      else if (item.kind === 'diagram') {
        const d = createRecordedDiagram(item.ref, l.sources.get(item.ref.file), `${l.slug}-d${item.ref.line}`);
        built.diagrams.push(d);
        prose.append(d.element);
      } else {
        const solution = item.ref.kind === 'exercise' ? l.sources.get(solutionFileName(item.ref.file)) : undefined;
        const w = createWidget(item.ref, l.sources.get(item.ref.file), { slug: l.slug, timing: board, solution });
        built.widgets.push(w);
        editors.append(w.element);
        if (board && item.ref === lastTiming) editors.append(board.element);
      }
    }
    const label = `Step ${step.number} of ${steps.length}${step.section ? `: ${step.section.text}` : ''}`;
    built.elements.push(
      h(
        'section',
        {
          class: `step${editors.childElementCount ? ' has-editors' : ''}`,
          'data-step': step.number,
          'data-section': step.section?.id,
          'aria-label': label,
          tabindex: -1,
        },
        prose,
        editors.childElementCount ? editors : null,
      ),
    );
  }
  return built;
}

export function renderLessonPage(l: SiteLesson): Page {
  const title = lessonTitle(l);
  const heading = h('h1', { tabindex: -1 }, title);
  const steps = l.lesson ? lessonSteps(l.lesson) : [];
  const body = h('div', { class: 'lesson-body' });
  const built: BuiltSteps = l.lesson ? buildSteps(l, steps) : { elements: [], widgets: [], diagrams: [] };
  if (!l.lesson) body.append(h('p', { class: 'status bad' }, `This lesson could not be read: ${l.error ?? 'unknown error'}`));
  else body.append(...built.elements);
  const sidebar = createSidebar(l);
  const layout = createStepLayout({ slug: l.slug, steps, elements: built.elements, onStep: (s) => sidebar.mark(s.section?.id) });
  // In the sidebar, which stays in view on wide screens: the switch is at hand anywhere in the lesson.
  if (l.lesson) sidebar.element.append(layout.switchButton);
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
      l.lesson ? layout.nav : null,
      neighbours(l.slug, 'end'),
    ),
  );
  return {
    element,
    title,
    slug: l.slug,
    // The layout starts once the page is in the document (matchMedia and the observer see it).
    shown: () => layout.attach(element),
    go: (route, how) => layout.go(route, how),
    destroy: () => {
      layout.destroy();
      sidebar.destroy();
      built.widgets.forEach((w) => w.destroy());
      built.diagrams.forEach((d) => d.destroy());
    },
  };
}
