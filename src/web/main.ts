// The lab's entry point: the page shell (header, WebGPU banner, main area) and the router
// that swaps lesson pages in and out.
import './style.css';
import { findLesson } from './content/lessons.js';
import { h, replaceChildren } from './dom.js';
import { backend, tryGpuAgain } from './engine/backend.js';
import { safeModeBanner } from './safe-mode-banner.js';
import { renderIndexPage } from './pages/index-page.js';
import { renderLessonPage, type Page } from './pages/lesson-page.js';
import { INDEX_HREF, startRouter, type Route } from './router.js';

const main = h('main', { id: 'content' });
const banner = h('div', { class: 'banner-slot', role: 'status' });
document.body.replaceChildren(
  h(
    'a',
    { class: 'skip-link', href: '#content', onclick: (e: Event) => (e.preventDefault(), main.querySelector<HTMLElement>('h1')?.focus()) },
    'Skip to content',
  ),
  h(
    'header',
    { class: 'site-header' },
    h('a', { href: INDEX_HREF, class: 'site-name' }, 'wgsl-lab'),
    h('span', { class: 'tagline' }, 'WebGPU compute shaders and workgroup memory'),
  ),
  banner,
  main,
);

let current: Page | undefined;

function notFound(what: string): Page {
  return {
    element: h(
      'article',
      {},
      h('h1', { tabindex: -1 }, 'Not found'),
      h('p', {}, `There is no page ${what}. `, h('a', { href: INDEX_HREF }, 'See all lessons.')),
    ),
    title: 'Not found',
    destroy() {},
  };
}

function show(route: Route, first: boolean): void {
  // A step or section of the lesson shown: move within the page, whose examples keep their state.
  if (route.page === 'lesson' && current?.slug === route.slug && current.go) {
    current.go(route, { first: false });
    return;
  }
  current?.destroy();
  const lesson = route.page === 'lesson' ? findLesson(route.slug) : undefined;
  current =
    route.page === 'index'
      ? renderIndexPage()
      : lesson
        ? renderLessonPage(lesson)
        : notFound(route.page === 'lesson' ? `for lesson '${route.slug}'` : `at '${route.path}'`);
  replaceChildren(main, current.element);
  current.shown?.();
  document.title = route.page === 'index' ? 'wgsl-lab' : `${current.title} · wgsl-lab`;
  // A step or section route (#/lessons/SLUG/step/N, #/lessons/SLUG/SECTION) opens the lesson there.
  if (route.page === 'lesson' && current.go?.(route, { first: true })) return;
  // After a navigation, focus the new page's heading so keyboard and screen-reader users
  // start at the top of it (on first load the browser's own start is right).
  if (!first) {
    window.scrollTo(0, 0);
    main.querySelector<HTMLElement>('h1')?.focus();
  }
}

let first = true;
startRouter((route) => {
  show(route, first);
  first = false;
});
// The page is interactive from here: widgets exist and their handlers are attached (the
// GPU device is still being acquired, and Run waits for it). Tests read this mark.
performance.mark('wgsl-lab:interactive');
document.body.dataset.ready = 'true';

void backend().then((b) => {
  document.body.dataset.backend = b.kind;
  if (b.kind === 'simulator' && b.safeMode) replaceChildren(banner, safeModeBanner(b.safeMode, tryGpuAgain));
  else if (b.kind === 'simulator') {
    // The reason comes from GpuSession and already says what to install or enable.
    replaceChildren(
      banner,
      h(
        'p',
        { class: 'banner' },
        h('strong', {}, 'WebGPU is not available here, so examples run on the simulator and every result is labelled "simulated". '),
        b.reason.replace(/^./, (c) => c.toUpperCase()),
      ),
    );
  }
});
