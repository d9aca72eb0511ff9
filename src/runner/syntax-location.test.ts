// A syntax error at the own parser's place: Tint reports a missing ';' at the next token,
// lines below; the error keeps the compiler's words and takes the parser's line:column.
import { describe, expect, it } from 'vitest';
import type { CompileMessage } from './result.js';
import { frontEndSyntaxError, locateSyntaxError } from './syntax-location.js';

const SOURCE = `//! dispatch 1
//! buffer 0 f32[4] = i
@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let x = values[id.x] * 2.0
  // doubled
  // and stored

  values[id.x] = x;
}
`;
const offsetOf = (line: number, column: number) =>
  SOURCE.split('\n')
    .slice(0, line - 1)
    .reduce((n, l) => n + l.length + 1, 0) +
  column -
  1;
/** What Dawn's Tint says of SOURCE (measured: `wgsl-lab run` on lavapipe). */
const TINT: CompileMessage = {
  severity: 'error',
  line: 11,
  column: 3,
  offset: offsetOf(11, 3),
  length: 6,
  message: "expected ';' for variable declaration",
};

describe('locateSyntaxError', () => {
  it("moves the compiler's error to where the parser found the missing ';', keeping its words", () => {
    expect(frontEndSyntaxError(SOURCE)?.loc).toMatchObject({ line: 7, column: 29 });
    expect(locateSyntaxError([TINT], SOURCE)).toEqual([{ ...TINT, line: 7, column: 29, offset: offsetOf(7, 29), length: 1 }]);
  });

  it('leaves the messages alone when the source parses (a type error: Tint has the place right)', () => {
    const typed = SOURCE.replace('* 2.0\n', '* 2u;\n');
    const message: CompileMessage = { ...TINT, line: 7, column: 11, offset: offsetOf(7, 11), message: 'no matching overload' };
    expect(locateSyntaxError([message], typed)).toEqual([message]);
  });

  it("leaves an error the compiler found before the parser's", () => {
    const early = { ...TINT, line: 3, column: 1, offset: offsetOf(3, 1) };
    expect(locateSyntaxError([early], SOURCE)).toEqual([early]);
  });

  it('moves only the first error; warnings before it stay', () => {
    const warning: CompileMessage = { severity: 'warning', line: 1, column: 1, offset: 0, length: 1, message: 'w' };
    const later = { ...TINT, line: 12, column: 1, offset: offsetOf(12, 1), message: 'later' };
    expect(locateSyntaxError([warning, TINT, later], SOURCE).map((m) => [m.line, m.column])).toEqual([
      [1, 1],
      [7, 29],
      [12, 1],
    ]);
  });

  it('changes nothing without an error', () => {
    expect(locateSyntaxError([], SOURCE)).toEqual([]);
  });
});
