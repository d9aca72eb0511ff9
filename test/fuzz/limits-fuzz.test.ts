// Fuzzing that reaches the limits (issue 15, item 7): many and large buffers around a memory
// budget, dispatches up to and past 2^32 invocations, sizes as people write them, and odd
// inputs (devices, FIFOs, sockets, symlinks to them, empty, huge, byte-order marks, every
// line ending, control characters) given to the real command. Every case must end in a
// result or one of wgsl-lab's own refusals with a message — never a crash, a stack trace, a
// hang or unbounded memory (measured: the process's RSS growth in-process, the command's
// peak RSS for spawned cases).
import fc from 'fast-check';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Choices } from '../../src/fuzz/choices.js';
import { budgetKernel, dispatchKernel, sizeText, type BudgetKernel, type DispatchKernel } from '../../src/fuzz/limits-gen.js';
import { campaign, CI_CASES, count, testTimeoutMs } from '../../src/fuzz/node/campaign.js';
import { HarnessErrors, InputError } from '../../src/runner/errors.js';
import { readHeader } from '../../src/runner/header.js';
import { MemoryBudgetError } from '../../src/runner/memory-budget.js';
import { BUFFER_COPIES, F16_RESULT_FACTOR, RACE_BYTES_PER_LOCATION } from '../../src/runner/memory-costs.js';
import { parseMemorySize } from '../../src/runner/memory-size.js';
import { planRun, type RunPlan } from '../../src/runner/plan.js';
import { invocationCount, refuseUncountableDispatches } from '../../src/runner/invocation-count.js';
import { SIM_LIMITS } from '../../src/runner/simulate.js';
import { analyze } from '../../src/runner/analyze.js';
import { reflect } from '../../src/wgsl/reflect.js';
import { memoryBudgetOption } from '../../src/cli/memory-option.js';
import { CliUsageError } from '../../src/cli/options.js';
import { ROOT, rssMb } from './support.js';

const MiB = 2 ** 20;
/** A short choice stream: these generators take tens of choices, and cases must be cheap. */
const shortChoices = fc.array(fc.nat({ max: 0xffff }), { minLength: 8, maxLength: 120 });

/** What the documented cost table (docs/check-json.md) says a budget kernel needs: the oracle. */
function documentedTotal(k: BudgetKernel): number {
  let total = 0;
  for (const b of k.buffers) {
    const bytes = Math.ceil((b.count * (b.type === 'f16' ? 2 : 4)) / 4) * 4;
    if (!b.used) {
      if (b.expected) total += bytes;
      continue;
    }
    total += bytes * BUFFER_COPIES[k.mode].storage;
    if (b.type === 'f16' && k.mode !== 'check') total += bytes * F16_RESULT_FACTOR;
    if (k.mode === 'check' && !b.readOnly) total += Math.ceil((bytes / (b.type === 'f16' ? 2 : 4)) * RACE_BYTES_PER_LOCATION.storage);
  }
  return total;
}

