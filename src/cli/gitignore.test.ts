import { describe, expect, it } from 'vitest';
import { isIgnored, parseGitignore } from './gitignore.js';

/** Which of `paths` (a trailing `/` marks a folder) the rules ignore. */
function ignored(rules: ReturnType<typeof parseGitignore>, paths: string[]): string[] {
  return paths.filter((p) => isIgnored(rules, p.replace(/\/$/, ''), p.endsWith('/')));
}

describe('.gitignore rules', () => {
  it('skips blank lines and comments, and unescapes \\# and \\!', () => {
    const rules = parseGitignore('# a comment\n\n   \n\\#hash.wgsl\n\\!bang.wgsl\n', '');
    expect(rules.map((r) => r.source)).toEqual(['\\#hash.wgsl', '\\!bang.wgsl']);
    expect(ignored(rules, ['#hash.wgsl', '!bang.wgsl', 'hash.wgsl', 'bang.wgsl'])).toEqual(['#hash.wgsl', '!bang.wgsl']);
  });

  it('matches a name without a slash at any depth, and * never crosses a folder', () => {
    const rules = parseGitignore('*.gen.wgsl\nbuild\n', '');
    expect(
      ignored(rules, [
        'a.gen.wgsl',
        'src/deep/b.gen.wgsl',
        'gen.wgsl',
        'build/',
        'src/build/',
        'src/build',
        'builder/',
        'x/a.gen.wgsl.bak',
      ]),
    ).toEqual(['a.gen.wgsl', 'src/deep/b.gen.wgsl', 'build/', 'src/build/', 'src/build']);
  });

  it('anchors a pattern with a slash at its start or middle to its folder', () => {
    const rules = parseGitignore('/top.wgsl\nshaders/gen/*.wgsl\n', '');
    expect(ignored(rules, ['top.wgsl', 'sub/top.wgsl', 'shaders/gen/a.wgsl', 'x/shaders/gen/a.wgsl', 'shaders/gen/deep/a.wgsl'])).toEqual([
      'top.wgsl',
      'shaders/gen/a.wgsl',
    ]);
  });

  it('applies a trailing slash to folders only', () => {
    const rules = parseGitignore('out/\n', '');
    expect(ignored(rules, ['out/', 'src/out/', 'out'])).toEqual(['out/', 'src/out/']);
  });

  it('lets a later ! rule re-include what an earlier one ignored', () => {
    const rules = parseGitignore('*.wgsl\n!keep.wgsl\n', '');
    expect(ignored(rules, ['a.wgsl', 'keep.wgsl', 'deep/keep.wgsl', 'deep/b.wgsl'])).toEqual(['a.wgsl', 'deep/b.wgsl']);
    // The order matters: the last matching rule decides.
    expect(ignored(parseGitignore('!keep.wgsl\n*.wgsl\n', ''), ['keep.wgsl'])).toEqual(['keep.wgsl']);
  });

  it('reads ** as any number of folders', () => {
    expect(ignored(parseGitignore('**/gen/x.wgsl\n', ''), ['gen/x.wgsl', 'a/b/gen/x.wgsl', 'a/gen/y.wgsl'])).toEqual([
      'gen/x.wgsl',
      'a/b/gen/x.wgsl',
    ]);
    expect(ignored(parseGitignore('vendor/**\n', ''), ['vendor/', 'vendor/a.wgsl', 'vendor/x/y.wgsl', 'src/vendor/a.wgsl'])).toEqual([
      'vendor/a.wgsl',
      'vendor/x/y.wgsl',
    ]);
    expect(ignored(parseGitignore('a/**/b.wgsl\n', ''), ['a/b.wgsl', 'a/x/b.wgsl', 'a/x/y/b.wgsl', 'c/a/x/b.wgsl'])).toEqual([
      'a/b.wgsl',
      'a/x/b.wgsl',
      'a/x/y/b.wgsl',
    ]);
  });

  it('reads ? and [...] classes, [!...] negated', () => {
    const rules = parseGitignore('k?.wgsl\nv[0-9].wgsl\nw[!ab].wgsl\n', '');
    expect(ignored(rules, ['k1.wgsl', 'k12.wgsl', 'v7.wgsl', 'vx.wgsl', 'wc.wgsl', 'wa.wgsl'])).toEqual(['k1.wgsl', 'v7.wgsl', 'wc.wgsl']);
  });

  it('applies a nested .gitignore below its own folder only, after its parents', () => {
    const rules = [...parseGitignore('*.wgsl\n', ''), ...parseGitignore('!public.wgsl\n/local.wgsl\n', 'pkg')];
    expect(ignored(rules, ['a.wgsl', 'pkg/public.wgsl', 'public.wgsl', 'pkg/x.wgsl'])).toEqual(['a.wgsl', 'public.wgsl', 'pkg/x.wgsl']);
    const nested = parseGitignore('/local.wgsl\n', 'pkg');
    expect(ignored(nested, ['local.wgsl', 'pkg/local.wgsl', 'pkg/sub/local.wgsl', 'pkgx/local.wgsl'])).toEqual(['pkg/local.wgsl']);
  });

  it('keeps escaped trailing spaces and drops the others', () => {
    expect(ignored(parseGitignore('a.wgsl   \nb\\ \n', ''), ['a.wgsl', 'b ', 'b'])).toEqual(['a.wgsl', 'b ']);
  });
});
