// The lesson sidebar: every lesson, the current one opened into its sections, and where
// the reader is (the lesson as the page, the section in view as the location). Wide
// screens show it beside the lesson; narrow ones fold it into a menu. Section links
// scroll within the page (the hash route records the section without a re-render, so
// the examples keep their state).
import './nav.css';
import { sectionHeadings } from '../../lessons/heading-id.js';
import { LESSONS, lessonTitle, type SiteLesson } from '../content/lessons.js';
import { h } from '../dom.js';
import { lessonHref, sectionHref } from '../router.js';

/** Where the sidebar is beside the page rather than a menu (nav.css uses the same width). */
const WIDE = '(min-width: 1000px)';

export interface Sidebar {
  element: HTMLElement;
  /** Starts following the section in view (call once the lesson is in the document). */
  follow(root: HTMLElement): void;
  destroy(): void;
}

export function lessonSections(l: SiteLesson): { id: string; text: string }[] {
  return (l.lesson?.blocks ?? []).flatMap((b) => (b.kind === 'markdown' ? sectionHeadings(b.text) : []));
}

/** Scrolls to a section heading of the shown lesson and moves focus there. */
export function revealSection(root: ParentNode, id: string): boolean {
  const target = root.querySelector<HTMLElement>(`h2#${CSS.escape(id)}`);
  if (!target) return false;
  target.setAttribute('tabindex', '-1');
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

export function createSidebar(current: SiteLesson): Sidebar {
  const index = LESSONS.indexOf(current);
  const sections = lessonSections(current);
  const sectionLinks = new Map<string, HTMLAnchorElement>();
  const menu = h(
    'details',
    { class: 'sidebar-menu' },
    h('summary', {}, `Lessons · ${index + 1} of ${LESSONS.length}: ${lessonTitle(current)}`),
  );
  const list = h(
    'ol',
    { class: 'sidebar-lessons' },
    LESSONS.map((l) => {
      const here = l === current;
      const link = h('a', { href: lessonHref(l.slug), 'aria-current': here ? 'page' : undefined }, lessonTitle(l));
      if (!here) return h('li', {}, link);
      const sub = h(
        'ol',
        { class: 'sidebar-sections', 'aria-label': `Sections of ${lessonTitle(l)}` },
        sections.map((s) => {
          const a = h('a', { href: sectionHref(l.slug, s.id), 'data-section': s.id }, s.text);
          a.addEventListener('click', (e) => {
            e.preventDefault();
            const root = a.closest('article') ?? document;
            if (!revealSection(root, s.id)) return;
            // Record the section in the address without a hashchange (no re-render).
            history.replaceState(null, '', sectionHref(l.slug, s.id));
            mark(s.id);
            if (!wide.matches) menu.open = false;
          });
          sectionLinks.set(s.id, a);
          return h('li', {}, a);
        }),
      );
      return h('li', { class: 'current' }, link, sub);
    }),
  );
  menu.append(list, h('p', { class: 'sidebar-position' }, `Lesson ${index + 1} of ${LESSONS.length}`));
  const element = h('nav', { class: 'sidebar', 'aria-label': 'Lessons and sections' }, menu);

  const wide = matchMedia(WIDE);
  const fit = () => (menu.open = wide.matches);
  fit();
  wide.addEventListener('change', fit);

  function mark(id: string) {
    element.dataset.section = id;
    for (const [sid, a] of sectionLinks) {
      if (sid === id) a.setAttribute('aria-current', 'location');
      else a.removeAttribute('aria-current');
    }
  }

  let observer: IntersectionObserver | undefined;
  return {
    element,
    follow(root) {
      const headings = sections.map((s) => root.querySelector<HTMLElement>(`h2#${CSS.escape(s.id)}`)).filter((x): x is HTMLElement => !!x);
      const visible = new Set<Element>();
      observer = new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (e.isIntersecting) visible.add(e.target);
            else visible.delete(e.target);
          }
          // The topmost heading in the upper part of the screen is the section being read.
          const top = headings.find((x) => visible.has(x));
          if (top) mark(top.id);
        },
        { rootMargin: '0px 0px -60% 0px' },
      );
      headings.forEach((x) => observer!.observe(x));
    },
    destroy() {
      wide.removeEventListener('change', fit);
      observer?.disconnect();
    },
  };
}
