// checkSourceEntries without a compiler: the front end's verdict, one report per @compute
// entry point (with its header section), and render and helper files validated only.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSourceEntries } from './check-source.js';

const fixture = (p: string) => readFileSync(new URL(`../../test/fixtures/repo/${p}`, import.meta.url), 'utf8');

/** Each report as `entryPoint|stage: LINE:COL severity kind, …`. */
async function summary(source: string, entry?: string): Promise<string[]> {
  const { reports } = await checkSourceEntries(source, { file: 'k.wgsl', entry });
  return reports.map(
    (r) =>
      `${r.entryPoint ?? '-'}|${r.stage}: ${r.diagnostics.map((d) => `${d.loc?.line}:${d.loc?.column} ${d.severity} ${d.kind}`).join(', ')}`,
  );
}

describe('checkSourceEntries', () => {
  it('analyzes each @compute entry point on its own, with its entry section', async () => {
    expect(await summary(fixture('src/compute/postprocess.wgsl'))).toEqual([
      'bright_pass|compute: ',
      'blur_h|compute: 24:14 error data-race, 25:15 error data-race',
    ]);
    expect(await summary(fixture('src/compute/postprocess.wgsl'), 'bright_pass')).toEqual(['bright_pass|compute: ']);
    const { reports } = await checkSourceEntries(fixture('src/compute/postprocess.wgsl'), {});
    // 4 workgroups of 64 from the sections: the race repeats in every workgroup.
    expect(reports[1]!.diagnostics[0]!.count).toBe(252);
  });

  it('validates render shaders and helper files with the front end, derivatives included', async () => {
    expect(await summary(fixture('src/shaders/mesh.wgsl'))).toEqual(['-|render: ']);
    expect(await summary(fixture('src/shaders/fullscreen.wgsl'))).toEqual(['-|vertex: ']);
    expect(await summary(fixture('src/shaders/common.wgsl'))).toEqual(['-|none: ']);
    const { reports } = await checkSourceEntries(fixture('src/shaders/decal.wgsl'), { file: 'decal.wgsl' });
    expect(reports).toHaveLength(1);
    const [decal] = reports;
    expect(decal).toMatchObject({ file: 'decal.wgsl', stage: 'fragment', compile: { ok: false }, summary: { errors: 1, warnings: 0 } });
    expect(decal!.diagnostics.map((d) => [d.loc?.line, d.loc?.column, d.message])).toEqual([
      [16, 13, "'textureSample' must only be called from uniform control flow"],
    ]);
    // The same notes as the real compiler gives (test/repo-check.test.ts runs it).
    expect(decal!.diagnostics[0]!.related.map((r) => `${r.loc.line}:${r.loc.column} ${r.message}`)).toEqual([
      '15:7 control flow depends on possibly non-uniform value',
      "15:11 parameter 'in' of 'decal_fs' may be non-uniform",
    ]);
    expect(decal!.notes!.join(' ')).toMatch(/No WGSL compiler \(Tint\).*Validated only \(fragment entry points only\)/);
  });

  it("analyzes a file's compute entry point beside fragment code that discards", async () => {
    const source = `@group(0) @binding(0) var<storage, read_write> data: array<f32>;
var<workgroup> tile: array<f32, 64>;
@compute @workgroup_size(64)
fn blur(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = data[lane];
  data[lane] = tile[(lane + 1u) % 64u];
}
@fragment
fn fs(@location(0) alpha: f32) -> @location(0) vec4f {
  if (alpha < 0.5) { discard; }
  return vec4f(alpha);
}
`;
    const { reports } = await checkSourceEntries(source, {});
    expect(reports.map((r) => [r.entryPoint, r.stage, r.diagnostics.map((d) => `${d.loc?.line}:${d.loc?.column} ${d.kind}`)])).toEqual([
      ['blur', 'compute', ['6:16 data-race']],
    ]);
  });

  it('checks the syntax of render code the front end does not model, and says so', async () => {
    const source =
      '@group(0) @binding(0) var t: texture_2d<f32>;\n@group(0) @binding(1) var s: sampler;\n' +
      '@fragment fn fs(@location(0) a: vec2f) -> @location(0) vec4f {\n  return textureSampleGrad(t, s, a, vec2f(0.0), vec2f(0.0));\n}\n';
    const { reports } = await checkSourceEntries(source, {});
    expect(reports[0]).toMatchObject({ stage: 'fragment', compile: { ok: true }, diagnostics: [] });
    expect(reports[0]!.notes!.join(' ')).toMatch(/does not model 'textureSampleGrad' \(line 4\); only the syntax was checked/);
    const broken = await checkSourceEntries(source.replace('return', 'retrun'), {});
    expect(broken.reports[0]!.diagnostics.map((d) => `${d.loc?.line}:${d.loc?.column} ${d.kind}`)).toEqual(['4:10 compile-error']);
  });
});
