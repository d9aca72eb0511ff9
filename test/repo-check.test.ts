// `wgsl-lab check` over a folder shaped like a product repository (test/fixtures/repo): every
// shader file, every @compute entry point in its own report, render shaders and helper
// modules validated only, WESL and naga_oil modules linked with findings at their place in
// the module, naga-only syntax analyzed with a portability warning, node_modules, .gitignore'd
// and config-ignored paths skipped, a suppressed race, a baseline, and one JSON shape.
// The baseline's further runs and the skipped files run the command's entry in this
// process (wgslLabHere: the same output, without a Node start each).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { wgslLabHere, wgslLabIn } from './support/cli.js';
import { checkDocument } from './support/check-json.js';
import { schemaErrors } from './support/json-schema.js';
import { githubIngestionProblems, sarifSchemaErrors } from './support/sarif-schema.js';

/**
 * The fixture, copied to a scratch folder with a dependency's broken shader under
 * node_modules/ (written here: a node_modules folder is never tracked).
 */
const REPO = mkdtempSync(join(tmpdir(), 'wgsl-lab-repo-fixture-'));
cpSync(fileURLToPath(new URL('./fixtures/repo/', import.meta.url)), REPO, { recursive: true });
mkdirSync(join(REPO, 'node_modules/fancy-postfx/shaders'), { recursive: true });
writeFileSync(join(REPO, 'node_modules/fancy-postfx/shaders/vignette.wgsl'), 'fn broken( {\n  this is not WGSL\n');
afterAll(() => rmSync(REPO, { recursive: true, force: true }));
const SCHEMA = JSON.parse(readFileSync(new URL('../docs/schema/check-report.schema.json', import.meta.url), 'utf8'));

/**
 * Every report `check` gives for the fixture, in order, with exactly its findings
 * (`LINE:COL severity kind`). The one table to extend when the fixture grows.
 */
const EXPECTED: { file: string; entryPoint?: string; stage: string; findings: string[] }[] = [
  // naga's precedence for `h ^ h >> 16u`, which browsers refuse; the race on `winner` is
  // accepted by the comment above it (listed, not counted).
  {
    file: 'src/compute/hash.wgsl',
    entryPoint: 'main',
    stage: 'compute',
    findings: ['14:12 warning portability', '22:3 error data-race (inline)'],
  },
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
  // The race lies in the naga_oil module it imports (#import app::strips), whose barrier
  // needs a shader def this file does not set.
  {
    file: 'src/compute/sharpen.wgsl',
    entryPoint: 'main',
    stage: 'compute',
    findings: ['src/shaders/bevy/strips.wgsl:13:14 error data-race', 'src/shaders/bevy/strips.wgsl:14:15 error data-race'],
  },
  { file: 'src/shaders/bevy/strips.wgsl', stage: 'none', findings: [] },
  { file: 'src/shaders/common.wgsl', stage: 'none', findings: [] },
  // textureSample (implicit derivatives) inside the decal-box test: the compiler refuses it.
  { file: 'src/shaders/decal.wgsl', stage: 'fragment', findings: ['16:13 error compile-error'] },
  { file: 'src/shaders/fullscreen.wgsl', stage: 'vertex', findings: [] },
  { file: 'src/shaders/mesh.wgsl', stage: 'render', findings: [] },
  // The scan's missing barrier is in the WESL module the kernel imports.
  { file: 'src/wesl/kernels/prefix.wesl', entryPoint: 'main', stage: 'compute', findings: ['src/wesl/lib/scan.wesl:16:5 error data-race'] },
  { file: 'src/wesl/lib/scan.wesl', stage: 'none', findings: [] },
];

/** Broken WGSL that only a walk into node_modules, what .gitignore names or what the config ignores would reach. */
const SKIPPED = [
  'node_modules/fancy-postfx/shaders/vignette.wgsl',
  'generated/baked.wgsl',
  'src/shaders/experiment.local.wgsl',
  'src/shaders/vendor/third_party_blur.wgsl',
];

const files = [...new Set(EXPECTED.map((e) => e.file))];
const computes = EXPECTED.filter((e) => e.stage === 'compute').length;
const counted = EXPECTED.flatMap((e) => e.findings).filter((f) => !f.endsWith('(inline)'));
const errors = counted.filter((f) => / error /.test(f)).length;
const warnings = counted.filter((f) => / warning /.test(f)).length;

/** A finding as the EXPECTED table writes it: `[MODULE:]LINE:COL severity kind[ (suppressed kind)]`. */
function finding(d: {
  file?: string;
  line: number;
  column: number;
  severity: string;
  kind: string;
  suppressed?: { kind: string };
}): string {
  return `${d.file ? `${d.file}:` : ''}${d.line}:${d.column} ${d.severity} ${d.kind}${d.suppressed ? ` (${d.suppressed.kind})` : ''}`;
}

