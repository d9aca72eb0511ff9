// `wgsl-lab check` on shaders split into modules, as users meet it: a WESL package whose
// race lies in an imported function, a bevy-style #import/#ifdef repository whose race
// exists under one branch only, and compile and link errors inside modules, each reported
// at the module's own file:line (test/fixtures/modules/, docs/modules.md). The compile
// errors are Tint's, at Tint's columns: a gpu-tier file (test/tiers.ts).
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir, wgslLabIn } from './support/cli.js';
import { githubIngestionProblems, sarifSchemaErrors } from './support/sarif-schema.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/modules', import.meta.url));
const check = (...args: string[]) => wgslLabIn(FIXTURES, 'check', ...args);

interface JsonReport {
  file: string;
  compile: { ok: boolean; messages: { line: number; column: number; file?: string; message: string }[] };
  diagnostics: {
    kind: string;
    line: number;
    column: number;
    file?: string;
    variable?: string;
    related?: { line: number; column: number; file?: string }[];
  }[];
  bankConflicts: { line: number; column: number; file?: string }[];
  summary: { errors: number; races: number };
}

/** The reports of `check --json`, whichever top-level shape it prints. */
function reportsOf(out: string): JsonReport[] {
  const j = JSON.parse(out) as JsonReport | JsonReport[] | { files: JsonReport[] };
  return Array.isArray(j) ? j : 'files' in j ? j.files : [j];
}

const WESL = 'wesl/shaders/kernels';
const TILE = 'wesl/shaders/util/tile.wesl';

describe('check on WESL modules', () => {
  it('reports a race inside an imported function at the module, a clean import as clean, module errors in the module', async () => {
    const r = await check(`${WESL}/smooth.wesl`, `${WESL}/smooth_synced.wesl`, `${WESL}/uses_scale.wesl`, `${WESL}/missing.wesl`);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `${TILE}:10:15: error: data race (RAW) on workgroup variable 'tile': invocation 0 reads tile[(lane + 1u) % TILE_SIZE] while invocation 1 writes tile[lane] (line 9); no workgroupBarrier() separates them. [data-race, 128 times]`,
    );
    expect(r.out).toContain(`    let right = tile[(lane + 1u) % TILE_SIZE];\n                ^`);
    expect(r.out).toContain(`${TILE}:9:3: note: conflicting write by invocation 1\n    tile[lane] = value;`);
    expect(r.out).toContain(`${WESL}/smooth.wesl: 1 error, 0 warnings, 1 race`);
    expect(r.out).toContain(`${WESL}/smooth_synced.wesl: 0 errors, 0 warnings, 0 races`);
    // Tint's message on the linked text, at the module's line.
    expect(r.out).toContain(`wesl/shaders/util/scale.wesl:3:10: error: no matching overload for 'operator * (f32, u32)'`);
    expect(r.out).toContain(
      `${WESL}/missing.wesl:1:8: error: module not found for 'package::util::filters::blur' [compile-error]\n  import package::util::filters::blur;\n         ^`,
    );
    expect(r.out).not.toMatch(/naga_oil|could not be analyzed: [1-9]/);
  });

  it('puts the module in the JSON and SARIF locations', async () => {
    const j = await check('--json', `${WESL}/smooth.wesl`, `${WESL}/uses_scale.wesl`);
    const [smooth, scale] = reportsOf(j.out);
    expect(smooth!.file).toBe(`${WESL}/smooth.wesl`);
    expect(smooth!.diagnostics).toEqual([
      expect.objectContaining({
        kind: 'data-race',
        line: 10,
        column: 15,
        file: TILE,
        variable: 'tile',
        related: [expect.objectContaining({ line: 9, column: 3, file: TILE })],
      }),
    ]);
    expect(smooth!.bankConflicts.map((b) => [b.file, b.line, b.column])).toEqual([
      [TILE, 9, 3],
      [TILE, 10, 15],
    ]);
    expect(scale!.compile.ok).toBe(false);
    expect(scale!.compile.messages[0]).toMatchObject({ file: 'wesl/shaders/util/scale.wesl', line: 3, column: 10 });

    const s = await check('--sarif', `${WESL}/smooth.wesl`);
    const log = JSON.parse(s.out);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubIngestionProblems(log)).toEqual([]);
    const result = log.runs[0].results.find((x: { ruleId: string }) => x.ruleId === 'data-race');
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: TILE, uriBaseId: '%SRCROOT%' },
      region: { startLine: 10, startColumn: 15, endColumn: 19 },
    });
    expect(result.relatedLocations[0].physicalLocation.artifactLocation.uri).toBe(TILE);
    expect(result.relatedLocations[0].physicalLocation.region.startLine).toBe(9);
  });
});

