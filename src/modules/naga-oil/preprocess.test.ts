import { describe, expect, it } from 'vitest';
import { ModuleError } from '../errors.js';
import type { ShaderDefValue } from '../shader-defs.js';
import { parseImportPaths } from './imports.js';
import { preprocess } from './preprocess.js';

const run = (text: string, defs: [string, ShaderDefValue][] = [], top = true) => preprocess(text, 'f.wgsl', new Map(defs), top);

function errorOf(f: () => unknown): ModuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof ModuleError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('naga_oil preprocessor', () => {
  const text = ['a', '#ifdef X', 'x', '#else', 'not x', '#endif', 'b'].join('\n');

  it('keeps the branch whose def is set, emptying the other lines in place', () => {
    expect(run(text, [['X', true]]).lines).toEqual(['a', '', 'x', '', '', '', 'b']);
    expect(run(text).lines).toEqual(['a', '', '', '', 'not x', '', 'b']);
  });

  it('#ifndef is the reverse of #ifdef, and branches nest', () => {
    const nested = ['#ifndef A', '#ifdef B', 'b', '#endif', 'not a', '#else', 'a', '#endif'].join('\n');
    expect(run(nested, [['B', true]]).lines).toEqual(['', '', 'b', '', 'not a', '', '', '']);
    expect(run(nested, [['A', true]]).lines).toEqual(['', '', '', '', '', '', 'a', '']);
  });

  it('#if compares integer and boolean defs; #else if chains take the first that holds', () => {
    const chain = ['#if N > 4', 'big', '#else if N == 4', 'four', '#else ifdef X', 'x', '#else', 'small', '#endif'].join('\n');
    expect(run(chain, [['N', 8]]).lines.filter(Boolean)).toEqual(['big']);
    expect(run(chain, [['N', 4]]).lines.filter(Boolean)).toEqual(['four']);
    expect(
      run(chain, [
        ['N', 1],
        ['X', true],
      ]).lines.filter(Boolean),
    ).toEqual(['x']);
    expect(run(chain, [['N', 1]]).lines.filter(Boolean)).toEqual(['small']);
    expect(run('#if FAST == false\nslow\n#endif', [['FAST', false]]).lines).toEqual(['', 'slow', '']);
  });

  it('#define in the shader sets a def for the lines after it; a module may not define', () => {
    const defs = new Map<string, ShaderDefValue>();
    preprocess('#define WG 128\n#define FAST', 'f.wgsl', defs, true);
    expect([...defs]).toEqual([
      ['WG', 128],
      ['FAST', true],
    ]);
    expect(run('#define N 2\n#if N == 2\nyes\n#endif').lines).toEqual(['', '', 'yes', '']);
    const e = errorOf(() => run('\n  #define X', [], false));
    expect(e.place).toEqual({ file: 'f.wgsl', line: 2, column: 3 });
    expect(e.message).toMatch(/#define X in a module/);
  });

  it('collects imports (a list may span lines) and the declared module path', () => {
    const r = run(
      ['#define_import_path my::mod', '#import a::b as c;', '#import a::{', '  x, // the x', '  y', '}', 'fn f() {}'].join('\n'),
    );
    expect(r.modulePath).toEqual({ path: 'my::mod', line: 1, column: 21 });
    expect(r.imports).toEqual([
      { text: 'a::b as c', line: 2, column: 9 },
      { text: 'a::{ x, y }', line: 3, column: 9 },
    ]);
    expect(r.lines).toEqual(['', '', '', '', '', '', 'fn f() {}']);
  });

  it('ignores imports in a branch not taken', () => {
    expect(run('#ifdef X\n#import a::b\n#endif').imports).toEqual([]);
  });

  it('reports malformed directives at their line and column', () => {
    expect(errorOf(() => run('a\n  #ifdef X\nb')).place).toEqual({ file: 'f.wgsl', line: 2, column: 3 });
    expect(errorOf(() => run('a\n  #ifdef X\nb')).message).toMatch(/without #endif/);
    expect(errorOf(() => run('#endif')).message).toMatch(/#endif without/);
    expect(errorOf(() => run('x\n#else')).place.line).toBe(2);
    const unknown = errorOf(() => run('\n#if LEVEL >= 2\n#endif'));
    expect(unknown.place).toEqual({ file: 'f.wgsl', line: 2, column: 5 });
    expect(unknown.message).toMatch(/no shader def 'LEVEL'/);
    expect(errorOf(() => run('#if B > 1\n#endif', [['B', true]])).message).toMatch(/boolean/);
    expect(errorOf(() => run('#define_import_path a::b\n#define_import_path c')).message).toMatch(/second #define_import_path/);
  });
});

describe('naga_oil import paths', () => {
  it('flattens every form to paths and the names they are known by', () => {
    expect(parseImportPaths('bevy_pbr::mesh_functions')).toEqual([{ path: ['bevy_pbr', 'mesh_functions'], name: 'mesh_functions' }]);
    expect(parseImportPaths('my_module as m')).toEqual([{ path: ['my_module'], name: 'm' }]);
    expect(parseImportPaths('pkg::{first::{one as item, two}, second::sub,}')).toEqual([
      { path: ['pkg', 'first', 'one'], name: 'item' },
      { path: ['pkg', 'first', 'two'], name: 'two' },
      { path: ['pkg', 'second', 'sub'], name: 'sub' },
    ]);
  });

  it('says what is wrong with a malformed path', () => {
    expect(parseImportPaths('a::*')).toEqual({ error: "expected a name but found '*' in '#import a::*'" });
    expect(parseImportPaths('"shaders/x.wgsl"')).toMatchObject({ error: expect.stringMatching(/quoted/) });
    expect(parseImportPaths('a b')).toEqual({ error: "unexpected 'b' in '#import a b'" });
  });
});