function checkBudgetCase(k: BudgetKernel, stats: Record<string, number>): void {
  const harness = readHeader(k.source);
  const reflection = reflect(k.source);
  const usedCount = k.buffers.filter((b) => b.used).length;
  const tooBig = k.buffers.some((b) => b.count * (b.type === 'f16' ? 2 : 4) > SIM_LIMITS.maxStorageBufferBindingSize);
  let plan: RunPlan | undefined;
  try {
    plan = planRun(harness, reflection, SIM_LIMITS, { memory: { mode: k.mode, budget: { bytes: k.budgetBytes, source: 'fuzz' } } });
  } catch (e) {
    if (e instanceof MemoryBudgetError) {
      count(stats, `refused: budget (${k.mode})`);
      expect(tooBig || usedCount > SIM_LIMITS.maxStorageBuffersPerShaderStage).toBe(false);
      expect(e.estimate.total).toBe(documentedTotal(k));
      expect(e.estimate.total).toBeGreaterThan(k.budgetBytes);
      expect(e.estimate.items.reduce((a, i) => a + i.bytes, 0)).toBe(e.estimate.total);
      const sizes = e.estimate.items.map((i) => i.bytes);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      expect(e.message).toMatch(
        /^memory budget exceeded: needs [\d.]+ (B|KiB|MiB|GiB|TiB), budget [\d.]+ (B|KiB|MiB|GiB) \(fuzz\)\. Largest: /,
      );
      expect(e.message).toContain(e.estimate.items[0]!.what);
      return;
    }
    if (e instanceof InputError) {
      count(stats, 'refused: limit');
      // Only a device limit comes before the budget.
      expect(e.message).toMatch(/maxStorageBuffersPerShaderStage|maxStorageBufferBindingSize/);
      expect(tooBig || usedCount > SIM_LIMITS.maxStorageBuffersPerShaderStage).toBe(true);
      return;
    }
    throw e;
  }
  count(stats, `planned (${k.mode})`);
  expect(documentedTotal(k)).toBeLessThanOrEqual(k.budgetBytes);
  k.buffers.forEach((b, i) => {
    const planned = plan!.bindings[i]!;
    expect(!!planned.unused).toBe(!b.used);
    // An unused buffer is filled only for its expect line; the others hold nothing.
    expect(planned.data.length).toBe(b.used || b.expected ? b.count : 0);
  });
}

const EXPECTED_INVOCATIONS_LIMIT = 2n ** 32n;

function checkDispatchCase(k: DispatchKernel, stats: Record<string, number>): void {
  const [a, b, c] = k.workgroupSize;
  const shapeOk = a <= 1024 && b <= 1024 && c <= 64 && a * b * c <= 1024;
  const dispatchOk = k.dispatch.every((n) => n <= 65535);
  if (k.headerless) {
    // check's own path: buffers sized per invocation, workgroups sampled, a small step budget.
    try {
      const report = analyze(k.source, { maxSteps: 20_000, memoryBudget: { bytes: 16 * MiB, source: 'fuzz' } });
      expect(shapeOk && dispatchOk).toBe(true);
      count(stats, `check: ${report.summary.errors ? 'errors' : 'clean'}`);
    } catch (e) {
      if (!(e instanceof InputError) && !(e instanceof HarnessErrors)) throw e;
      expect(e.message.length).toBeGreaterThan(20);
      count(stats, `check refused: ${e instanceof MemoryBudgetError ? 'budget' : 'limit'}`);
    }
    return;
  }
  let plan: RunPlan;
  try {
    plan = planRun(readHeader(k.source), reflect(k.source), SIM_LIMITS);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(shapeOk && dispatchOk).toBe(false);
    expect(e.message).toMatch(/maxComputeWorkgroupsPerDimension|maxComputeWorkgroupSize|maxComputeInvocationsPerWorkgroup/);
    count(stats, 'refused: limit');
    return;
  }
  expect(shapeOk && dispatchOk).toBe(true);
  const exact = k.dispatch.reduce((x, n) => x * BigInt(n), 1n) * BigInt(a * b * c);
  const software = { description: 'lavapipe (fuzz)', fallback: true, platform: 'node' as const, features: [] };
  let refused = false;
  try {
    refuseUncountableDispatches(software, plan.passes);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(e.message).toContain('at or above 2^32');
    refused = true;
  }
  expect(refused).toBe(exact >= EXPECTED_INVOCATIONS_LIMIT);
  expect(invocationCount(plan.passes[0]!) >= 2 ** 32).toBe(refused);
  // A hardware adapter counts them all.
  refuseUncountableDispatches({ ...software, fallback: false }, plan.passes);
  count(stats, refused ? 'refused: 2^32 on a software adapter' : 'planned');
}

