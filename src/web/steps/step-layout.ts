// How a lesson's steps are shown. On screens at least 1200 px wide the lesson pages: one
// step at a time, Back/Next below it, the step in the address (`#/lessons/SLUG/step/N`);
// the reader may switch to the whole lesson at once (kept in this browser). Narrower
// screens show every step in one column. Either way the step being read is reported
// (onStep), from paging or, in one column, from scrolling: the step crossing a line near
// the top of the window.
import './steps.css';
import { h } from '../dom.js';
import { LESSONS, lessonTitle } from '../content/lessons.js';
import { lessonHref, stepHref, type Route } from '../router.js';
import * as storage from '../storage.js';
import type { LessonStep } from '../../lessons/steps.js';
import { stepTarget } from './step-route.js';

/** Where the lesson pages step by step (steps.css uses the same width). */
const PAGED_WIDTH = '(min-width: 1200px)';
/** The reader's choice on wide screens: 'page' shows the whole lesson, anything else pages. */
const LAYOUT_KEY = 'layout';

export interface StepLayoutOptions {
  slug: string;
  steps: readonly LessonStep[];
  /** The steps' elements, in order. */
  elements: readonly HTMLElement[];
  /** The step being read changed. */
  onStep(step: LessonStep): void;
}

export interface StepLayout {
  /** Switches between steps and the whole lesson (shown on wide screens only). */
  switchButton: HTMLElement;
  /** Back, where we are, Next (shown while paging). */
  nav: HTMLElement;
  /** Starts once the article holding the steps exists. */
  attach(article: HTMLElement): void;
  /**
   * Shows the step a route of this lesson names and scrolls there. `first`: the page was
   * just built, and a route naming no step or heading is left to the router (false).
   */
  go(route: Extract<Route, { page: 'lesson' }>, how: { first: boolean }): boolean;
  destroy(): void;
}

/** A heading of the lesson by id, in the step elements. */
function headingIn(elements: readonly HTMLElement[], id: string): HTMLElement | undefined {
  for (const el of elements) {
    const found = el.querySelector<HTMLElement>(`h2#${CSS.escape(id)}, h3#${CSS.escape(id)}`);
    if (found) return found;
  }
  return undefined;
}

/** Scrolls to an element and moves focus there (for keyboard and screen-reader users). */
function reveal(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.scrollIntoView({ block: 'start' });
  el.focus({ preventScroll: true });
}

export function createStepLayout(o: StepLayoutOptions): StepLayout {
  const wide = matchMedia(PAGED_WIDTH);
  const count = o.steps.length;
  let current = 1;
  let article: HTMLElement | undefined;
  const paged = () => wide.matches && storage.load(LAYOUT_KEY) !== 'page';

  const nextLesson = LESSONS[LESSONS.findIndex((l) => l.slug === o.slug) + 1];
  const back = h('a', { class: 'step-back', rel: 'prev' }, '← Back');
  const next = h('a', { class: 'step-next', rel: 'next' }, 'Next →');
  const position = h('p', { class: 'step-position', 'aria-live': 'polite' });
  const nav = h('nav', { class: 'step-nav', 'aria-label': 'Steps of this lesson' }, back, position, next);
  const switchButton = h('button', { type: 'button', class: 'layout-switch' });
  switchButton.addEventListener('click', () => {
    storage.save(LAYOUT_KEY, paged() ? 'page' : 'steps');
    apply();
    o.elements[current - 1]?.scrollIntoView({ block: 'start' });
  });

  function show(n: number): void {
    current = Math.min(Math.max(1, n), Math.max(1, count));
    const step = o.steps[current - 1];
    if (paged()) o.elements.forEach((el, i) => (el.hidden = i + 1 !== current));
    back.hidden = current <= 1;
    back.setAttribute('href', stepHref(o.slug, current - 1));
    const last = current >= count;
    next.hidden = last && !nextLesson;
    next.setAttribute('href', last && nextLesson ? lessonHref(nextLesson.slug) : stepHref(o.slug, current + 1));
    next.textContent = last && nextLesson ? `Next lesson: ${lessonTitle(nextLesson)} →` : 'Next →';
    position.textContent = `Step ${current} of ${count}${step?.section ? `: ${step.section.text}` : ''}`;
    if (step) o.onStep(step);
  }

  function apply(): void {
    const p = paged();
    if (article) article.dataset.layout = p ? 'steps' : 'page';
    nav.hidden = !p;
    switchButton.textContent = p ? 'Show the whole lesson' : 'Show in steps';
    if (!p) o.elements.forEach((el) => (el.hidden = false));
    show(current);
  }

  // One column: the step crossing a line 30% down the window is the one being read.
  const inBand = new Set<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) inBand.add(e.target);
        else inBand.delete(e.target);
      }
      if (paged()) return;
      const i = o.elements.findIndex((el) => inBand.has(el));
      if (i >= 0 && i + 1 !== current) show(i + 1);
    },
    { rootMargin: '-30% 0px -69% 0px' },
  );
  const onWide = () => apply();

  return {
    switchButton,
    nav,
    attach(a) {
      article = a;
      wide.addEventListener('change', onWide);
      o.elements.forEach((el) => observer.observe(el));
      apply();
    },
    go(route, how) {
      // A lesson that could not be read has no steps to move to.
      if (!o.elements.length) return false;
      const target = stepTarget(o.steps, route);
      const anchor = target.anchor ? headingIn(o.elements, target.anchor) : undefined;
      show(target.step);
      if (anchor) reveal(anchor);
      else if (route.step !== undefined && (paged() ? target.step > 1 : true)) reveal(o.elements[current - 1]!);
      else if (how.first) return false;
      else {
        // The lesson's own address, or its first step: the top of the page.
        window.scrollTo(0, 0);
        article?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
      }
      return true;
    },
    destroy() {
      wide.removeEventListener('change', onWide);
      observer.disconnect();
    },
  };
}