describe('check on naga_oil (#import, #ifdef) modules', () => {
  const SHADERS = 'bevy/assets/shaders';
  const TILES = `${SHADERS}/common/tiles.wgsl`;

  it('finds the race that exists only under the #ifdef branch a shader or --define selects', async () => {
    const r = await check(`${SHADERS}/sum.wgsl`, `${SHADERS}/sum_unsafe.wgsl`);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${SHADERS}/sum.wgsl: 0 errors, 0 warnings, 0 races`);
    expect(r.out).toContain(
      `${TILES}:14:29: error: data race (RAW) on workgroup variable 'demo::tiles::partial_sums': invocation 0 reads demo::tiles::partial_sums[lane + stride] while invocation 16 writes demo::tiles::partial_sums[lane] (line 14); no workgroupBarrier() separates them.`,
    );
    expect(r.out).toContain(`${TILES}:14:7: note: conflicting write by invocation 16`);
    expect(r.out).toContain(`${SHADERS}/sum_unsafe.wgsl: 2 errors, 0 warnings, 2 races`);

    const defined = await check('--json', '--define', 'UNSAFE_REDUCE', `${SHADERS}/sum.wgsl`);
    expect(defined.code).toBe(1);
    const [report] = reportsOf(defined.out);
    expect(report!.summary).toMatchObject({ errors: 2, races: 2 });
    expect(report!.diagnostics.map((d) => [d.file, d.line, d.column])).toEqual([
      [TILES, 14, 29],
      [TILES, 20, 10],
    ]);
  });

  it('reports a compile error inside a module and a missing module at the module and import lines', async () => {
    const r = await check('--json', `${SHADERS}/uses_bad_math.wgsl`, `${SHADERS}/missing_import.wgsl`);
    expect(r.code).toBe(1);
    const [bad, missing] = reportsOf(r.out);
    expect(bad!.diagnostics[0]).toMatchObject({ kind: 'compile-error', file: `${SHADERS}/common/bad_math.wgsl`, line: 5, column: 10 });
    expect(missing!.diagnostics).toEqual([
      expect.objectContaining({
        kind: 'compile-error',
        line: 2,
        column: 9,
        message: "cannot import 'demo::filters::blur': no file declares '#define_import_path demo::filters' (nor demo::filters::blur)",
      }),
    ]);
    expect(missing!.diagnostics[0]!.file).toBeUndefined();
  });

  it('annotates the module in GitHub workflow commands', async () => {
    const r = await check('--format', 'github', '--define', 'UNSAFE_REDUCE', `${SHADERS}/sum.wgsl`);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`::error file=${TILES},line=14,col=29,endColumn=41,title=data-race`);
  });

  it('refuses a malformed --define before reading anything', async () => {
    const r = await check('--define', 'N=1.5', `${SHADERS}/sum.wgsl`);
    expect(r.code).toBe(2);
    expect(r.err).toContain("wgsl-lab check: --define N: the value must be true, false or an integer, got '1.5'");
  });
});

describe('modules of a folder without a repository marker', () => {
  it('finds naga_oil modules below the current folder and the WESL root where package:: imports resolve', async () => {
    const { dir, write } = scratchDir('wgsl-lab-modules-');
    for (const sub of ['app/shaders/lib', 'gpu/common']) mkdirSync(join(dir, sub), { recursive: true });
    // WESL without wesl.toml: `package::lib` exists in app/shaders, so that is the root.
    write(
      'app/shaders/lib/scan.wesl',
      'var<workgroup> sums: array<u32, 32>;\nfn publish(lane: u32) -> u32 {\n  sums[lane] = lane;\n  return sums[31u - lane];\n}\n',
    );
    write(
      'app/shaders/main.wesl',
      '//! buffer 0 u32[32]\nimport package::lib::scan::publish;\n@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n@compute @workgroup_size(32)\nfn main(@builtin(local_invocation_index) lane: u32) {\n  out[lane] = publish(lane);\n}\n',
    );
    // naga_oil: the module lives in another folder of the same tree.
    write('gpu/common/ids.wgsl', '#define_import_path engine::ids\nfn lane_id(i: u32) -> u32 {\n  return i % 32u;\n}\n');
    write(
      'gpu/kernel.wgsl',
      '#import engine::ids\n@compute @workgroup_size(32)\nfn main(@builtin(local_invocation_index) i: u32) {\n  _ = ids::lane_id(i);\n}\n',
    );
    const r = await wgslLabIn(dir, 'check', '--json', 'app/shaders/main.wesl', 'gpu/kernel.wgsl');
    expect(r.code).toBe(1);
    const [wesl, naga] = reportsOf(r.out);
    expect(wesl!.diagnostics.map((d) => [d.kind, d.file, d.line, d.column])).toEqual([['data-race', 'app/shaders/lib/scan.wesl', 4, 10]]);
    expect(naga!.summary).toMatchObject({ errors: 0, races: 0 });
    expect(naga!.compile.ok).toBe(true);
  });
});
