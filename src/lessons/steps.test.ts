// Lessons split into steps (src/lessons/steps.ts): the rule on small lessons, and every
// lesson of the course pages with the headings it has, each example in exactly one step.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLesson, lessonExamples, type ParsedLesson } from './format.js';
import { sectionHeadings } from './heading-id.js';
import { lessonMarkdownTexts } from './markdown-html.js';
import { LONG_STEP_WORDS, lessonSteps, proseChunks, stepOfAnchor, type LessonStep } from './steps.js';

const lesson = (body: string) => parseLesson(`---\ntitle: T\nsummary: S\n---\n${body}`);

/** A step as a short string: P for prose (its first words), E(file), Q, D(file). */
function shape(s: LessonStep): string {
  return s.items
    .map((i) =>
      i.kind === 'prose'
        ? `P(${i.text.split('\n', 1)[0]})`
        : i.kind === 'example'
          ? `E(${i.ref.file})`
          : i.kind === 'question'
            ? 'Q'
            : i.kind === 'answer'
              ? `A(${i.files.join(',')})`
              : `D(${i.ref.file})`,
    )
    .join(' ');
}

describe('lesson steps', () => {
  it('starts a step at each ## section; the lead-in joins the first', () => {
    const steps = lessonSteps(lesson('Lead-in.\n\n## One\n\nText one.\n\n::: example a.wgsl\n\nAfter a.\n\n## Two\n\nText two.\n'));
    expect(steps.map(shape)).toEqual(['P(Lead-in.) E(a.wgsl) P(After a.)', 'P(## Two)']);
    expect(steps.map((s) => [s.number, s.section?.id, s.anchors])).toEqual([
      [1, 'one', ['one']],
      [2, 'two', ['two']],
    ]);
  });

  it('gives a second editor a step of its own with the paragraph that introduces it; adjacent editors stay together', () => {
    const steps = lessonSteps(
      lesson(
        '## S\n\nIntro.\n\n::: example a.wgsl\n\nAbout a.\n\nNow b:\n\n::: example b.wgsl\n::: example c.wgsl\n\n::: question\nWhy?\n---\nBecause.\n:::\n',
      ),
    );
    expect(steps.map(shape)).toEqual(['P(## S) E(a.wgsl) P(About a.)', 'P(Now b:) E(b.wgsl) E(c.wgsl) Q']);
    // Both steps belong to section S; only the first holds its heading.
    expect(steps.map((s) => [s.section?.id, s.anchors])).toEqual([
      ['s', ['s']],
      ['s', []],
    ]);
    // The prose next to a.wgsl, split apart, joins back into one text per run.
    expect(steps[0]!.items[0]).toEqual({ kind: 'prose', text: '## S\n\nIntro.' });
  });

  it('never moves a list item or a heading away from the text it belongs to', () => {
    const steps = lessonSteps(lesson('## S\n\n::: example a.wgsl\n\n- one\n\n- two\n\n::: example b.wgsl\n'));
    // The loose list stays whole with a.wgsl; b.wgsl starts a step with nothing moved.
    expect(steps.map(shape)).toEqual(['P(## S) E(a.wgsl) P(- one)', 'E(b.wgsl)']);
    expect(steps[0]!.items[2]).toEqual({ kind: 'prose', text: '- one\n\n- two' });
  });

  it('splits at ### only after an editor or a long stretch of prose', () => {
    const long = Array.from({ length: LONG_STEP_WORDS + 1 }, () => 'word').join(' ');
    const short = lessonSteps(lesson('## S\n\nShort.\n\n### Sub\n\nMore.\n'));
    expect(short.map(shape)).toEqual(['P(## S)']);
    expect(short[0]!.anchors).toEqual(['s', 'sub']);
    const afterLong = lessonSteps(lesson(`## S\n\n${long}\n\n### Sub\n\nMore.\n`));
    expect(afterLong.map(shape)).toEqual(['P(## S)', 'P(### Sub)']);
    const afterEditor = lessonSteps(lesson('## S\n\n::: example a.wgsl\n\n### Sub\n\nMore.\n'));
    expect(afterEditor.map(shape)).toEqual(['P(## S) E(a.wgsl)', 'P(### Sub)']);
    expect(stepOfAnchor(afterEditor, 'sub')?.number).toBe(2);
    expect(stepOfAnchor(afterEditor, 'nowhere')).toBeUndefined();
  });

  it('splits prose only outside code fences', () => {
    const chunks = proseChunks('A.\n\n```\ncode\n\n## not a heading\n```\n\n## Real\ntext');
    expect(chunks.map((c) => c.text)).toEqual(['A.', '```\ncode\n\n## not a heading\n```', '## Real\ntext']);
    expect(chunks.map((c) => c.heading?.id)).toEqual([undefined, undefined, 'real']);
  });

  it('keeps diagrams in place, in the prose of their step', () => {
    const steps = lessonSteps(lesson('## S\n\nText.\n\n::: diagram a.wgsl reduction\n\n::: example a.wgsl\n'));
    expect(steps.map(shape)).toEqual(['P(## S) D(a.wgsl) E(a.wgsl)']);
  });
});

describe('the lessons of the course as steps', () => {
  const root = new URL('../../lessons/', import.meta.url);
  const lessons: [string, ParsedLesson, string][] = readdirSync(root)
    .filter((d) => /^\d\d-/.test(d))
    .sort()
    .map((slug) => {
      const text = readFileSync(new URL(`${slug}/lesson.md`, root), 'utf8');
      return [slug, parseLesson(text), text];
    });

  it.each(lessons)('%s: every section, example and text is in one step, in order', (_slug, parsed) => {
    const steps = lessonSteps(parsed);
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.map((s) => s.number)).toEqual(steps.map((_, i) => i + 1));
    const examples = steps.flatMap((s) => s.items.flatMap((i) => (i.kind === 'example' ? [i.ref.file] : [])));
    expect(examples).toEqual(lessonExamples(parsed).map((e) => e.file));
    // Each step holds at most one run of editors: one idea, one edit.
    for (const s of steps) {
      const kinds = s.items.map((i) => (i.kind === 'example' ? 'E' : 'o')).join('');
      expect(kinds.replace(/E+/, 'E'), `step ${s.number}`).not.toMatch(/E.*E/);
    }
    // Every ## heading lands on the step that starts with it.
    const headings = parsed.blocks.flatMap((b) => (b.kind === 'markdown' ? sectionHeadings(b.text) : []));
    for (const h of headings) {
      const step = stepOfAnchor(steps, h.id)!;
      expect(step.section?.id).toBe(h.id);
    }
    // No prose is lost or repeated: the pieces hold every word of the lesson's prose.
    const words = (t: string) => t.split(/\s+/).filter(Boolean);
    const prose = parsed.blocks.flatMap((b) => (b.kind === 'markdown' ? words(b.text) : []));
    expect(steps.flatMap((s) => s.items.flatMap((i) => (i.kind === 'prose' ? words(i.text) : [])))).toEqual(prose);
    expect(lessonMarkdownTexts(parsed).length).toBeGreaterThan(steps.length);
  });
});
