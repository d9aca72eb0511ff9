// Parallel analysis against the one-thread analysis: for every corpus kernel with a header,
// and for kernels made to race between workgroups that different workers simulate, the
// report (as `check --json` prints it) is the same with 1 worker thread and with several.
// Every kernel is split however small it is (the CLI keeps small ones on one thread), into
// 2, 3 and 4 parts, so that part boundaries fall in different places.
import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze, type AnalyzeOptions } from '../src/runner/analyze.js';
import { AnalysisPool } from '../src/runner/node/analysis-pool.js';
import { analyzeInParallel, type ParallelAnalysis } from '../src/runner/node/parallel-analyze.js';
import { checkReportJson } from '../src/report/check-json.js';
import { inParts, MemoryBudgetError, type MemoryEstimate } from '../src/runner/memory-budget.js';
import { rng } from '../src/numbers/rng.js';
import { scratchDir, wgslLabHere } from './support/cli.js';

// The worker runs the build (npm test builds first); the main thread runs these sources.
const WORKER = new URL('../dist/runner/node/analyze-worker.js', import.meta.url);
const pool = new AnalysisPool(4, WORKER);
afterAll(() => pool.close());

const CORPUS = fileURLToPath(new URL('../corpus', import.meta.url));
const kernels = ['', 'real'].flatMap((sub) =>
  readdirSync(join(CORPUS, sub))
    .filter((f) => f.endsWith('.wgsl'))
    .map((f) => join(CORPUS, sub, f))
    .filter((f) => readFileSync(f, 'utf8').startsWith('//!')),
);

/**
 * The options a corpus kernel's `// check:` line asks for. The step budget is 1,000,000
 * unless it says otherwise: every corpus kernel's one-thread report is the same with it as
 * with 5,000,000, and a kernel that spins (scan-chained-lookback waits on a later
 * workgroup, which a part without that workgroup waits for in vain) then ends soon, in
 * every part and again on one thread.
 */
function optionsOf(source: string): AnalyzeOptions {
  const line = /^\/\/ check: (.*)$/m.exec(source)?.[1] ?? '';
  const value = (name: string) => {
    const m = new RegExp(`--${name} (\\d+)`).exec(line);
    return m ? Number(m[1]) : undefined;
  };
  return { banks: value('banks') as 32 | 16 | undefined, subgroupSize: value('subgroup-size'), maxSteps: value('max-steps') ?? 1_000_000 };
}

/** One thread's report of a source and options (the reference every split is compared with, computed once). */
const oneThread = new Map<string, string>();
/** How each corpus kernel's split in two was made ('parallel' or not), from the first test. */
const modeInTwo = new Map<string, string>();

/** The JSON of one thread's report and of a parallel analysis in `parts` parts, and how the latter was made. */
async function both(
  source: string,
  parts: number,
  options: AnalyzeOptions = {},
): Promise<{ one: string; many: string; run: ParallelAnalysis }> {
  const key = JSON.stringify([source, options]);
  let one = oneThread.get(key);
  if (one === undefined) oneThread.set(key, (one = JSON.stringify(checkReportJson(analyze(source, options)))));
  const sized = Object.assign(Object.create(pool) as AnalysisPool, { size: parts });
  const run = await analyzeInParallel(source, options, sized, 0);
  return { one, many: JSON.stringify(checkReportJson(run.report)), run };
}

