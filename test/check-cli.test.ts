// `wgsl-lab check` as users and tools call it: the FILE:LINE:COL format, the JSON contract
// of docs/check-json.md, SARIF 2.1.0, options and exit codes. Each behaviour is seen once
// through the built command; further cases of it run the command's entry in this process
// (checkHere: the same output, without a Node start each).
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, scratchDir, wgslLab, wgslLabEnv, wgslLabHere, wgslLabIn, wgslLabWithInput } from './support/cli.js';
import { githubIngestionProblems, sarifSchemaErrors } from './support/sarif-schema.js';
import { checkDocument, onlyReport } from './support/check-json.js';

const L = (p: string) => fileURLToPath(new URL(`../lessons/${p}`, import.meta.url));
const { dir: scratch, write: file } = scratchDir('wgsl-lab-check-');
const check = (...args: string[]) => wgslLab('check', ...args);
const checkHere = (...args: string[]) => wgslLabHere({}, 'check', ...args);

describe('wgsl-lab check', () => {
  it('reports the race of the barrier-less neighbour average with both sites, exit 1', async () => {
    const f = L('02-workgroup-memory/neighbour-average-no-barrier.wgsl');
    const r = await check(f);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `${f}:33:14: error: data race (RAW) on workgroup variable 'tile': invocation 1 reads tile[select(lane - 1u, lane, lane == 0u)] while invocation 0 writes tile[lane] (line 23)`,
    );
    expect(r.out).toContain(`${f}:23:3: note: conflicting write by invocation 0`);
    expect(r.out).toMatch(/1 error, 0 warnings, 1 race, no bank conflicts \(model: 32 banks of 4 bytes, subgroups of 32\)/);
  });

  it('prints the JSON contract', async () => {
    const r = await check('--json', L('03-bank-conflicts/transpose-unpadded.wgsl'));
    expect(r.code).toBe(0);
    const j = onlyReport(r.out);
    expect(Object.keys(j)).toEqual(expect.arrayContaining(['file', 'compile', 'diagnostics', 'bankConflicts', 'model', 'summary']));
    expect(j.compile).toEqual({ ok: true, messages: [] });
    expect(j.model).toEqual({ banks: 32, bankWidthBytes: 4, subgroupSize: 32 });
    expect(j.summary).toEqual({ errors: 0, warnings: 0, races: 0, maxBankWays: 32 });
    const site = j.bankConflicts.find((b: { maxWays: number }) => b.maxWays === 32);
    expect(site).toMatchObject({
      line: 32,
      column: 55,
      variable: 'tile',
      access: 'read',
      maxWays: 32,
      meanWays: 32,
      wavefronts: 4096,
      ideal: 128,
      excess: 3968,
      executions: 128,
    });
    const race = onlyReport((await check('--json', L('02-workgroup-memory/neighbour-average-no-barrier.wgsl'))).out).diagnostics[0];
    expect(race).toMatchObject({
      severity: 'error',
      kind: 'data-race',
      line: 33,
      column: 14,
      variable: 'tile',
      addressSpace: 'workgroup',
      hazard: 'RAW',
      benign: false,
      count: 1008,
    });
    expect(race.related).toEqual([{ line: 23, column: 3, message: 'conflicting write by invocation 0' }]);
  });

  it('prints SARIF 2.1.0 for several files', async () => {
    const r = await check(
      '--sarif',
      L('02-workgroup-memory/neighbour-average-unguarded.wgsl'),
      L('03-bank-conflicts/two-words-one-bank.wgsl'),
    );
    // Both findings are warnings: the lesson's out-of-bounds read sits in a select() argument
    // whose value the condition discards ("evaluated eagerly; value unused").
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.version).toBe('2.1.0');
    const results = s.runs[0].results;
    const oob = results.find((x: { ruleId: string }) => x.ruleId === 'out-of-bounds');
    expect(oob.level).toBe('warning');
    expect(oob.locations[0].physicalLocation.region).toEqual({ startLine: 35, startColumn: 21, endColumn: 25 });
    expect(oob.message.text).toMatch(
      /index 4294967295 is out of bounds for tile \(length 64\).*select\(\), evaluated eagerly; value unused/,
    );
    const bank = results.find((x: { ruleId: string }) => x.ruleId === 'bank-conflict');
    expect(bank.properties.maxWays).toBe(2);
    expect(s.runs[0].tool.driver.rules.map((x: { id: string }) => x.id)).toContain('data-race');
    expect(sarifSchemaErrors(s)).toEqual([]);
    expect(githubIngestionProblems(s)).toEqual([]);
    expect(s.runs[0].invocations).toEqual([{ executionSuccessful: true, toolExecutionNotifications: [] }]);
  });

  it('gives SARIF uris relative to the current directory, and reports files it could not analyze', async () => {
    file(
      'my kernel#1.wgsl',
      `@group(0) @binding(0) var<storage, read_write> o: array<u32>;\nvar<workgroup> t: array<u32, 64>;\n@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) i: u32) { t[i] = i; o[i] = t[63u - i]; }\n`,
    );
    file(
      'tex.wgsl',
      `@group(0) @binding(0) var img: texture_multisampled_2d<f32>;\n@group(0) @binding(1) var<storage, read_write> o: array<f32>;\n@compute @workgroup_size(1) fn main() { o[0] = textureLoad(img, vec2i(0, 0), 0).x; }\n`,
    );
    const r = await wgslLabIn(scratch, 'check', '--sarif', 'my kernel#1.wgsl', 'tex.wgsl', 'missing.wgsl');
    expect(r.code).toBe(2);
    const s = JSON.parse(r.out);
    expect(sarifSchemaErrors(s)).toEqual([]);
    expect(githubIngestionProblems(s)).toEqual([]);
    const run = s.runs[0];
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toMatch(/^file:\/\/\/.*wgsl-lab-check-[^/]+\/$/);
    const race = run.results.find((x: { ruleId: string }) => x.ruleId === 'data-race');
    expect(race.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'my%20kernel%231.wgsl', uriBaseId: '%SRCROOT%' });
    expect(race.relatedLocations[0]).toMatchObject({
      id: 1,
      message: { text: expect.stringMatching(/^conflicting (write|read) by invocation/) },
    });
    expect(race.partialFingerprints['wgslLabFinding/v1']).toMatch(/^[0-9a-f]{16}$/);
    const [inv] = run.invocations;
    expect(inv.executionSuccessful).toBe(false);
    expect(inv.toolExecutionNotifications).toEqual([
      expect.objectContaining({
        level: 'error',
        message: { text: "tex.wgsl could not be analyzed: not supported: multisampled textures ('img')" },
        associatedRule: { id: 'not-supported', index: expect.any(Number) },
      }),
      expect.objectContaining({
        level: 'error',
        message: { text: "missing.wgsl could not be analyzed: cannot open 'missing.wgsl': no such file" },
        associatedRule: { id: 'input', index: expect.any(Number) },
      }),
    ]);
    expect(inv.toolExecutionNotifications[0].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'tex.wgsl', uriBaseId: '%SRCROOT%' },
      region: { startLine: 1, startColumn: 27, endColumn: expect.any(Number) },
    });
  });

  it("reports the compiler's errors as compile-error diagnostics at Tint's line and column", async () => {
    const r = await check('--json', L('05-barriers/loop-bound-from-workgroup.wgsl'));
    expect(r.code).toBe(1);
    const j = onlyReport(r.out);
    expect(j.compile.ok).toBe(false);
    expect(j.diagnostics).toEqual([
      {
        severity: 'error',
        kind: 'compile-error',
        message: "'workgroupBarrier' must only be called from uniform control flow",
        line: 34,
        column: 5,
        rule: 'compile-error',
        fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    ]);
  });

  it('follows --banks and --subgroup-size', async () => {
    const f = L('03-bank-conflicts/transpose-unpadded.wgsl');
    const b16 = onlyReport((await checkHere('--json', '--banks', '16', f)).out);
    expect(b16.model.banks).toBe(16);
    const worst16 = b16.bankConflicts.find((b: { line: number }) => b.line === 32);
    // 16 banks: phases of 16 lanes, each 16-way; two phases per subgroup of 32.
    expect(worst16).toMatchObject({ maxWays: 16, ideal: 256, wavefronts: 4096 });
    const s16 = onlyReport((await checkHere('--json', '--subgroup-size', '16', f)).out);
    expect(s16.bankConflicts.find((b: { line: number }) => b.line === 32)).toMatchObject({ maxWays: 16, executions: 256 });
  });

  it('stops a kernel that never ends at the step limit, exit 1', async () => {
    const p = file(
      'forever.wgsl',
      `//! buffer 0 u32[1]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(4)\nfn main() {\n  var x = o[0] | 1u;\n  loop {\n    if (x == 12345678u) { break; }\n    x += 2u;\n  }\n  o[0] = x;\n}\n`,
    );
    const r = await checkHere('--json', '--max-steps', '100000', p);
    expect(r.code).toBe(1);
    const d = onlyReport(r.out).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ kind: 'step-limit', severity: 'error', line: 6, column: 3 });
    expect(d[0].message).toMatch(/did not finish within 100000 simulated steps/);
  });

  it('samples dispatches beyond 2^22 invocations and says which workgroups it simulated', async () => {
    // 4097 workgroups of 1024: one workgroup more than 2^22 invocations, so 4096 are sampled
    // (4080: points of the even spread that fall on the first and last 8 are not replaced);
    // the spread leaves out one workgroup in about 241.
    const p = file(
      'huge.wgsl',
      `//! dispatch 4097\n//! buffer 0 u32[4097]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1024)\nfn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) { if (l == 0u) { o[w.x] = w.x; } }\n`,
    );
    const j = onlyReport((await check('--json', p)).out);
    expect(j.sampledWorkgroups.total).toBe(4097);
    expect(j.sampledWorkgroups.simulated).toBe(4080);
    expect(j.sampledWorkgroups.which).toMatch(/^0–119, 121–360, 362–601, .*, 3736–3975, 3977–4096$/);
    expect(j.notes.join(' ')).toMatch(/4080 were simulated/);
  });

  it('checks every workgroup of a dispatch of 2^22 invocations', async () => {
    // 256 × 256 workgroups of 64, every one writing its own word; the last one also writes
    // workgroup 0's: a race only a check of the whole dispatch sees.
    const p = file(
      'whole.wgsl',
      `//! dispatch 256 256\n//! buffer 0 u32[65536]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {\n  let i = w.y * 256u + w.x;\n  if (l == 0u) { o[i] = i; }\n  if (l == 1u && i == 65535u) { o[0] = 7u; }\n}\n`,
    );
    const j = onlyReport((await check('--json', p)).out);
    expect(j.sampledWorkgroups).toBeUndefined();
    expect(j.diagnostics).toMatchObject([{ kind: 'data-race', hazard: 'WAW', line: 8, count: 1 }]);
    expect(j.diagnostics[0].message).toMatch(/invocation 1 of workgroup 65535 writes o\[0\] while invocation 0 of workgroup 0 writes/);
  });

  it('--jobs N prints what --jobs 1 prints, races between workgroups of different workers included', async () => {
    // 1024 workgroups of 64 (over the size that is split): workgroup 700 reads what workgroup
    // 100 wrote (and, in its own workgroup, a word lane 1 wrote); workgroup memory races in
    // every workgroup.
    const p = file(
      'jobs.wgsl',
      `//! dispatch 1024\n//! buffer 0 u32[65536]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\nvar<workgroup> t: array<u32, 64>;\n@compute @workgroup_size(64)\nfn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {\n  t[l] = l;\n  o[w.x * 64u + l] = t[63u - l];\n  if (w.x == 700u && l == 0u) { o[w.x * 64u + 1u] = o[100u * 64u + 5u]; }\n}\n`,
    );
    // Splits into 2, 3 and 4 parts at random places: test/parallel-check.test.ts, in-process.
    const [one, three] = await Promise.all([check('--json', '--jobs', '1', p), check('--json', '--jobs', '3', p)]);
    expect(one.code).toBe(1);
    const races = onlyReport(one.out).diagnostics.map((d: { hazard: string; count: number }) => `${d.hazard} ${d.count}`);
    expect(races).toEqual(['RAW 65536', 'WAW 1', 'RAW 1']);
    expect(three.out).toBe(one.out);
    const bad = await check('--jobs', '0', p);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--jobs must be a positive integer, got '0'/);
  });

  it('checks kernels without a header, with zero-filled buffers', async () => {
    const p = file(
      'bare.wgsl',
      `@group(0) @binding(0) var<storage, read_write> o: array<f32>;\nvar<workgroup> t: array<f32, 64>;\n@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) i: u32) { t[i] = f32(i); o[i] = t[63u - i]; }\n`,
    );
    const r = await checkHere('--json', p);
    const j = onlyReport(r.out);
    expect(j.summary.races).toBe(1);
    expect(j.notes.join(' ')).toMatch(/no buffer for 'o' \(f32\[64\]\)/);
  });

  it('refuses what it cannot analyze with exit 2 and says why', async () => {
    const tex = file(
      'tex.wgsl',
      `@group(0) @binding(0) var img: texture_multisampled_2d<f32>;\n@group(0) @binding(1) var<storage, read_write> o: array<f32>;\n@compute @workgroup_size(1) fn main() { o[0] = textureLoad(img, vec2i(0, 0), 0).x; }\n`,
    );
    const r = await check(tex);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/tex\.wgsl:1:27: error: not supported: multisampled textures \('img'\) at 1:27/);
    const bad = await checkHere('--banks', '12', tex);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--banks must be 32 or 16, got 12');
    const header = await checkHere(file('h.wgsl', '//! buffer 0 u32[4] = j\n@compute @workgroup_size(1) fn main() {}\n'));
    expect(header.code).toBe(2);
    expect(header.err).toMatch(/h\.wgsl:1:23: error: unknown identifier 'j'; the only variable is 'i'/);
  });

  it('gives a summary line for several files', async () => {
    const r = await checkHere(L('01-first-kernel/square.wgsl'), L('04-reduction/sum-workgroup.wgsl'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /checked 2 file\(s\) \(2 compute entry point\(s\), 0 validated only\): 0 error\(s\), 0 warning\(s\), 0 could not be analyzed/,
    );
  });
});

