// The exercise part of the lesson format: `hint:` lines after `::: exercise`, the `predict`
// flag, and clear errors at the line for hints where they do not belong.
import { describe, expect, it } from 'vitest';
import { LessonFormatError, lessonExamples, parseLesson, solutionFileName } from './format.js';
import { lessonMarkdownTexts } from './markdown-html.js';

const lesson = (body: string) => `---\ntitle: T\nsummary: S\n---\n${body}`;

describe('exercises in lesson.md', () => {
  it('collects the hints that follow an exercise, in order, and its predict flag', () => {
    const parsed = parseLesson(lesson('Prose.\n\n::: exercise a.wgsl predict\nhint: first `max`\nhint:  second\n\nAfter.\n'));
    const [ref] = lessonExamples(parsed);
    expect(ref).toMatchObject({ kind: 'exercise', file: 'a.wgsl', predict: true, hints: ['first `max`', 'second'] });
    // The hints are Markdown the site renders at build time, and not prose of the page.
    expect(lessonMarkdownTexts(parsed)).toEqual(['Prose.', 'first `max`', 'second', 'After.']);
    expect(solutionFileName('a.wgsl')).toBe('a.solution.wgsl');
  });

  it('refuses hints after an example, an empty hint and predict on an example, at their line', () => {
    const errorOf = (body: string) => {
      try {
        parseLesson(lesson(body), 'l.md');
      } catch (e) {
        expect(e).toBeInstanceOf(LessonFormatError);
        return `${(e as LessonFormatError).loc.line}: ${(e as Error).message}`;
      }
      return 'no error';
    };
    expect(errorOf('::: example a.wgsl\nhint: no')).toBe("6: only an exercise has hints: 'hint:' follows '::: exercise FILE'");
    expect(errorOf('::: exercise a.wgsl\nhint: one\nhint:')).toBe("7: an empty 'hint:' line");
    expect(errorOf('::: example a.wgsl predict')).toBe(
      "5: unknown example flag 'predict' (racy, rejects=LINE:COL, toggle-barrier, timing, flops=N)",
    );
  });

  it('reads flops=N beside timing, and refuses it without timing or as zero, at its line', () => {
    const [ref] = lessonExamples(parseLesson(lesson('::: example mm.wgsl timing flops=4194304\n')));
    expect(ref).toMatchObject({ timing: true, flops: 4194304 });
    const [plain] = lessonExamples(parseLesson(lesson('::: example mm.wgsl timing\n')));
    expect(plain!.flops).toBeUndefined();
    const errorOf = (body: string) => {
      try {
        parseLesson(lesson(body), 'l.md');
      } catch (e) {
        return `${(e as LessonFormatError).loc.line}: ${(e as Error).message}`;
      }
      return 'no error';
    };
    expect(errorOf('\n::: example mm.wgsl flops=100')).toBe("6: 'flops=N' gives the GFLOP/s of the timing control: add the 'timing' flag");
    expect(errorOf('::: example mm.wgsl timing flops=0')).toBe("5: 'flops=0': flops must be a whole number from 1 to 2^53 - 1");
    expect(errorOf('::: example mm.wgsl timing flops=2e9')).toBe(
      "5: unknown example flag 'flops=2e9' (racy, rejects=LINE:COL, toggle-barrier, timing, flops=N)",
    );
  });
});