describe('check in parallel = check on one thread', () => {
  it.each(kernels.map((f) => [f.slice(CORPUS.length + 1), f]))('%s', async (_, file) => {
    const source = readFileSync(file, 'utf8');
    for (const parts of [2, 3, 4]) {
      const { one, many, run } = await both(source, parts, optionsOf(source));
      expect(many).toBe(one);
      if (parts === 2) modeInTwo.set(file, run.mode);
    }
  });

  it('splits most corpus kernels that have several workgroups (not everything is redone on one thread)', async () => {
    const modes: string[] = [];
    for (const file of kernels) {
      const source = readFileSync(file, 'utf8');
      modes.push(modeInTwo.get(file) ?? (await both(source, 2, optionsOf(source))).run.mode);
    }
    expect(modes.filter((m) => m === 'parallel').length).toBeGreaterThanOrEqual(20);
  });

  const header = (workgroups: number) => `//! dispatch ${workgroups}\n//! buffer 0 u32[${workgroups * 64}]\n`;
  const body = (extra: string) =>
    `@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {\n  o[w.x * 64u + l] = l;\n  ${extra}\n}\n`;

  it('finds a race between workgroup 0 and the last workgroup, as one thread does', async () => {
    const source = header(60) + body('if (w.x == 59u && l == 5u) { o[3] = 9u; }');
    for (const parts of [2, 3, 4]) {
      const { one, many, run } = await both(source, parts);
      expect(many).toBe(one);
      expect(run.mode).toBe('parallel');
    }
    expect(JSON.parse((await both(source, 3)).many).diagnostics).toMatchObject([
      {
        kind: 'data-race',
        hazard: 'WAW',
        count: 1,
        message: expect.stringMatching(/invocation 5 of workgroup 59 writes o\[3\] while invocation 3 of workgroup 0/),
      },
    ]);
  });

  it('finds races between workgroups in the middle of different parts, as one thread does', async () => {
    // With 3 parts of 20 workgroups: workgroup 30 (second part) writes what 10 (first part)
    // wrote, and reads what 50 (third part) writes.
    const source = header(60) + body('if (w.x == 30u && l == 0u) { o[10u * 64u + 1u] = o[50u * 64u + 2u]; }');
    for (const parts of [2, 3, 4]) {
      const { one, many, run } = await both(source, parts);
      expect(many).toBe(one);
      expect(run.mode).toBe('parallel');
    }
    expect(
      JSON.parse((await both(source, 3)).many)
        .diagnostics.map((d: { hazard: string }) => d.hazard)
        .sort(),
    ).toEqual(['WAR', 'WAW']);
  });

  it('a race with an in-bounds write stays an error when that workgroup is clamped at the site later, as one thread says', async () => {
    // Workgroup 0 writes o[64..127] in iteration 0, then indexes 128..191 (clamped onto
    // o[127]); workgroup 1, in the other part, writes o[64..127] in bounds in iteration 1.
    const source = `//! dispatch 2\n//! buffer 0 u32[128]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {\n  for (var i = 0u; i < 2u; i++) {\n    o[l + 64u * (i + 1u - w.x)] = w.x;\n  }\n}\n`;
    const { one, many, run } = await both(source, 2);
    expect(run.mode).toBe('parallel');
    expect(many).toBe(one);
    const races = JSON.parse(many).diagnostics.filter((d: { kind: string }) => d.kind === 'data-race');
    expect(races).toMatchObject([{ severity: 'error', hazard: 'WAW', line: 7 }]);
    expect(races[0].consequenceOf).toBeUndefined();
  });

  /** The reports of 2, 3 and 4 parts equal one thread's, each made as `mode` says; the last one's diagnostics. */
  async function sameIn(source: string, mode: ParallelAnalysis['mode'], reason?: RegExp) {
    let last: { kind: string; hazard?: string; message: string; count: number }[] = [];
    for (const parts of [2, 3, 4]) {
      const { one, many, run } = await both(source, parts);
      expect(many).toBe(one);
      expect(run.mode).toBe(mode);
      if (reason) expect(run.reason).toMatch(reason);
      last = JSON.parse(many).diagnostics;
    }
    return last;
  }

  it('merges a write–write race on one word by every workgroup, in parallel', async () => {
    // Lane 0 of every workgroup writes its id to o[0]: values differ, nobody reads it first.
    const diagnostics = await sameIn(header(60) + body('if (l == 0u) { o[0] = w.x; }'), 'parallel');
    // Every workgroup after the first pairs its write with workgroup 0's two writes of o[0]
    // (o[w.x * 64u + l] by lane 0, then o[0]), the first and second workgroup's in the table.
    expect(diagnostics).toMatchObject([
      {
        hazard: 'WAW',
        benign: false,
        count: 59,
        message: expect.stringMatching(/workgroup 1 writes o\[0\] while invocation 0 of workgroup 0 writes o\[w.x/),
      },
      {
        hazard: 'WAW',
        benign: false,
        count: 117,
        message: expect.stringMatching(/workgroup 1 writes o\[0\] while invocation 0 of workgroup 0 writes o\[0\]/),
      },
    ]);
  });

  it('stays parallel when a part reads a word an earlier part wrote without changing it', async () => {
    // Workgroup 0's lane 0 stores 0 to o[0], which holds 0: the last workgroup reads the same value either way.
    const diagnostics = await sameIn(header(60) + body('if (w.x == 59u && l == 1u) { o[59u * 64u + 1u] = o[0] + 1u; }'), 'parallel');
    expect(diagnostics.map((d) => d.hazard)).toEqual(['RAW']);
  });

  it('redoes on one thread when a part reads a word an earlier part changed', async () => {
    // Workgroup 0's lane 3 stores 3 to o[3]: the last workgroup would read 0 in its own part.
    const diagnostics = await sameIn(
      header(60) + body('if (w.x == 59u && l == 1u) { o[59u * 64u + 1u] = o[3] + 1u; }'),
      'redone',
      /read word 3 of 'o', which an earlier part changed/,
    );
    expect(diagnostics.map((d) => d.hazard)).toEqual(['RAW']);
  });

  it('stays parallel when a part reads a word, never written yet, that a later part writes', async () => {
    // Workgroup 0 reads o[59·64 + 7] before the last workgroup writes it (and o[1] after its own lane 1 did).
    const diagnostics = await sameIn(header(60) + body('if (w.x == 0u && l == 0u) { o[2] = o[59u * 64u + 7u] + o[1]; }'), 'parallel');
    // WAR with the last workgroup's write, WAW with lane 2's own o[2], RAW with lane 1's o[1].
    expect(diagnostics.map((d) => d.hazard).sort()).toEqual(['RAW', 'WAR', 'WAW']);
  });

  it('redoes on one thread when atomics of different parts meet on a word (atomic ordering, spin-waits follow them)', async () => {
    const source = `//! dispatch 60
//! buffer 0 u32[3840]
//! buffer 1 u32[1]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@group(0) @binding(1) var<storage, read_write> c: array<atomic<u32>>;
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {
  if (w.x == 59u && l == 0u) { atomicStore(&c[0], 0u); }
  o[w.x * 64u + l] = atomicAdd(&c[0], 1u);
}
`;
    const diagnostics = await sameIn(source, 'redone', /atomics of different parts meet on word 0 of 'c'/);
    expect(diagnostics.map((d) => d.kind)).toEqual(['atomic-ordering']);
  });

  it('stays parallel for races in workgroup memory only (no word of storage memory shared)', async () => {
    const source = `//! dispatch 60
//! buffer 0 u32[3840]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
var<workgroup> t: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {
  t[l] = w.x + l;
  o[w.x * 64u + l] = t[63u - l];
}
`;
    const diagnostics = await sameIn(source, 'parallel');
    // Every lane of every workgroup reads a word another lane wrote (63 - l ≠ l).
    expect(diagnostics).toMatchObject([{ kind: 'data-race', hazard: 'RAW', count: 60 * 64 }]);
  });

  it('merges findings every part makes (races, never-written reads, out-of-bounds, banks) in parallel', async () => {
    const source = `//! dispatch 48
//! buffer 0 u32[3072]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
var<workgroup> t: array<u32, 64>;
var<workgroup> u: array<u32, 2048>;
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {
  t[l] = l;
  let a = t[(l + 1u) % 64u];
  let b = u[l * 32u];
  let c = o[w.x * 64u + l + select(0u, 64u, w.x == 47u && l == 63u)];
  o[w.x * 64u + l] = a + b + c;
}
`;
    for (const parts of [2, 3, 4]) {
      const { one, many, run } = await both(source, parts);
      expect(run.mode).toBe('parallel');
      expect(many).toBe(one);
    }
    const kinds = JSON.parse((await both(source, 4)).many).diagnostics.map((d: { kind: string }) => d.kind);
    expect(kinds).toEqual(expect.arrayContaining(['data-race', 'never-written-read', 'out-of-bounds']));
  });

  it('uses only as many workers as the memory budget allows, each holding its own memory, tables and log', async () => {
    const source = header(48) + body('');
    // What one thread needs, from the refusal of a budget too small for anything.
    let estimate: MemoryEstimate | undefined;
    try {
      analyze(source, { memoryBudget: { bytes: 1, source: 'test' } });
    } catch (e) {
      expect(e).toBeInstanceOf(MemoryBudgetError);
      estimate = (e as MemoryBudgetError).estimate;
    }
    const oneThread = estimate!.total;
    expect(oneThread).toBeGreaterThan(48 * 64 * 4);
    // Every part holds the memory, its tables and its log; the merge holds the shared words' records once.
    const [two, four] = [inParts(estimate!, 2).total, inParts(estimate!, 4).total];
    expect(two).toBeGreaterThan(2 * oneThread);
    expect(four).toBeGreaterThan(two);
    const within = (bytes: number) => ({ memoryBudget: { bytes: Math.floor(bytes), source: 'test' } });
    const sized = Object.assign(Object.create(pool) as AnalysisPool, { size: 4 });
    // Four workers do not fit, two do.
    expect(await analyzeInParallel(source, within((two + four) / 2), sized, 0)).toMatchObject({ mode: 'parallel', parts: 2 });
    const single = await analyzeInParallel(source, within((oneThread + two) / 2), sized, 0);
    expect(single.mode).toBe('one-thread');
    expect(JSON.stringify(checkReportJson(single.report))).toBe(
      JSON.stringify(checkReportJson(analyze(source, within((oneThread + two) / 2)))),
    );
    await expect(analyzeInParallel(source, within(oneThread / 2), sized, 0)).rejects.toBeInstanceOf(MemoryBudgetError);
  });
});

/** Whole numbers below n from the project's fixed-seed generator, so every run checks the same kernels. */
function random(seed: number): (n: number) => number {
  const next = rng(seed);
  return (n) => Math.floor(next() * n);
}

/**
 * A kernel whose workgroups collide on a few words: stores of values that sometimes agree,
 * reads, vector-component stores, read-modify-writes, atomics — every access conditional.
 */
function collidingKernel(rand: (n: number) => number): string {
  const words = 20 + rand(200);
  const statements = Array.from({ length: 1 + rand(4) }, () => {
    const [a, b, c] = [1 + rand(17), 1 + rand(13), rand(words)];
    const when = rand(2) ? `(w.x * ${1 + rand(5)}u + l) % ${2 + rand(9)}u == 0u` : 'true';
    const value = ['7u', 'l & 1u', 'w.x'][rand(3)]!;
    const body = [
      `o[(w.x * ${a}u + l * ${b}u + ${c}u) % ${words}u] = ${value};`,
      `q[l % 16u] = o[(w.x * ${a}u + l * ${b}u) % ${words}u];`,
      `v[(w.x * ${a}u + l) % 8u].y = f32(${value});`,
      `o[(w.x + ${c}u) % ${words}u] = u32(v[(l * ${b}u) % 8u].x);`,
      `o[(l * ${b}u + w.x) % ${words}u] = o[(l + ${c}u) % ${words}u] * 0u + ${value};`,
      `atomicAdd(&c[(l * ${b}u + w.x) % 4u], ${value});`,
      `atomicStore(&c[(w.x + ${c}u) % 4u], ${value});`,
    ][rand(7)];
    return `if (${when}) { ${body} }`;
  });
  return `//! dispatch ${3 + rand(20)}
//! buffer 0 u32[${words}]
//! buffer 1 u32[16]
//! buffer 2 f32[32]
//! buffer 3 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@group(0) @binding(1) var<storage, read_write> q: array<u32>;
@group(0) @binding(2) var<storage, read_write> v: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> c: array<atomic<u32>>;
@compute @workgroup_size(32)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {
  ${statements.join('\n  ')}
}
`;
}

describe('check in parallel = check on one thread, for kernels whose workgroups collide', () => {
  it('on 24 random kernels split in 2, 3 and 4 parts (fixed seed)', async () => {
    const rand = random(5);
    const modes = new Map<string, number>();
    for (let n = 0; n < 24; n++) {
      const source = collidingKernel(rand);
      for (const parts of [2, 3, 4]) {
        const { one, many, run } = await both(source, parts);
        expect(many, source).toBe(one);
        const why = run.reason?.replace(/\d+/g, 'N').replace(/'.*'/, 'X') ?? run.mode;
        modes.set(why, (modes.get(why) ?? 0) + 1);
      }
    }
    // Many stay parallel (28 of 72); the rest are redone for the two reasons a merge cannot cover.
    expect(modes.get('parallel')).toBeGreaterThanOrEqual(20);
    expect([...modes.keys()].sort()).toEqual([
      'atomics of different parts meet on word N of X',
      'parallel',
      'part N read word N of X, which an earlier part changed',
    ]);
  });
});

describe('a parallel analysis whose workers cannot run', () => {
  // 1024 workgroups of 64: over MIN_PARALLEL_INVOCATIONS, so `check --jobs 2` splits it.
  const big = `//! dispatch 1024
//! buffer 0 u32[65536]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3u, @builtin(local_invocation_index) l: u32) {
  tile[l] = g.x;
  o[g.x] = tile[(l + 1u) % 64u];
}
`;

  it('gives the one-thread report and says what broke', async () => {
    const broken = new AnalysisPool(2, new URL('./no-such-worker.js', import.meta.url));
    try {
      const run = await analyzeInParallel(big, {}, broken);
      expect(run.mode).toBe('redone');
      expect(run.failure).toMatch(/no-such-worker\.js/);
      expect(JSON.stringify(checkReportJson(run.report))).toBe(JSON.stringify(checkReportJson(analyze(big, {}))));
      expect(run.report.diagnostics.some((d) => d.kind === 'data-race')).toBe(true);
    } finally {
      await broken.close();
    }
  });

  it('check --jobs says so once per run, on stderr, and reports as --jobs 1 does', async () => {
    // In this process the command's pool looks for its worker beside the TypeScript sources,
    // where there is none: the case of an installation that lost its worker file.
    const dir = scratchDir('parallel-broken-');
    const a = dir.write('a.wgsl', big);
    const b = dir.write('b.wgsl', big);
    const one = await wgslLabHere({ cwd: dir.dir }, 'check', '--jobs', '1', 'a.wgsl', 'b.wgsl');
    const two = await wgslLabHere({ cwd: dir.dir }, 'check', '--jobs', '2', a, b);
    expect(two.code).toBe(one.code);
    expect(two.out.replaceAll(dir.dir + '/', '')).toBe(one.out);
    const told = two.err.split('\n').filter((l) => l.includes('--jobs 2: the worker threads failed'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/analyzing on one thread instead$/);
    expect(one.err).not.toContain('worker threads failed');
  });
});
