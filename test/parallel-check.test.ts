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
import { MemoryBudgetError } from '../src/runner/memory-budget.js';

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
 * The options a corpus kernel's `// check:` line asks for. The step budget is 5,000,000
 * unless it says otherwise: a kernel that spins (scan-chained-lookback waits on a later
 * workgroup) then ends soon, in every part and again on one thread.
 */
function optionsOf(source: string): AnalyzeOptions {
  const line = /^\/\/ check: (.*)$/m.exec(source)?.[1] ?? '';
  const value = (name: string) => {
    const m = new RegExp(`--${name} (\\d+)`).exec(line);
    return m ? Number(m[1]) : undefined;
  };
  return { banks: value('banks') as 32 | 16 | undefined, subgroupSize: value('subgroup-size'), maxSteps: value('max-steps') ?? 5_000_000 };
}

/** The JSON of one thread's report and of a parallel analysis in `parts` parts, and how the latter was made. */
async function both(
  source: string,
  parts: number,
  options: AnalyzeOptions = {},
): Promise<{ one: string; many: string; run: ParallelAnalysis }> {
  const one = JSON.stringify(checkReportJson(analyze(source, options)));
  const sized = Object.assign(Object.create(pool) as AnalysisPool, { size: parts });
  const run = await analyzeInParallel(source, options, sized, 0);
  return { one, many: JSON.stringify(checkReportJson(run.report)), run };
}

describe('check in parallel = check on one thread', () => {
  it.each(kernels.map((f) => [f.slice(CORPUS.length + 1), f]))('%s', async (_, file) => {
    const source = readFileSync(file, 'utf8');
    for (const parts of [2, 3, 4]) {
      const { one, many } = await both(source, parts, optionsOf(source));
      expect(many).toBe(one);
    }
  });

  it('splits most corpus kernels that have several workgroups (not everything is redone on one thread)', async () => {
    const modes: string[] = [];
    for (const file of kernels) {
      const source = readFileSync(file, 'utf8');
      modes.push((await both(source, 2, optionsOf(source))).run.mode);
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

  it('uses only as many workers as the memory budget allows, each holding its own memory and tables', async () => {
    const source = header(48) + body('');
    // What one thread needs, from the refusal of a budget too small for anything.
    let oneThread = 0;
    try {
      analyze(source, { memoryBudget: { bytes: 1, source: 'test' } });
    } catch (e) {
      expect(e).toBeInstanceOf(MemoryBudgetError);
      oneThread = (e as MemoryBudgetError).estimate.total;
    }
    expect(oneThread).toBeGreaterThan(48 * 64 * 4);
    const within = (factor: number) => ({ memoryBudget: { bytes: Math.floor(oneThread * factor), source: 'test' } });
    const sized = Object.assign(Object.create(pool) as AnalysisPool, { size: 4 });
    const two = await analyzeInParallel(source, within(2.5), sized, 0);
    expect(two).toMatchObject({ mode: 'parallel', parts: 2 });
    const single = await analyzeInParallel(source, within(1.5), sized, 0);
    expect(single.mode).toBe('one-thread');
    expect(JSON.stringify(checkReportJson(single.report))).toBe(JSON.stringify(checkReportJson(analyze(source, within(1.5)))));
    await expect(analyzeInParallel(source, within(0.5), sized, 0)).rejects.toBeInstanceOf(MemoryBudgetError);
  });
});
