import { describe, expect, it } from 'vitest';
import { analyze } from '../../runner/analyze.js';
import { ModuleError } from '../errors.js';
import { remapReport } from '../remap-report.js';
import type { ShaderDefValue } from '../shader-defs.js';
import { buildNagaIndex } from './index.js';
import { linkNagaOil } from './link.js';
import { base32, demangle, mangle, unbase32 } from './mangle.js';

const TILES = `#define_import_path demo::tiles

const TILE: u32 = 64u;
var<workgroup> partial: array<u32, TILE>;
struct Pair { partial: u32, other: u32 }

fn reduce_tile(lane: u32, value: u32) -> u32 {
  partial[lane] = value;
  workgroupBarrier();
  for (var stride = TILE / 2u; stride > 0u; stride = stride / 2u) {
    if (lane < stride) {
      partial[lane] += partial[lane + stride];
    }
#ifndef UNSAFE
    workgroupBarrier();
#endif
  }
  let p = Pair(partial[0], 0u);
  return p.partial;
}

@compute @workgroup_size(1)
fn module_own_entry() {
  _ = reduce_tile(0u, 0u);
}
`;

const MAIN = `//! dispatch 2
//! buffer 0 u32[128] = i % 5
//! buffer 1 u32[2]
#import demo::tiles::{reduce_tile as reduce}
#import demo::tiles as t

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

@compute @workgroup_size(t::TILE)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) wg: vec3u) {
  let total = reduce(lane, values[gid.x]);
  if (lane == 0u) {
    sums[wg.x] = total + demo::tiles::TILE * 0u;
  }
}
`;

function link(text: string, files: Record<string, string>, defs: [string, ShaderDefValue][] = []) {
  const map = new Map(Object.entries(files));
  return linkNagaOil({ file: 'main.wgsl', text, files: map, index: buildNagaIndex(map), defs: new Map(defs) });
}

function linkError(text: string, files: Record<string, string>): ModuleError {
  try {
    link(text, files);
  } catch (e) {
    if (e instanceof ModuleError) return e;
    throw e;
  }
  throw new Error('linked without error');
}

