// `wgsl-lab check` over a folder shaped like a product repository (test/fixtures/repo): every
// shader file, every @compute entry point in its own report, render shaders and helper
// modules validated only, node_modules and .gitignore'd paths skipped, and one JSON shape.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wgslLabIn } from './support/cli.js';
import { checkDocument } from './support/check-json.js';
import { schemaErrors } from './support/json-schema.js';
import { githubIngestionProblems, sarifSchemaErrors } from './support/sarif-schema.js';

const REPO = fileURLToPath(new URL('./fixtures/repo/', import.meta.url));
const SCHEMA = JSON.parse(readFileSync(new URL('../docs/schema/check-report.schema.json', import.meta.url), 'utf8'));

/**
 * Every report `check` gives for the fixture, in order, with exactly its findings
 * (`LINE:COL severity kind`). The one table to extend when the fixture grows.
 */
const EXPECTED: { file: string; entryPoint?: string; stage: string; findings: string[] }[] = [
  { file: 'src/compute/particles.wgsl', entryPoint: 'integrate', stage: 'compute', findings: [] },
  { file: 'src/compute/postprocess.wgsl', entryPoint: 'bright_pass', stage: 'compute', findings: [] },
  // The tile is read before any barrier: both neighbours' reads race with their writes.
  {
    file: 'src/compute/postprocess.wgsl',
    entryPoint: 'blur_h',
    stage: 'compute',
    findings: ['24:14 error data-race', '25:15 error data-race'],
  },
  // Its workgroup size is a pipeline constant without a default: valid, but not simulated.
  { file: 'src/compute/reduce.wgsl', entryPoint: 'row_sum', stage: 'compute', findings: ['10:26 warning input'] },
  { file: 'src/shaders/common.wgsl', stage: 'none', findings: [] },
  // textureSample (implicit derivatives) inside the decal-box test: the compiler refuses it.
  { file: 'src/shaders/decal.wgsl', stage: 'fragment', findings: ['16:13 error compile-error'] },
  { file: 'src/shaders/fullscreen.wgsl', stage: 'vertex', findings: [] },
  { file: 'src/shaders/mesh.wgsl', stage: 'render', findings: [] },
];

/** Broken WGSL that only a walk into node_modules or what .gitignore names would reach. */
const SKIPPED = ['node_modules/fancy-postfx/shaders/vignette.wgsl', 'generated/baked.wgsl', 'src/shaders/experiment.local.wgsl'];

const files = [...new Set(EXPECTED.map((e) => e.file))];
const computes = EXPECTED.filter((e) => e.stage === 'compute').length;
const errors = EXPECTED.flatMap((e) => e.findings).filter((f) => / error /.test(f)).length;
const warnings = EXPECTED.flatMap((e) => e.findings).filter((f) => / warning /.test(f)).length;

