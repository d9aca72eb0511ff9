// The config file's glob matcher: each operator on paths that must and must not match.
import { describe, expect, it } from 'vitest';
import { compileGlob, GlobError } from './glob.js';

const m = (glob: string, path: string) => compileGlob(glob).matches(path);

describe('compileGlob', () => {
  it('matches * and ? within one segment only', () => {
    expect(m('*.wgsl', 'a.wgsl')).toBe(true);
    expect(m('*.wgsl', 'dir/a.wgsl')).toBe(false);
    expect(m('k?.wgsl', 'k1.wgsl')).toBe(true);
    expect(m('k?.wgsl', 'k12.wgsl')).toBe(false);
    expect(m('a*b', 'a/b')).toBe(false);
  });

  it('matches ** as any number of segments, none included', () => {
    expect(m('**/*.wgsl', 'a.wgsl')).toBe(true);
    expect(m('**/*.wgsl', 'x/y/z/a.wgsl')).toBe(true);
    expect(m('src/**/gen/*.wgsl', 'src/gen/a.wgsl')).toBe(true);
    expect(m('src/**/gen/*.wgsl', 'src/p/q/gen/a.wgsl')).toBe(true);
    expect(m('src/**/gen/*.wgsl', 'lib/gen/a.wgsl')).toBe(false);
    expect(m('vendor/**', 'vendor/x/y.wgsl')).toBe(true);
    expect(m('**', 'any/thing.wgsl')).toBe(true);
  });

  it('matches a folder and everything in it; a trailing / matches folders only', () => {
    expect(m('vendor', 'vendor/a.wgsl')).toBe(true);
    expect(m('vendor', 'src/vendor/a.wgsl')).toBe(false);
    expect(m('**/vendor', 'src/vendor/deep/a.wgsl')).toBe(true);
    expect(m('gen/', 'gen/a.wgsl')).toBe(true);
    expect(m('a.wgsl/', 'a.wgsl')).toBe(false);
    expect(m('./shaders/*.wgsl', 'shaders/k.wgsl')).toBe(true);
  });

  it('matches {a,b} alternatives, nested too', () => {
    expect(m('*.{wgsl,wesl}', 'k.wesl')).toBe(true);
    expect(m('*.{wgsl,wesl}', 'k.glsl')).toBe(false);
    expect(m('{render,post/{blur,bloom}}/*.wgsl', 'post/bloom/x.wgsl')).toBe(true);
    expect(m('{render,post/{blur,bloom}}/*.wgsl', 'post/fxaa/x.wgsl')).toBe(false);
  });

  it('matches character classes, ranges and negated classes, never a /', () => {
    expect(m('k[0-9].wgsl', 'k7.wgsl')).toBe(true);
    expect(m('k[0-9].wgsl', 'kx.wgsl')).toBe(false);
    expect(m('k[!0-9].wgsl', 'kx.wgsl')).toBe(true);
    expect(m('k[!0-9].wgsl', 'k7.wgsl')).toBe(false);
    expect(m('a[!x]b', 'a/b')).toBe(false);
    expect(m('[ab]*.wgsl', 'b2.wgsl')).toBe(true);
  });

  it('escapes with \\ and treats regular-expression characters literally', () => {
    expect(m('\\*.wgsl', '*.wgsl')).toBe(true);
    expect(m('\\*.wgsl', 'a.wgsl')).toBe(false);
    expect(m('a+b(1).wgsl', 'a+b(1).wgsl')).toBe(true);
    expect(m('a.wgsl', 'axwgsl')).toBe(false);
  });

  it('refuses bad globs with the index of the problem', () => {
    const err = (g: string) => {
      try {
        compileGlob(g);
      } catch (e) {
        if (e instanceof GlobError) return { message: e.message, index: e.index };
        throw e;
      }
      return undefined;
    };
    expect(err('src/[abc')).toEqual({ message: "'[' is never closed by ']'", index: 4 });
    expect(err('x/{a,b')).toEqual({ message: "'{' is never closed by '}'", index: 2 });
    expect(err('')).toMatchObject({ message: 'an empty glob matches nothing' });
    expect(err('../x')).toMatchObject({ message: "'..' cannot leave the config file's folder" });
    expect(err('!x')).toMatchObject({ index: 0 });
    expect(err('k[9-0]')).toMatchObject({ message: "the range '9-0' is backwards", index: 2 });
  });
});
