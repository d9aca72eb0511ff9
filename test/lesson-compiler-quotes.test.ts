// The compiler output quoted in the lessons is what the lab shows for that example: each
// fenced block of `LINE:COL SEVERITY: MESSAGE` lines after a `rejects=` example matches the
// front end's messages for the example (Tint's, as differential tests pin), message for
// message, with the severity words of `check --json` and the lab's panel (error, warning,
// info; never Tint's text-form "note").
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../src/lessons/format.js';
import { frontEndModule } from '../src/runner/simulate.js';

const LESSONS = new URL('../lessons/', import.meta.url);
const QUOTE_LINE = /^(\d+):(\d+)\s+(\w+): (.*)$/;

interface Quote {
  example: string;
  lines: string[];
}

/** Each `rejects=` example of a lesson with the fenced block that follows it in the prose. */
function quotedOutputs(slug: string): Quote[] {
  const lesson = parseLesson(readFileSync(new URL(`${slug}/lesson.md`, LESSONS), 'utf8'), `${slug}/lesson.md`);
  const quotes: Quote[] = [];
  lesson.blocks.forEach((b, i) => {
    if (b.kind !== 'example' || !b.ref.rejects) return;
    const next = lesson.blocks[i + 1];
    const fence = next?.kind === 'markdown' ? /```\n([\s\S]*?)```/.exec(next.text) : null;
    const lines = fence?.[1]?.trim().split('\n') ?? [];
    if (lines.length && lines.every((l) => QUOTE_LINE.test(l))) quotes.push({ example: b.ref.file, lines });
  });
  return quotes;
}

const slugs = readdirSync(LESSONS).filter((d) => /^\d\d-/.test(d));
const all = slugs.flatMap((slug) => quotedOutputs(slug).map((q) => ({ slug, ...q })));

describe('compiler output quoted in the lessons', () => {
  it('finds the quoted blocks (lesson 5 quotes three refused shaders)', () => {
    expect(all.filter((q) => q.slug === '05-barriers').map((q) => q.example)).toEqual([
      'barrier-in-branch.wgsl',
      'early-return.wgsl',
      'loop-bound-from-workgroup.wgsl',
    ]);
  });

  for (const q of all) {
    it(`${q.slug}/${q.example}: the quote is the front end's messages, with check --json's severity words`, () => {
      const source = readFileSync(new URL(`${q.slug}/${q.example}`, LESSONS), 'utf8');
      const expected = frontEndModule(source).messages.map((m) => ({
        line: m.line,
        column: m.column,
        severity: m.severity,
        message: m.message,
      }));
      const quoted = q.lines.map((l) => {
        const [, line, column, severity, message] = QUOTE_LINE.exec(l)!;
        return { line: Number(line), column: Number(column), severity, message };
      });
      expect(quoted).toEqual(expected);
      for (const { severity } of quoted) expect(['error', 'warning', 'info']).toContain(severity);
    });
  }
});