function checkSizeCase(text: string, bytes: number | undefined, stats: Record<string, number>): void {
  const parsed = parseMemorySize(text);
  if (bytes === undefined) {
    expect(typeof parsed).toBe('string');
    count(stats, 'refused');
  } else {
    expect(parsed).toBe(bytes);
    count(stats, 'parsed');
  }
  try {
    const budget = memoryBudgetOption(text);
    expect(budget.bytes).toBe(bytes);
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    expect(bytes).toBeUndefined();
    expect(e.message).toMatch(/^--max-memory: /);
  }
}

describe('fuzz: limits', () => {
  const rss0 = rssMb();
  afterAll(() => {
    // Over the in-process campaigns the heap may grow, but never by what the cases declared.
    expect(rssMb() - rss0).toBeLessThan(512);
  });

  it(
    'budget-plan: many and large buffers are planned within the budget or refused before allocating, as documented',
    async () => {
      const stats: Record<string, number> = {};
      const r = await campaign({
        name: 'budget-plan',
        arbitrary: shortChoices,
        stats,
        check: (values) => checkBudgetCase(budgetKernel(new Choices(values)), stats),
        show: (values) => budgetKernel(new Choices(values)).source,
      });
      expect(r.failed, r.failure?.message).toBe(false);
      expect(stats['refused: budget (check)']).toBeGreaterThan(0);
      expect(stats['planned (sim)']).toBeGreaterThan(0);
    },
    testTimeoutMs('budget-plan'),
  );

  it(
    'dispatches: up to and past 2^32 invocations, refused by the limits or on software adapters exactly when they must be',
    async () => {
      const stats: Record<string, number> = {};
      const r = await campaign({
        name: 'dispatches',
        arbitrary: shortChoices,
        stats,
        check: (values) => checkDispatchCase(dispatchKernel(new Choices(values)), stats),
        show: (values) => dispatchKernel(new Choices(values)).source,
      });
      expect(r.failed, r.failure?.message).toBe(false);
      expect(stats['refused: 2^32 on a software adapter']).toBeGreaterThan(0);
    },
    testTimeoutMs('dispatches'),
  );

  it(
    'memory-sizes: --max-memory values as written, and any string at all',
    async () => {
      const stats: Record<string, number> = {};
      const sizeCase = fc.oneof(
        shortChoices.map((v) => sizeText(new Choices(v))),
        fc.string({ maxLength: 12, unit: 'binary' }).map((text) => ({ text, bytes: undefined as number | undefined, wild: true })),
      );
      const r = await campaign({
        name: 'memory-sizes',
        arbitrary: sizeCase,
        stats,
        check: (c) => {
          if ('wild' in c) {
            // No oracle for any string: only that it is a size in range or a reason, never a throw.
            const parsed = parseMemorySize(c.text);
            if (typeof parsed === 'number') expect(Number.isInteger(parsed) && parsed >= 1 && parsed <= 2 ** 50).toBe(true);
            count(stats, `wild ${typeof parsed === 'number' ? 'parsed' : 'refused'}`);
            return;
          }
          checkSizeCase(c.text, c.bytes, stats);
        },
        show: (c) => JSON.stringify(c.text),
      });
      expect(r.failed, r.failure?.message).toBe(false);
    },
    testTimeoutMs('memory-sizes'),
  );
});

// ---- odd inputs, given to the built command ----

const BIN = join(ROOT, 'bin', 'wgsl-lab.js');
const PRELOAD = fileURLToPath(new URL('../support/report-max-rss.mjs', import.meta.url));
const KERNEL = readFileSync(join(ROOT, 'lessons', '01-first-kernel', 'square.wgsl'), 'utf8');

const KINDS = [
  'dev-zero',
  'dev-null',
  'dev-urandom',
  'dev-full',
  'symlink-dev',
  'fifo',
  'symlink-fifo',
  'socket',
  'symlink-socket',
  'empty',
  'huge-sparse',
  'huge-text',
  'line-ends',
  'controls',
  'big-buffers',
  'directory',
] as const;
type Kind = (typeof KINDS)[number];

