// Differential test of WGSL's line breaks and blankspace: for every such code point (and
// the invisible characters Tint refuses), placed inside a line comment, inside a block
// comment, between tokens and before a statement, wgsl-lab's front end and Tint (Dawn's
// getCompilationInfo) agree on whether the text after it is code and on the line and
// column of an error placed after it.
import { describe, expect, it } from 'vitest';
import { BLANKSPACE_CODE_POINTS } from '../src/diagnostics/index.js';
import { compileWgsl } from '../src/gpu/compile.js';
import { frontEndModule } from '../src/runner/simulate.js';
import { SUSPICIOUS_CODE_POINTS } from '../src/wgsl/suspicious-characters.js';
import { gpu } from './support/gpu.js';

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Where each placement puts the character `c`; `bad;` is an error wherever it is code. */
const PLACES: Record<string, (c: string) => string> = {
  'line comment': (c) => `fn f() {}\n// note${c}bad;\nfn g() {}\n  bad2;\n`,
  'block comment': (c) => `fn f() {}\n/* a${c}b */ bad;\n`,
  'between tokens': (c) => `fn f() {}\nconst${c}x = 1;\nbad;\n`,
  'before a statement': (c) => `fn f() {\n  let a = 1;${c}  a = ;\n}\n`,
  'after a CR': (c) => `fn f() {}\r${c}bad;\n`,
};

/** The first error's line and column, or 'accepted'. */
function firstError(messages: readonly { severity: string; line: number; column: number }[]): string {
  const e = messages.find((m) => m.severity === 'error');
  return e ? `${e.line}:${e.column}` : 'accepted';
}

const CODE_POINTS = [...BLANKSPACE_CODE_POINTS, ...SUSPICIOUS_CODE_POINTS, 0xa0, 0x3000];

describe('front end vs Tint: line breaks, blankspace and invisible characters', () => {
  for (const cp of CODE_POINTS) {
    it(`${hex(cp)}: same code and same error position in every placement`, async () => {
      const c = String.fromCodePoint(cp);
      const ours: Record<string, string> = {};
      const tint: Record<string, string> = {};
      for (const [where, make] of Object.entries(PLACES)) {
        const source = make(c);
        ours[where] = firstError(frontEndModule(source).messages);
        const compiled = await compileWgsl(gpu.device, source);
        tint[where] = firstError(
          compiled.diagnostics.map((d) => ({ severity: d.severity, line: d.loc?.line ?? 0, column: d.loc?.column ?? 0 })),
        );
      }
      expect(ours).toEqual(tint);
    });
  }

  it('places the errors where the spec says (a check of the test itself)', async () => {
    const at = async (source: string) =>
      firstError(
        (await compileWgsl(gpu.device, source)).diagnostics.map((d) => ({
          severity: d.severity,
          line: d.loc?.line ?? 0,
          column: d.loc?.column ?? 0,
        })),
      );
    // U+2028 ends the comment: `bad;` on line 3 is code. A tab does not: line 4's `bad2;` is the first error.
    expect(await at(PLACES['line comment']!('\u2028'))).toBe('3:1');
    expect(await at(PLACES['line comment']!('\t'))).toBe('4:3');
    expect(await at(PLACES['after a CR']!('\n'))).toBe('2:1');
    expect(await at(PLACES['after a CR']!('\u0085'))).toBe('3:1');
  });
});