describe('wgsl-lab check in CI: --format github, the problem matcher, stdin, directories', () => {
  const RACY = L('02-workgroup-memory/neighbour-average-no-barrier.wgsl');
  const BANKS = L('03-bank-conflicts/two-words-one-bank.wgsl');
  const ROOT = fileURLToPath(new URL('..', import.meta.url));

  it('prints one GitHub workflow command per finding and per file it could not analyze', async () => {
    const r = await wgslLabIn(ROOT, 'check', '--format', 'github', RACY, BANKS, 'no/such.wgsl');
    expect(r.code).toBe(2);
    // The failure is a command on stdout, not also a message on stderr.
    expect(r.err).not.toContain('no such file');
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toEqual([
      "::error file=lessons/02-workgroup-memory/neighbour-average-no-barrier.wgsl,line=33,col=14,endColumn=18,title=data-race (1008 times)::data race (RAW) on workgroup variable 'tile': invocation 1 reads tile[select(lane - 1u, lane, lane == 0u)] while invocation 0 writes tile[lane] (line 23); no workgroupBarrier() separates them.%0Alessons/02-workgroup-memory/neighbour-average-no-barrier.wgsl:23:3: note: conflicting write by invocation 0",
      '::warning file=lessons/03-bank-conflicts/two-words-one-bank.wgsl,line=20,col=19,title=bank-conflict::2-way bank conflict reading tile[(lane * 32u) %25 64u]: 64 wavefronts where 32 would do (excess 32, mean 2-way) over 32 subgroup executions',
      "::error file=no/such.wgsl,title=input::could not be analyzed: cannot open 'no/such.wgsl': no such file",
    ]);
    const bad = await checkHere('--format', 'xml', RACY);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--format must be text, json, sarif or github, got 'xml'");
    expect((await checkHere('--sarif', '--format', 'json', RACY)).err).toContain('--sarif contradicts --format json');
  });

  it("ships a problem matcher that picks check's text output apart", async () => {
    const { problemMatcher } = JSON.parse(readFileSync(new URL('../problem-matcher.json', import.meta.url), 'utf8'));
    expect(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).files).toContain('problem-matcher.json');
    const [located, whole] = problemMatcher.map((m: { owner: string; pattern: { regexp: string }[] }) => ({
      ...m.pattern[0]!,
      re: new RegExp(m.pattern[0]!.regexp),
    }));
    const rel = (p: string) => relative(ROOT, p);
    const r = await wgslLabIn(ROOT, 'check', rel(RACY), rel(BANKS), 'no/such.wgsl');
    const problems = (r.out + r.err).split('\n').flatMap((line) => {
      const m = located.re.exec(line);
      if (m)
        return [
          {
            file: m[located.file],
            line: +m[located.line],
            column: +m[located.column],
            severity: m[located.severity],
            message: m[located.message],
            code: m[located.code],
          },
        ];
      const w = whole.re.exec(line);
      return w ? [{ file: w[whole.file], severity: w[whole.severity], message: w[whole.message] }] : [];
    });
    expect(problems).toEqual([
      {
        file: 'lessons/02-workgroup-memory/neighbour-average-no-barrier.wgsl',
        line: 33,
        column: 14,
        severity: 'error',
        message:
          "data race (RAW) on workgroup variable 'tile': invocation 1 reads tile[select(lane - 1u, lane, lane == 0u)] while invocation 0 writes tile[lane] (line 23); no workgroupBarrier() separates them.",
        code: 'data-race',
      },
      {
        file: 'lessons/03-bank-conflicts/two-words-one-bank.wgsl',
        line: 20,
        column: 19,
        severity: 'warning',
        message:
          '2-way bank conflict reading tile[(lane * 32u) % 64u]: 64 wavefronts where 32 would do (excess 32, mean 2-way) over 32 subgroup executions',
        code: 'bank-conflict',
      },
      { file: 'no/such.wgsl', severity: 'error', message: "cannot open 'no/such.wgsl': no such file" },
    ]);
  });

  it('reads the source from stdin with -, named <stdin>', async () => {
    const r = await wgslLabWithInput(readFileSync(RACY, 'utf8'), 'check', '-');
    expect(r.code).toBe(1);
    expect(r.out).toContain("<stdin>:33:14: error: data race (RAW) on workgroup variable 'tile'");
    expect(r.out).toContain('<stdin>:23:3: note: conflicting write by invocation 0');
    const j = onlyReport((await wgslLabWithInput(readFileSync(RACY, 'utf8'), 'check', '--json', '-')).out);
    expect(j).toMatchObject({ file: '<stdin>', summary: { errors: 1, races: 1 } });
    const bin = await wgslLabWithInput('\0\0', 'check', '-');
    expect(bin.code).toBe(2);
    expect(bin.err).toContain("'<stdin>' is a binary file, not WGSL text");
    expect((await check('-', '-')).err).toContain('- (stdin) can be given only once');
  });

  it('expands a directory to the .wgsl files below it, sorted, in one JSON document for one file or many', async () => {
    const { dir, write } = scratchDir('wgsl-lab-check-dir-');
    const kernel =
      '@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3u) { o[g.x] = g.x; }\n';
    mkdirSync(join(dir, 'b', 'deep'), { recursive: true });
    mkdirSync(join(dir, 'a'));
    write('b/deep/z.wgsl', kernel);
    write('a/y.wgsl', kernel);
    write('x.wgsl', kernel);
    write('notes.txt', 'not a kernel');
    const r = await checkHere('--json', dir);
    expect(r.code).toBe(0);
    const j = checkDocument(r.out);
    expect(j.files.map((x: { file: string }) => x.file)).toEqual([join(dir, 'a/y.wgsl'), join(dir, 'b/deep/z.wgsl'), join(dir, 'x.wgsl')]);
    // One directory holding one kernel, and one named file, print the same shape.
    const single = scratchDir('wgsl-lab-check-one-');
    const only = single.write('only.wgsl', kernel);
    const fromDir = onlyReport((await checkHere('--json', single.dir)).out);
    expect(onlyReport((await checkHere('--json', only)).out)).toEqual(fromDir);
    expect(fromDir).toMatchObject({ file: only, entryPoint: 'main', stage: 'compute' });
    const failed = onlyReport((await checkHere('--json', join(single.dir, 'gone.wgsl'))).out);
    expect(failed).toEqual({
      file: join(single.dir, 'gone.wgsl'),
      errors: [{ error: expect.stringContaining('no such file'), kind: 'input' }],
    });
    const empty = await checkHere(join(dir, 'a', '..', 'b', 'deep', '..', '..', 'a', 'y.wgsl'), scratchDir('wgsl-lab-check-empty-').dir);
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/is a directory with no \.wgsl or \.wesl file below it/);
  });
});

