import { describe, expect, it } from 'vitest';
import { DiagnosticsError, LocatedError, diagnosticsOf } from './errors.js';
import { diagnostic, sortDiagnostics } from './diagnostic.js';
import { compilerDiagnostic } from './compiler.js';
import { lineSpan, lineStarts, sourceSpan, spanAt, spanOfOffset } from './span.js';

describe('source spans', () => {
  const text = 'ab\ncd\r\nef\rgh';
  it('finds line starts for \\n, \\r\\n and a lone \\r', () => {
    expect(lineStarts(text)).toEqual([0, 3, 7, 10]);
  });
  it('maps line:column to offsets and back', () => {
    for (const [line, column, offset] of [
      [1, 1, 0],
      [2, 2, 4],
      [3, 1, 7],
      [4, 2, 11],
    ] as const) {
      expect(spanAt(text, line, column)).toEqual({ line, column, offset, length: 1 });
      expect(spanOfOffset(text, offset)).toEqual({ line, column, offset, length: 1 });
    }
  });
  it('spans whole lines without their line break', () => {
    expect([1, 2, 3, 4].map((l) => lineSpan(text, l))).toEqual([
      { line: 1, column: 1, offset: 0, length: 2 },
      { line: 2, column: 1, offset: 3, length: 2 },
      { line: 3, column: 1, offset: 7, length: 2 },
      { line: 4, column: 1, offset: 10, length: 2 },
    ]);
    expect(lineSpan('a\n', 2)).toEqual({ line: 2, column: 1, offset: 2, length: 0 });
  });
  it('copies just the span out of a token or node', () => {
    const token = { kind: 'ident', text: 'tile', line: 3, column: 5, offset: 20, length: 4 };
    expect(sourceSpan(token)).toEqual({ line: 3, column: 5, offset: 20, length: 4 });
  });
  it('keeps positions past the end without throwing', () => {
    expect(spanAt(text, 9, 9).offset).toBe(text.length);
    expect(spanOfOffset(text, 1000)).toEqual({ line: 4, column: 3, offset: text.length, length: 1 });
  });
});

describe('diagnostic errors', () => {
  it('a located error keeps its bare message and becomes one diagnostic', () => {
    const e = new LocatedError('input', 'no buffer for binding 2', { line: 3, column: 5, offset: 20, length: 4 });
    expect(e.message).toBe('no buffer for binding 2');
    expect(diagnosticsOf(e)).toEqual([diagnostic({ severity: 'error', kind: 'input', message: 'no buffer for binding 2', loc: e.loc! })]);
  });
  it("a compiler's message becomes a compile diagnostic, located only when it has a line", () => {
    const at = { line: 2, column: 3, offset: 9, length: 4 };
    expect(compilerDiagnostic({ severity: 'warning', ...at, message: 'unused' })).toEqual(
      diagnostic({ severity: 'warning', kind: 'compile-warning', message: 'unused', loc: at }),
    );
    expect(compilerDiagnostic({ severity: 'info', ...at, message: 'x' }).kind).toBe('compile-info');
    const nowhere = compilerDiagnostic({ severity: 'error', line: 0, column: 0, offset: 0, length: 0, message: 'pipeline failed' });
    expect(nowhere).toEqual(diagnostic({ severity: 'error', kind: 'compile-error', message: 'pipeline failed' }));
    expect(nowhere).not.toHaveProperty('loc');
  });
  it('several errors sort top to bottom; foreign errors are internal', () => {
    const a = diagnostic({ severity: 'error', kind: 'header', message: 'a', loc: spanAt('x\ny', 2, 1) });
    const b = diagnostic({ severity: 'error', kind: 'header', message: 'b', loc: spanAt('x\ny', 1, 1) });
    expect(sortDiagnostics(new DiagnosticsError([a, b]).diagnostics).map((d) => d.message)).toEqual(['b', 'a']);
    expect(diagnosticsOf(new TypeError('boom'))[0]).toMatchObject({ kind: 'internal', message: 'boom' });
  });
});