describe('naga_oil linker', () => {
  it("keeps the checked file's lines in place and appends the module with naga_oil's names", () => {
    const linked = link(MAIN, { 'lib/tiles.wgsl': TILES });
    const lines = linked.source.split('\n');
    const reduce = mangle('reduce_tile', 'demo::tiles');
    const tile = mangle('TILE', 'demo::tiles');
    expect(reduce).toBe('reduce_tileX_naga_oil_mod_XMRSW23Z2HJ2GS3DFOMX');
    expect(lines[0]).toBe('//! dispatch 2');
    expect(lines[3]).toBe(''); // the #import lines
    expect(lines[9]).toBe(`@compute @workgroup_size(${tile})`);
    expect(lines[11]).toBe(`  let total = ${reduce}(lane, values[gid.x]);`);
    expect(linked.source).toContain(`sums[wg.x] = total + ${tile} * 0u;`);
    // The module: its names renamed, struct members and member accesses kept, its entry point left out.
    expect(linked.source).toContain(`var<workgroup> ${mangle('partial', 'demo::tiles')}: array<u32, ${tile}>;`);
    expect(linked.source).toContain(`struct ${mangle('Pair', 'demo::tiles')} { partial: u32, other: u32 }`);
    expect(linked.source).toContain('return p.partial;');
    expect(linked.source).not.toContain('module_own_entry');
    expect(linked.source).toContain('    workgroupBarrier();\n\n  }');
  });

  it('maps every linked position back to its file, line and column', () => {
    const linked = link(MAIN, { 'lib/tiles.wgsl': TILES });
    const lines = linked.source.split('\n');
    expect(linked.locate(12, 15)).toEqual({ file: 'main.wgsl', line: 12, column: 15 });
    // After the rewritten name, columns are shifted back by the name's growth.
    const col = lines[11]!.indexOf('values') + 1;
    expect(linked.locate(12, col)).toEqual({ file: 'main.wgsl', line: 12, column: MAIN.split('\n')[11]!.indexOf('values') + 1 });
    const racy = lines.findIndex((l) => l.includes('+= '));
    const read = lines[racy]!.lastIndexOf('partial') - 'X'.length;
    const at = linked.locate(racy + 1, lines[racy]!.indexOf(mangle('partial', 'demo::tiles'), 20) + 1);
    expect(at).toEqual({ file: 'lib/tiles.wgsl', line: 12, column: 24 });
    expect(read).toBeGreaterThan(0);
    expect(linked.files.get('lib/tiles.wgsl')).toBe(TILES);
  });

  it('mangled names read back as module paths', () => {
    expect(unbase32(base32('demo::tiles'))).toBe('demo::tiles');
    expect(demangle(`a ${mangle('x', 'p::q')}[i] b`)).toBe('a p::q::x[i] b');
    expect(demangle('keepX_naga_oil_mod_X!!X')).toBe('keepX_naga_oil_mod_X!!X');
  });

  it('a race only under one #ifdef branch is found there, at the module line', () => {
    const cases: [[string, ShaderDefValue][], number][] = [
      [[], 0],
      [[['UNSAFE', true]], 2],
    ];
    for (const [defs, races] of cases) {
      const linked = link(MAIN, { 'lib/tiles.wgsl': TILES }, defs);
      const report = remapReport(analyze(linked.source, { file: 'main.wgsl' }), linked);
      expect(report.summary.races).toBe(races);
      if (!races) continue;
      const first = report.diagnostics[0]!;
      expect(first).toMatchObject({ kind: 'data-race', file: 'lib/tiles.wgsl', variable: 'demo::tiles::partial' });
      // The span is the original name's, not the longer linked name's.
      expect([first.loc?.line, first.loc?.column, first.loc?.length]).toEqual([12, 24, 'partial'.length]);
      expect(first.related[0]).toMatchObject({ loc: { line: 12, column: 7 } });
      expect(first.related[0]!.file).toBe('lib/tiles.wgsl');
      expect(first.message).toContain('reads demo::tiles::partial[lane + stride]');
      expect(first.message).toContain('(line 12)');
      expect(first.message).not.toContain('naga_oil');
    }
  });

  it('substitutes #{DEF} and hoists a module’s enable directive', () => {
    const linked = link(
      '#import m\n@compute @workgroup_size(#{WG}) fn main() { _ = m::h(1.0h); }\n',
      {
        'm.wgsl': '#define_import_path m\nenable f16;\nfn h(x: f16) -> f16 { return x; }\n',
      },
      [['WG', 8]],
    );
    expect(linked.source.split('\n')[0]).toBe('enable f16;');
    expect(linked.source).toContain('@workgroup_size(8) fn main()');
    expect(linked.locate(3, 26)).toEqual({ file: 'main.wgsl', line: 2, column: 26 });
  });

  it('reports missing modules, items, cycles and undefined defs where they are written', () => {
    expect(linkError('\n#import demo::nowhere::f\n', {})).toMatchObject({
      place: { file: 'main.wgsl', line: 2, column: 9 },
      message: "cannot import 'demo::nowhere::f': no file declares '#define_import_path demo::nowhere' (nor demo::nowhere::f)",
    });
    expect(linkError('#import m::{f, g}\n', { 'm.wgsl': '#define_import_path m\nfn f() {}\n' })).toMatchObject({
      place: { file: 'main.wgsl', line: 1, column: 16 },
      message: "module 'm' has no item 'g'",
    });
    expect(linkError('fn k() { m::nope(); }', { 'm.wgsl': '#define_import_path m\nfn f() {}\n' })).toMatchObject({
      place: { file: 'main.wgsl', line: 1, column: 10 },
      message: "'m::nope': module 'm' has no item 'nope'",
    });
    const cycle = linkError('#import a\n', {
      'a.wgsl': '#define_import_path a\n#import b\nfn fa() {}\n',
      'b.wgsl': '#define_import_path b\n\n#import a\nfn fb() {}\n',
    });
    expect(cycle.place).toEqual({ file: 'b.wgsl', line: 3, column: 9 });
    expect(cycle.message).toBe('import cycle: a → b → a');
    expect(linkError('#import a\n', { 'x.wgsl': '#define_import_path a\n', 'y.wgsl': '#define_import_path a\n' }).message).toBe(
      "module 'a' is declared by more than one file: x.wgsl, y.wgsl",
    );
    expect(linkError('\nconst n = #{COUNT};', {})).toMatchObject({
      place: { line: 2, column: 11 },
      message: expect.stringMatching(/COUNT/),
    });
  });
});