describe('wgsl-lab check on a terminal, and help', () => {
  const RACY = L('02-workgroup-memory/neighbour-average-no-barrier.wgsl');
  const ESC = '\x1b[';

  it('colours severity words and carets with FORCE_COLOR, never JSON, SARIF or a pipe without it', async () => {
    const coloured = await wgslLabEnv({ env: { FORCE_COLOR: '1' } }, 'check', RACY);
    expect(coloured.code).toBe(1);
    const lines = coloured.out.split('\n');
    expect(lines[0]).toBe(
      `${RACY}:33:14: ${ESC}1;31merror${ESC}0m: data race (RAW) on workgroup variable 'tile': invocation 1 reads tile[select(lane - 1u, lane, lane == 0u)] while invocation 0 writes tile[lane] (line 23); no workgroupBarrier() separates them. [data-race, 1008 times]`,
    );
    expect(lines[2]).toBe(`  ${' '.repeat(13)}${ESC}1;32m^${ESC}0m`);
    expect(lines[3]).toBe(`${RACY}:23:3: ${ESC}1;36mnote${ESC}0m: conflicting write by invocation 0`);
    // Without colour the very same lines, plain.
    const plain = await check(RACY);
    expect(coloured.out.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')).toBe(plain.out);
    expect(plain.out).not.toContain(ESC);
    // NO_COLOR and the documents: a small kernel with a race does (colour depends on none of its findings).
    const small = file(
      'small-race.wgsl',
      `@group(0) @binding(0) var<storage, read_write> o: array<u32>;\nvar<workgroup> t: array<u32, 4>;\n@compute @workgroup_size(4)\nfn main(@builtin(local_invocation_index) i: u32) { t[i] = i; o[i] = t[3u - i]; }\n`,
    );
    const noColor = await wgslLabEnv({ env: { NO_COLOR: '1' } }, 'check', small);
    expect(noColor.out).toContain('data race');
    expect(noColor.out).not.toContain(ESC);
    for (const f of ['--json', '--sarif']) {
      const doc = await wgslLabEnv({ env: { FORCE_COLOR: '1' } }, 'check', f, small);
      expect(doc.out).toContain('data-race');
      expect(doc.out).not.toContain(ESC);
    }
  });

  // util-linux `script` gives the command a pseudo-terminal as stdout: the real TTY case.
  it.skipIf(!existsSync('/usr/bin/script'))('colours on a real terminal unless NO_COLOR is set', async () => {
    const onTty = (env: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const cmd = `node '${BIN}' check '${RACY}'`;
        const base = { ...process.env, ...env };
        delete base.FORCE_COLOR;
        if (!env.NO_COLOR) delete base.NO_COLOR;
        execFile('/usr/bin/script', ['-qec', cmd, '/dev/null'], { env: base, maxBuffer: 1 << 24 }, (_e, out) => resolve(out));
      });
    const tty = await onTty({});
    expect(tty).toContain(`${RACY}:33:14: ${ESC}1;31merror${ESC}0m: data race (RAW)`);
    expect(tty).toContain(`${ESC}1;32m^${ESC}0m`);
    const noColor = await onTty({ NO_COLOR: '1' });
    expect(noColor).toContain(`${RACY}:33:14: error: data race (RAW)`);
    expect(noColor).not.toContain(ESC);
  });

  it("wgsl-lab help CMD prints that command's usage", async () => {
    const h = await wgslLab('help', 'check');
    expect(h.code).toBe(0);
    expect(h.out).toMatch(/^usage: wgsl-lab check FILE\.\.\. \[--json \| --sarif \| --format FORMAT\]/);
    expect(h.out).toBe((await wgslLabHere({}, 'check', '--help')).out);
    expect((await wgslLabHere({}, 'help', 'run')).out).toMatch(/^usage: wgsl-lab run FILE/);
    const bad = await wgslLabHere({}, 'help', 'chekc');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("wgsl-lab help: unknown command 'chekc'");
  });
});