const oddCase = fc.record({
  kind: fc.constantFrom(...KINDS),
  command: fc.constantFrom<string[]>(
    ['check'],
    ['run', '--sim'],
    ['check', '--json'],
    ['run', '--sim', '--json'],
    ['check', '--sarif'],
    ['run'],
  ),
  choices: shortChoices,
});
type OddCase = { kind: Kind; command: string[]; choices: number[] };

/** Files made for the odd-input cases, removed at the end. */
const scratch = mkdtempSync(join(tmpdir(), 'wgsl-lab-odd-'));
const servers: Server[] = [];

function lineEnds(c: Choices, text: string): string {
  const end = c.pick(['\r\n', '\r', '\n', 'mixed'] as const);
  const lines = text.split('\n');
  const joined = lines.map((l, i) => l + (end === 'mixed' ? c.pick(['\r\n', '\r', '\n']) : i < lines.length - 1 ? end : '')).join('');
  return (c.chance(50) ? '\ufeff' : '') + joined;
}

function withControls(c: Choices, text: string): string {
  const chars = ['\x1b[31m', '\x00', '\x07', '\x7f', '\x9b', '\x1b]0;title\x07', '\b', '\v', '\f'];
  let out = text;
  for (let n = c.range(1, 6); n > 0; n--) {
    const at = c.int(out.length + 1);
    out = out.slice(0, at) + c.pick(chars) + out.slice(at);
  }
  return out;
}

/** Makes the case's input; returns its path and, for big-buffers, the --max-memory to pass. */
async function makeInput(k: OddCase, id: number): Promise<{ path: string; maxMemory?: string }> {
  const c = new Choices(k.choices);
  const p = join(scratch, `case-${id}.wgsl`);
  const device = () => c.pick(['/dev/zero', '/dev/null', '/dev/urandom', '/dev/full']);
  const fifo = () => {
    const f = join(scratch, `fifo-${id}.wgsl`);
    const r = spawnSync('mkfifo', [f]);
    if (r.status !== 0) throw new Error(`mkfifo failed: ${String(r.stderr)}`);
    return f;
  };
  const socket = async () => {
    const s = join(scratch, `sock-${id}.wgsl`);
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(s, resolve));
    return s;
  };
  const link = (target: string) => (symlinkSync(target, p), p);
  switch (k.kind) {
    case 'dev-zero':
      return { path: '/dev/zero' };
    case 'dev-null':
      return { path: '/dev/null' };
    case 'dev-urandom':
      return { path: '/dev/urandom' };
    case 'dev-full':
      return { path: '/dev/full' };
    case 'symlink-dev':
      return { path: link(device()) };
    case 'fifo':
      return { path: fifo() };
    case 'symlink-fifo':
      return { path: link(fifo()) };
    case 'socket':
      return { path: await socket() };
    case 'symlink-socket':
      return { path: link(await socket()) };
    case 'empty':
      writeFileSync(p, '');
      return { path: p };
    case 'huge-sparse':
      writeFileSync(p, KERNEL);
      truncateSync(p, c.pick([4 * MiB + 1, 64 * MiB, 2 ** 33]));
      return { path: p };
    case 'huge-text':
      writeFileSync(p, KERNEL + `// ${'x'.repeat(100)}\n`.repeat(c.range(41_000, 60_000)));
      return { path: p };
    case 'line-ends':
      writeFileSync(p, lineEnds(c, KERNEL));
      return { path: p };
    case 'controls':
      writeFileSync(p, withControls(c, KERNEL));
      return { path: p };
    case 'big-buffers': {
      const kernel = budgetKernel(c);
      writeFileSync(p, kernel.source);
      // Near what the kernel needs (half to twice), capped so a run that fits stays small.
      const need = documentedTotal({ ...kernel, mode: 'check' });
      return { path: p, maxMemory: String(Math.max(4096, Math.min(256 * MiB, Math.floor(need * (0.5 + c.int(150) / 100))))) };
    }
    case 'directory': {
      const dir = join(scratch, `dir-${id}`);
      spawnSync('mkdir', ['-p', dir]);
      writeFileSync(join(dir, 'ok.wgsl'), KERNEL);
      symlinkSync(device(), join(dir, 'dev.wgsl'));
      spawnSync('mkfifo', [join(dir, 'fifo.wgsl')]);
      return { path: dir };
    }
  }
}

