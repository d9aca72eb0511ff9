// The lessons, bundled at build time: every file of lessons/NN-slug/ is inlined as text,
// so the site needs no server API and works from any static host.
import { parseLesson, type ParsedLesson } from '../../lessons/format.js';

export interface SiteLesson {
  /** Folder name, e.g. `02-workgroup-memory`; also the route. */
  slug: string;
  /** Parsed lesson.md, or undefined when it has a format error. */
  lesson?: ParsedLesson;
  /** The format error's message, shown on the lesson's page instead of its content. */
  error?: string;
  /** The folder's .wgsl files by name. */
  sources: Map<string, string>;
}

const files = import.meta.glob<string>('@lessons/*/*.{md,wgsl}', { query: '?raw', import: 'default', eager: true });

function collect(): SiteLesson[] {
  const bySlug = new Map<string, { md?: string; sources: Map<string, string> }>();
  for (const [key, text] of Object.entries(files)) {
    const [slug, name] = key.split('/').slice(-2) as [string, string];
    if (!/^\d\d-/.test(slug)) continue;
    const entry = bySlug.get(slug) ?? { sources: new Map<string, string>() };
    bySlug.set(slug, entry);
    if (name === 'lesson.md') entry.md = text;
    else if (name.endsWith('.wgsl')) entry.sources.set(name, text);
  }
  return [...bySlug.entries()]
    .filter(([, e]) => e.md !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([slug, e]) => {
      try {
        return { slug, lesson: parseLesson(e.md!, `${slug}/lesson.md`), sources: e.sources };
      } catch (err) {
        return { slug, error: (err as Error).message, sources: e.sources };
      }
    });
}

export const LESSONS: readonly SiteLesson[] = collect();

export function findLesson(slug: string): SiteLesson | undefined {
  return LESSONS.find((l) => l.slug === slug);
}

/** A lesson's title, falling back to its folder name when the lesson does not parse. */
export function lessonTitle(l: SiteLesson): string {
  return l.lesson?.meta.title ?? l.slug;
}
