// The exercise part of the lesson format: `hint:` lines after `::: exercise`, the `predict`
// flag, and clear errors at the line for hints where they do not belong.
import { describe, expect, it } from 'vitest';
import { CHECK_KINDS, LessonFormatError, lessonExamples, parseLesson, solutionFileName } from './format.js';
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
    expect(errorOf('::: example a.wgsl\nhint: no')).toBe("6: only an exercise has 'hint' lines: they follow '::: exercise FILE'");
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

describe('what Solved demands, in the exercise block', () => {
  const errorOf = (body: string) => {
    try {
      parseLesson(lesson(body), 'l.md');
    } catch (e) {
      expect(e).toBeInstanceOf(LessonFormatError);
      return `${(e as LessonFormatError).loc.line}: ${(e as Error).message}`;
    }
    return 'no error';
  };

  it('reads hidden input sets and the clean kinds', () => {
    const parsed = parseLesson(
      lesson(
        '::: exercise a.wgsl\nhint: h\nhidden (negatives): buffer 0 f32[8] = -1 - i\nhidden (odd size): buffer 0 f32[7] = i; buffer 1 f32[7]\nclean: data-race, bank-conflict\nhidden prose follows.\n',
      ),
    );
    const [ref] = lessonExamples(parsed);
    expect(ref!.hidden).toEqual([
      { label: 'negatives', directives: ['buffer 0 f32[8] = -1 - i'], line: 7 },
      { label: 'odd size', directives: ['buffer 0 f32[7] = i', 'buffer 1 f32[7]'], line: 8 },
    ]);
    expect(ref!.clean).toEqual(['data-race', 'bank-conflict']);
    expect(ref!.hints).toEqual(['h']);
    // A prose line that only starts with the word is prose.
    expect(parsed.blocks[1]).toEqual({ kind: 'markdown', text: 'hidden prose follows.' });
  });

  it('refuses malformed lines at their line of lesson.md', () => {
    expect(errorOf('::: exercise a.wgsl\nclean: data-race, races')).toBe(
      "6: unknown check kind 'races' in 'clean:' (data-race, bank-conflict, never-written-read, out-of-bounds, barrier-divergence, atomic-ordering, spin-wait)",
    );
    expect(errorOf('::: exercise a.wgsl\nhidden (x): dispatch 4')).toBe(
      "6: a hidden input set holds only 'buffer' and 'uniform' directives, found 'dispatch 4'",
    );
    expect(errorOf('::: exercise a.wgsl\nhidden (): buffer 0 f32[4]')).toBe(
      "6: a hidden input set is 'hidden (WHAT IT TESTS): buffer …; buffer …'",
    );
    expect(errorOf('::: exercise a.wgsl\nhidden (x): buffer 0 f32[4] = i +')).toMatch(
      /^6: hidden input set 'x': 'buffer 0 f32\[4\] = i \+': /,
    );
    expect(errorOf('::: example a.wgsl\nclean: data-race')).toBe("6: only an exercise has 'clean' lines: they follow '::: exercise FILE'");
    expect(errorOf('::: exercise a.wgsl\nclean: data-race\nclean: out-of-bounds')).toBe(
      "7: a second 'clean:' line; list every kind on one",
    );
  });

  it('reads answer blocks for prediction exercises above them, and refuses others', () => {
    const parsed = parseLesson(
      lesson('::: exercise a.wgsl predict\n::: exercise b.wgsl predict\n\n::: answer a.wgsl b.wgsl\nIt is **4**.\n:::\nAfter.'),
    );
    expect(parsed.blocks[2]).toEqual({ kind: 'answer', files: ['a.wgsl', 'b.wgsl'], text: 'It is **4**.', line: 8 });
    expect(lessonMarkdownTexts(parsed)).toContain('It is **4**.');
    expect(errorOf('::: exercise a.wgsl\n::: answer a.wgsl\nx\n:::')).toBe(
      "6: '::: answer' names 'a.wgsl', which is not a prediction exercise ('::: exercise a.wgsl predict') above it",
    );
    expect(errorOf('::: exercise a.wgsl predict\n::: answer a.wgsl\nx')).toBe("6: '::: answer' has no closing ':::'");
    expect(errorOf('::: answer\nx\n:::')).toBe("5: '::: answer' names the prediction exercise(s) it answers: '::: answer FILE.wgsl'");
  });

  it('names exactly the checks of the registry as clean kinds', async () => {
    const { CHECKS } = await import('../checks/registry.js');
    expect([...CHECK_KINDS].sort()).toEqual(CHECKS.map((c) => c.id).sort());
  });
});
