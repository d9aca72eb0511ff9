import { describe, expect, it } from 'vitest';
import { analyze } from '../runner/analyze.js';
import { ModuleError } from './errors.js';
import { remapReport } from './remap-report.js';
import { linkWesl, pathBelow, usesWesl } from './wesl-link.js';

const TILE = `// Staging through workgroup memory.
const TILE_SIZE: u32 = 64u;
var<workgroup> tile: array<f32, TILE_SIZE>;

fn stage(lane: u32, value: f32) -> f32 {
  tile[lane] = value;
  return tile[(lane + 1u) % TILE_SIZE];
}
`;

const MAIN = `//! dispatch 2
//! buffer 0 f32[128] = i
import package::util::tile::{stage, TILE_SIZE};

//! buffer 1 f32[128]
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

@compute @workgroup_size(TILE_SIZE)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lane: u32) {
  output[gid.x] = stage(lane, input[gid.x]);
}
`;

const files = new Map([
  ['repo/shaders/util/tile.wesl', TILE],
  ['repo/shaders/kernels/main.wesl', MAIN],
  ['repo/shaders/broken.wesl', 'fn ((('],
]);

async function linkError(text: string, extra: Record<string, string> = {}): Promise<ModuleError> {
  try {
    await linkWesl({
      file: 'repo/shaders/kernels/k.wesl',
      text,
      files: new Map([...files, ...Object.entries(extra)]),
      root: 'repo/shaders',
    });
  } catch (e) {
    if (e instanceof ModuleError) return e;
    throw e;
  }
  throw new Error('linked without error');
}

describe('WESL linking through the wesl package', () => {
  it('tells WESL files from plain WGSL', () => {
    expect(usesWesl(MAIN)).toBe(true);
    expect(usesWesl('@if(DEBUG) const x = 1;')).toBe(true);
    expect(usesWesl(TILE)).toBe(false);
    expect(usesWesl('// we import nothing\nfn f() {}')).toBe(false);
  });

  it('names files below the package root', () => {
    expect(pathBelow('repo/shaders', 'repo/shaders/util/tile.wesl')).toBe('util/tile.wesl');
    expect(pathBelow('.', 'util/tile.wesl')).toBe('util/tile.wesl');
    expect(pathBelow('', '../x.wesl')).toBeUndefined();
    expect(pathBelow('repo/shaders', 'repo/other/x.wesl')).toBeUndefined();
  });

  it('links the imports, keeps the header lines first and maps a race back into the module', async () => {
    const linked = await linkWesl({ file: 'repo/shaders/kernels/main.wesl', text: MAIN, files, root: 'repo/shaders' });
    const lines = linked.source.split('\n');
    expect(lines.slice(0, 3)).toEqual(['//! dispatch 2', '//! buffer 0 f32[128] = i', '//! buffer 1 f32[128]']);
    expect(linked.locate(3)).toEqual({ file: 'repo/shaders/kernels/main.wesl', line: 5, column: 1 });
    const write = lines.findIndex((l) => l.includes('tile[lane] = value'));
    expect(linked.locate(write + 1, lines[write]!.indexOf('tile') + 1)).toEqual({
      file: 'repo/shaders/util/tile.wesl',
      line: 6,
      column: 3,
    });
    const out = lines.findIndex((l) => l.includes('output[gid.x]'));
    expect(linked.locate(out + 1, lines[out]!.indexOf('output') + 1)).toEqual({
      file: 'repo/shaders/kernels/main.wesl',
      line: 11,
      column: 3,
    });

    const report = remapReport(analyze(linked.source, { file: 'repo/shaders/kernels/main.wesl' }), linked);
    expect(report.summary).toMatchObject({ errors: 1, races: 1 });
    const race = report.diagnostics[0]!;
    expect(race).toMatchObject({ kind: 'data-race', hazard: 'RAW', file: 'repo/shaders/util/tile.wesl', loc: { line: 7, column: 10 } });
    expect(race.related[0]).toMatchObject({ file: 'repo/shaders/util/tile.wesl', loc: { line: 6, column: 3 } });
    expect(race.message).toContain('(line 6)');
    for (const site of report.bankConflicts) expect(site.file).toBe('repo/shaders/util/tile.wesl');
  });

  it('reports an import of a missing module at the import statement', async () => {
    const e = await linkError('\nimport package::util::nothing::f;\n@compute @workgroup_size(1) fn main() { _ = f(); }\n');
    expect(e.place).toEqual({ file: 'repo/shaders/kernels/k.wesl', line: 2, column: 8 });
    expect(e.message).toBe("module not found for 'package::util::nothing::f'");
  });

  it('reports an item the module lacks, and a syntax error in a module at its line', async () => {
    const missing = await linkError(
      'import package::util::tile::unstage;\n@compute @workgroup_size(1) fn main() { _ = unstage(0u, 1.0); }\n',
    );
    expect(missing.place).toMatchObject({ file: 'repo/shaders/kernels/k.wesl', line: 1 });
    expect(missing.message).toMatch(/unstage/);
    const syntax = await linkError('import package::bad::f;\n@compute @workgroup_size(1) fn main() { _ = f(); }\n', {
      'repo/shaders/bad.wesl': '\n\nfn f( -> u32 { return 1u; }\n',
    });
    expect(syntax.place).toEqual({ file: 'repo/shaders/bad.wesl', line: 3, column: 7 });
  });

  it('chooses @if branches by the conditions (a condition not given is false)', async () => {
    const text = '@if(FAST) const STEP: u32 = 2u;\n@else const STEP: u32 = 1u;\n@compute @workgroup_size(1) fn main() { _ = STEP; }\n';
    const linkWith = (conditions: Record<string, boolean>) =>
      linkWesl({ file: 'repo/shaders/k.wesl', text, files, root: 'repo/shaders', conditions });
    expect((await linkWith({})).source).toContain('const STEP: u32 = 1u;');
    expect((await linkWith({})).source).not.toContain('2u');
    const fast = await linkWith({ FAST: true });
    expect(fast.source).toContain('const STEP: u32 = 2u;');
    const line = fast.source.split('\n').findIndex((l) => l.includes('STEP: u32 = 2u')) + 1;
    expect(fast.locate(line, fast.source.split('\n')[line - 1]!.indexOf('STEP') + 1)).toEqual({
      file: 'repo/shaders/k.wesl',
      line: 1,
      column: 17,
    });
  });
});