describe('check DIR on a product repository', () => {
  it('gives one report per @compute entry point and per validated file, with exactly the expected findings', async () => {
    const r = await wgslLabIn(REPO, 'check', '--json', '.');
    expect(r.err).not.toMatch(/could not be analyzed/);
    expect(r.code).toBe(1);
    const doc = checkDocument(r.out);
    expect(schemaErrors(SCHEMA, doc)).toEqual([]);
    expect(doc.files.filter((f) => 'errors' in f)).toEqual([]);
    expect(
      doc.files.map((f) => ({
        file: f.file,
        ...(f.entryPoint !== undefined ? { entryPoint: f.entryPoint } : {}),
        stage: f.stage,
        findings: f.diagnostics.map(
          (d: { line: number; column: number; severity: string; kind: string }) => `${d.line}:${d.column} ${d.severity} ${d.kind}`,
        ),
      })),
    ).toEqual(EXPECTED);
    // The race names both accesses, so a reader sees the missing barrier between them.
    const race = doc.files.find((f) => f.entryPoint === 'blur_h')!.diagnostics[0];
    expect(race).toMatchObject({ variable: 'tile', hazard: 'RAW', related: [{ line: 22, column: 3 }] });
  });

  it('prints each entry point of a file under a heading, and counts validated files apart', async () => {
    const r = await wgslLabIn(REPO, 'check', '.');
    expect(r.code).toBe(1);
    expect(r.out).toContain("src/compute/postprocess.wgsl: @compute entry point 'bright_pass'\n");
    expect(r.out).toContain("src/compute/postprocess.wgsl: @compute entry point 'blur_h'\n");
    for (const e of EXPECTED) for (const f of e.findings) expect(r.out).toContain(`${e.file}:${f.split(' ')[0]}: ${f.split(' ')[1]}: `);
    expect(r.out).toContain('src/shaders/mesh.wgsl: validated only (vertex and fragment shader): 0 errors, 0 warnings');
    expect(r.out).toContain('src/shaders/common.wgsl: validated only (no entry point): 0 errors');
    expect(r.out).toContain(
      `checked ${files.length} file(s) (${computes} compute entry point(s), ${EXPECTED.length - computes} validated only): ${errors} error(s), ${warnings} warning(s), 0 could not be analyzed`,
    );
    for (const s of SKIPPED) expect(r.out + r.err).not.toContain(s.split('/').at(-1));
  });

  it('gives SARIF with one artifact per file and the entry point of each result', async () => {
    const r = await wgslLabIn(REPO, 'check', '--sarif', '.');
    expect(r.code).toBe(1);
    const log = JSON.parse(r.out);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubIngestionProblems(log)).toEqual([]);
    const run = log.runs[0];
    expect(run.artifacts.map((a: { location: { uri: string } }) => a.location.uri)).toEqual(files);
    const races = run.results.filter((x: { ruleId: string }) => x.ruleId === 'data-race');
    expect(races.map((x: { properties: { entryPoint: string; stage: string } }) => [x.properties.entryPoint, x.properties.stage])).toEqual([
      ['blur_h', 'compute'],
      ['blur_h', 'compute'],
    ]);
    const decal = run.results.find((x: { ruleId: string }) => x.ruleId === 'compile-error');
    expect(decal.properties.stage).toBe('fragment');
    expect(run.invocations[0].executionSuccessful).toBe(true);
  });

  it('has a schema that refuses what the contract does not allow', () => {
    const report = { file: 'a.wgsl', stage: 'compute', compile: { ok: true, messages: [] }, diagnostics: [], bankConflicts: [] };
    const model = { banks: 32, bankWidthBytes: 4, subgroupSize: 32 };
    const summary = { errors: 0, warnings: 0, races: 0, maxBankWays: 0 };
    expect(schemaErrors(SCHEMA, { version: 1, files: [{ ...report, model, summary }] })).toEqual([]);
    expect(schemaErrors(SCHEMA, [{ ...report, model, summary }])).toEqual(['$: expected object, found an array']);
    expect(schemaErrors(SCHEMA, { version: 2, files: [] })).toEqual(['$.version: expected 1, found 2']);
    const bad = schemaErrors(SCHEMA, { version: 1, files: [{ ...report, stage: 'geometry', model, summary, entrypoint: 'x' }] });
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(
      /matches none of anyOf \(\$\.files\[0\]\.stage: "geometry" is not one of .*; \$\.files\[0\]: 'errors' is required/,
    );
  });

  it('analyzes only the entry point --entry names', async () => {
    const r = await wgslLabIn(REPO, 'check', '--json', '--entry', 'bright_pass', 'src/compute/postprocess.wgsl');
    expect(r.code).toBe(0);
    expect(checkDocument(r.out).files.map((f) => [f.entryPoint, f.summary.errors])).toEqual([['bright_pass', 0]]);
  });

  it('would have failed on the files it skips: they are broken WGSL', async () => {
    for (const s of SKIPPED) {
      const r = await wgslLabIn(REPO, 'check', '--json', s);
      expect(r.code, s).toBe(1);
      expect(checkDocument(r.out).files[0].compile.ok, s).toBe(false);
    }
  });
});
