// Hash routing (#/, #/lessons/SLUG, #/lessons/SLUG/SECTION, #/lessons/SLUG/step/N): every route is the same index.html, so the static
// server needs no fallback rules and the site also works opened from a plain file host.

export type Route =
  { page: 'index' } | { page: 'lesson'; slug: string; section?: string; step?: number } | { page: 'not-found'; path: string };

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  let path: string;
  try {
    path = decodeURIComponent(raw) || '/';
  } catch {
    // A malformed escape (`#%`, `#/lessons/%E0`) names no page: say so, never a blank page.
    return { page: 'not-found', path: raw };
  }
  if (path === '/') return { page: 'index' };
  // `lesson` as well as `lessons`: a step address is easy to type either way.
  const step = /^\/lessons?\/([\w-]+)\/step\/(\d{1,4})\/?$/.exec(path);
  if (step) return { page: 'lesson', slug: step[1]!, step: Math.max(1, Number(step[2])) };
  const m = /^\/lessons\/([\w-]+)(?:\/([\w-]+))?\/?$/.exec(path);
  if (m) return m[2] ? { page: 'lesson', slug: m[1]!, section: m[2] } : { page: 'lesson', slug: m[1]! };
  return { page: 'not-found', path };
}

export function lessonHref(slug: string): string {
  return `#/lessons/${slug}`;
}

/** A section of a lesson (the id of its heading). */
export function sectionHref(slug: string, section: string): string {
  return `#/lessons/${slug}/${section}`;
}

/** A step of a lesson (1-based), as the lesson page pages through them on wide screens. */
export function stepHref(slug: string, step: number): string {
  return `#/lessons/${slug}/step/${step}`;
}

export const INDEX_HREF = '#/';

/** Calls `render` for the current route and again whenever the hash changes. */
export function startRouter(render: (route: Route) => void): void {
  const update = () => render(parseRoute(location.hash));
  window.addEventListener('hashchange', update);
  update();
}
