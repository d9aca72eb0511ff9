// Hash routing (#/ and #/lessons/SLUG): every route is the same index.html, so the static
// server needs no fallback rules and the site also works opened from a plain file host.

export type Route = { page: 'index' } | { page: 'lesson'; slug: string; section?: string } | { page: 'not-found'; path: string };

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

export const INDEX_HREF = '#/';

/** Calls `render` for the current route and again whenever the hash changes. */
export function startRouter(render: (route: Route) => void): void {
  const update = () => render(parseRoute(location.hash));
  window.addEventListener('hashchange', update);
  update();
}