interface Spawned {
  code: number | null;
  signal: string | null;
  out: string;
  err: string;
  peakBytes?: number;
}

function spawnCli(args: string[]): Promise<Spawned> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? '/tmp' };
    delete env.FORCE_COLOR;
    // The hang guard: generous (a loaded 2-core machine), never a duration assertion.
    execFile('node', ['--import', PRELOAD, BIN, ...args], { env, timeout: 90_000, maxBuffer: 1 << 26 }, (error, out, err) => {
      const m = /\nmax-rss-kb (\d+)\n$/.exec(err);
      resolve({
        code: error ? ((error as { code?: number }).code ?? null) : 0,
        signal: error ? ((error as { signal?: string }).signal ?? null) : null,
        out,
        err: m ? err.slice(0, m.index) : err,
        ...(m ? { peakBytes: Number(m[1]) * 1024 } : {}),
      });
    });
  });
}

const NOT_REGULAR: readonly Kind[] = [
  'dev-zero',
  'dev-null',
  'dev-urandom',
  'dev-full',
  'symlink-dev',
  'fifo',
  'symlink-fifo',
  'socket',
  'symlink-socket',
];

describe('fuzz: odd inputs to the command', () => {
  afterAll(() => {
    for (const s of servers) s.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it(
    'odd-inputs: a result or a message with a documented exit code; no stack trace, no hang, bounded memory',
    async () => {
      const stats: Record<string, number> = {};
      let id = 0;
      const r = await campaign({
        name: 'odd-inputs',
        arbitrary: oddCase,
        stats,
        check: async (k: OddCase) => {
          const input = await makeInput(k, id++);
          const args = [...k.command, ...(input.maxMemory ? ['--max-memory', input.maxMemory] : []), input.path];
          const r = await spawnCli(args);
          const what = `${args.join(' ')} (${k.kind})`;
          if (r.signal) throw new Error(`${what}: killed by ${r.signal} (hang guard or crash); stderr: ${r.err.slice(0, 500)}`);
          expect([0, 1, 2], `${what}: exit ${r.code}; stderr: ${r.err.slice(0, 500)}`).toContain(r.code);
          expect(r.err, what).not.toMatch(/\n\s+at .*:\d+:\d+\)?\n|internal error|TypeError|RangeError/);
          if (r.code === 2) expect((r.err + r.out).trim().length, `${what}: exit 2 without a message`).toBeGreaterThan(10);
          if (NOT_REGULAR.includes(k.kind)) {
            expect(r.code, what).toBe(2);
            expect(r.err + r.out, what).toMatch(/is not a regular file/);
          }
          if (k.kind === 'huge-sparse' || k.kind === 'huge-text') expect(r.err + r.out, what).toMatch(/over 4 MiB/);
          // Measured: the process stays near its own size (about 150 MB with Dawn loaded; this tier runs with WGSL_LAB_NO_GPU), plus the budget when one was given.
          expect(r.peakBytes, `${what}: no peak memory reported`).toBeDefined();
          const bound = 768 * MiB + (input.maxMemory ? Number(input.maxMemory) : 0);
          expect(r.peakBytes!, `${what}: peak RSS ${(r.peakBytes! / MiB).toFixed(0)} MiB`).toBeLessThan(bound);
          count(stats, `${k.kind} exit ${r.code}`);
        },
        show: (k) => JSON.stringify(k),
      });
      expect(r.failed, r.failure?.message).toBe(false);
    },
    testTimeoutMs('odd-inputs') + CI_CASES['odd-inputs'] * 90_000,
  );
});