/** A scratch copy of the fixture, to edit. */
function copyOfRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wgsl-lab-repo-'));
  cpSync(REPO, dir, { recursive: true });
  return dir;
}

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
        findings: f.diagnostics.map(finding),
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
    for (const e of EXPECTED)
      for (const f of e.findings) {
        const [at, severity] = f.split(' ');
        const place = at!.split(':').length === 3 ? at : `${e.file}:${at}`;
        // Findings a comment accepted are not printed.
        if (f.endsWith('(inline)')) expect(r.out).not.toContain(`${place}: ${severity}: `);
        else expect(r.out).toContain(`${place}: ${severity}: `);
      }
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
    expect(
      races.map(
        (x: {
          properties: { entryPoint: string };
          locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
          suppressions?: unknown[];
        }) => [x.locations[0]!.physicalLocation.artifactLocation.uri, x.properties.entryPoint, x.suppressions ? 'suppressed' : 'open'],
      ),
    ).toEqual([
      ['src/compute/hash.wgsl', 'main', 'suppressed'],
      ['src/compute/postprocess.wgsl', 'blur_h', 'open'],
      ['src/compute/postprocess.wgsl', 'blur_h', 'open'],
      ['src/shaders/bevy/strips.wgsl', 'main', 'open'],
      ['src/shaders/bevy/strips.wgsl', 'main', 'open'],
      ['src/wesl/lib/scan.wesl', 'main', 'open'],
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

  it('exits 0 once every error is suppressed or in a baseline, and 1 again for a new race', async () => {
    const dir = copyOfRepo();
    try {
      // Today's findings recorded: the same run, and every later one, passes.
      const written = await wgslLabIn(dir, 'check', '--write-baseline', 'wgsl-lab.baseline.json', '.');
      expect(written.code, written.err).toBe(0);
      const again = await wgslLabHere({ cwd: dir }, 'check', '--json', '--baseline', 'wgsl-lab.baseline.json', '.');
      expect(again.code, again.err).toBe(0);
      // Warnings are recorded too: nothing is left open.
      const all = checkDocument(again.out).files.flatMap((f) => f.diagnostics);
      expect(all.filter((d: { suppressed?: unknown }) => !d.suppressed)).toEqual([]);
      expect(all.filter((d: { suppressed?: { kind: string } }) => d.suppressed?.kind === 'baseline')).toHaveLength(counted.length);
      // A new kernel with a race (and lines added above a baselined one) fails on the new race only.
      const blur = join(dir, 'src/compute/postprocess.wgsl');
      writeFileSync(blur, `// Bloom passes.\n\n${readFileSync(blur, 'utf8')}`);
      writeFileSync(
        join(dir, 'src/compute/new_pass.wgsl'),
        readFileSync(join(dir, 'src/wesl/lib/scan.wesl'), 'utf8').replace(
          '// A 64-wide',
          '//! dispatch 1\n//! buffer 0 u32[64]\n// A 64-wide',
        ) +
          '@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n' +
          '@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) lane: u32) { out[lane] = inclusive_scan(lane, lane); }\n',
      );
      const grown = await wgslLabHere({ cwd: dir }, 'check', '--json', '--baseline', 'wgsl-lab.baseline.json', '.');
      expect(grown.code).toBe(1);
      const failing = checkDocument(grown.out).files.flatMap((f) =>
        f.diagnostics.filter((d: { severity: string; suppressed?: unknown }) => d.severity === 'error' && !d.suppressed).map(() => f.file),
      );
      expect(failing).toEqual(['src/compute/new_pass.wgsl']);
      // Without the suppression comment, the hash kernel's race counts (no baseline given).
      const hash = join(dir, 'src/compute/hash.wgsl');
      writeFileSync(hash, readFileSync(hash, 'utf8').replace(/ *\/\/ wgsl-lab-disable-next-line.*\n/, ''));
      const unsuppressed = await wgslLabHere({ cwd: dir }, 'check', '--json', 'src/compute/hash.wgsl');
      expect(unsuppressed.code).toBe(1);
      expect(checkDocument(unsuppressed.out).files[0].diagnostics.map(finding)).toEqual([
        '14:12 warning portability',
        '21:3 error data-race',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('would have failed on the files it skips: they are broken WGSL', async () => {
    // Named on the command line, a file the config ignores is still ignored (said on stderr).
    const vendor = await wgslLabIn(REPO, 'check', 'src/shaders/vendor/third_party_blur.wgsl');
    expect([vendor.code, vendor.err]).toEqual([0, expect.stringContaining('is ignored by wgsl-lab.config.json')]);
    for (const s of SKIPPED) {
      const r = await wgslLabHere({ cwd: REPO }, 'check', '--json', '--config', join(REPO, 'src/compute/empty.config.json'), s);
      expect(r.code, s).toBe(1);
      expect(checkDocument(r.out).files[0].compile.ok, s).toBe(false);
    }
  });
});
