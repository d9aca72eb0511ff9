// The lesson sidebar: every lesson, the current one opened into its sections, and where
// the reader is (the lesson as the page, the section being read as the location, which
// the lesson page reports as the reader pages or scrolls). Wide screens show it beside
// the lesson; narrow ones fold it into a menu that stays at the top of the window while
// the page scrolls. Section links are the lesson's addresses: the router moves within the
// page (the examples keep their state).
import './nav.css';
import { sectionHeadings } from '../../lessons/heading-id.js';
import { LESSONS, lessonTitle, type SiteLesson } from '../content/lessons.js';
import { h } from '../dom.js';
import { lessonHref, sectionHref } from '../router.js';

/** Where the sidebar is beside the page rather than a menu (nav.css uses the same width). */
const WIDE = '(min-width: 1000px)';

export interface Sidebar {
  element: HTMLElement;
  /** Marks the section being read (undefined: none). */
  mark(section: string | undefined): void;
  destroy(): void;
}

export function lessonSections(l: SiteLesson): { id: string; text: string }[] {
  return (l.lesson?.blocks ?? []).flatMap((b) => (b.kind === 'markdown' ? sectionHeadings(b.text) : []));
}

export function createSidebar(current: SiteLesson): Sidebar {
  const index = LESSONS.indexOf(current);
  const sections = lessonSections(current);
  const sectionLinks = new Map<string, HTMLAnchorElement>();
  const here = h('span', { class: 'sidebar-here' });
  const menu = h(
    'details',
    { class: 'sidebar-menu' },
    h(
      'summary',
      {},
      `Lessons · ${index + 1} of ${LESSONS.length}`,
      h('span', { class: 'sidebar-title' }, `: ${lessonTitle(current)}`),
      here,
    ),
  );
  const list = h(
    'ol',
    { class: 'sidebar-lessons' },
    LESSONS.map((l) => {
      const isCurrent = l === current;
      const link = h('a', { href: lessonHref(l.slug), 'aria-current': isCurrent ? 'page' : undefined }, lessonTitle(l));
      if (!isCurrent) return h('li', {}, link);
      const sub = h(
        'ol',
        { class: 'sidebar-sections', 'aria-label': `Sections of ${lessonTitle(l)}` },
        sections.map((s) => {
          const href = sectionHref(l.slug, s.id);
          const a = h('a', { href, 'data-section': s.id }, s.text);
          a.addEventListener('click', (e) => {
            // The address is already this section's (the reader scrolled away since): the
            // router is asked again, as no hashchange will come.
            if (location.hash === href) {
              e.preventDefault();
              window.dispatchEvent(new HashChangeEvent('hashchange'));
            }
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

  return {
    element,
    mark(id) {
      if (id) element.dataset.section = id;
      else delete element.dataset.section;
      let text = '';
      for (const [sid, a] of sectionLinks) {
        if (sid === id) {
          a.setAttribute('aria-current', 'location');
          text = a.textContent ?? '';
        } else a.removeAttribute('aria-current');
      }
      // The folded menu says where the reader is, so it is worth opening from anywhere.
      here.textContent = text ? ` › ${text}` : '';
    },
    destroy() {
      wide.removeEventListener('change', fit);
    },
  };
}
