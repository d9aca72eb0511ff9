import { describe, expect, it } from 'vitest';
import { parseDefineOption } from './shader-defs.js';
import { MappedTextBuilder } from './source-map.js';

describe('mapped text', () => {
  it('maps columns of copied and rewritten pieces back to their origin', () => {
    const b = new MappedTextBuilder();
    b.copyLine('//! dispatch 1', 'a.wgsl', 1);
    // `  x = m::f(y);` in a.wgsl line 3 with `m::f` (4 characters) rewritten to `f_m` + padding.
    b.append('  x = ', { file: 'a.wgsl', line: 3, column: 1 });
    b.append('f_in_module_m', { file: 'a.wgsl', line: 3, column: 7 }, 4);
    b.append('(y);', { file: 'a.wgsl', line: 3, column: 11 });
    b.newline();
    b.append('    '); // indentation the linker wrote
    b.append('fn f() {}', { file: 'm.wgsl', line: 7, column: 1 });
    const t = b.build();
    expect(t.text).toBe('//! dispatch 1\n  x = f_in_module_m(y);\n    fn f() {}');
    expect(t.locate(1, 5)).toEqual({ file: 'a.wgsl', line: 1, column: 5 });
    expect(t.locate(2, 3)).toEqual({ file: 'a.wgsl', line: 3, column: 3 });
    expect(t.locate(2, 7)).toEqual({ file: 'a.wgsl', line: 3, column: 7 });
    expect(t.locate(2, 15)).toEqual({ file: 'a.wgsl', line: 3, column: 10 }); // inside the long name: clamped to m::f
    expect(t.locate(2, 20)).toEqual({ file: 'a.wgsl', line: 3, column: 11 });
    expect(t.locate(3, 2)).toEqual({ file: 'm.wgsl', line: 7, column: 1 });
    expect(t.locate(3)).toEqual({ file: 'm.wgsl', line: 7, column: 1 });
    expect(t.locate(9, 1)).toBeUndefined();
  });
});

describe('--define', () => {
  it('reads NAME and NAME=VALUE with boolean and integer values', () => {
    expect(parseDefineOption('FAST')).toEqual({ name: 'FAST', value: true });
    expect(parseDefineOption('WG=128')).toEqual({ name: 'WG', value: 128 });
    expect(parseDefineOption('DEBUG=false')).toEqual({ name: 'DEBUG', value: false });
    expect(parseDefineOption('N=-3')).toEqual({ name: 'N', value: -3 });
    expect(parseDefineOption('N=')).toEqual({ error: "--define N: the value must be true, false or an integer, got ''" });
    expect(parseDefineOption('N=1.5')).toMatchObject({ error: expect.stringMatching(/1\.5/) });
    expect(parseDefineOption('9X')).toEqual({ error: "--define wants NAME or NAME=VALUE, got '9X'" });
  });
});
