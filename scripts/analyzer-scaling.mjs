// Analyzer scaling: `check`'s analysis (every check on) of three big dispatches with 1 to N
// worker threads (N: this machine's cores), in one process. Reports lane-steps per second
// per core (lane-steps: statements and workgroup starts, as the step budget counts them)
// and the speedup over one thread, prints a Markdown table and writes
// bench/results/analyzer-scaling.json. The machine's load average is recorded before and
// after: on a shared machine the figures are only as good as the quiet they were taken in.
//   npm run build && node scripts/analyzer-scaling.mjs [--runs N]
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { analyze } from '../dist/runner/analyze.js';
import { AnalysisPool } from '../dist/runner/node/analysis-pool.js';
import { analyzeInParallel } from '../dist/runner/node/parallel-analyze.js';
import { loadKernel, simulate } from '../dist/runner/simulate.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const CORES = availableParallelism();
const KERNELS = [
  { name: 'tree reduction, 4096 workgroups × 256 (2^20 invocations)', file: 'bench/analyzer/reduction-4096.wgsl' },
  { name: 'padded tiled transpose 1024², 1024 workgroups × 256 (2^18 invocations)', file: 'bench/analyzer/transpose-1024.wgsl' },
  // Every workgroup writes sums[0]: a race between all ranges, merged (redone on one thread before the merge).
  { name: 'racy reduction (every workgroup stores to sums[0]), 4096 × 256', file: 'bench/analyzer/reduction-racy-4096.wgsl' },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * How many cores this process gets right now: the same busy loop on 1 worker thread and on
 * `CORES` at once. On a machine that schedules by session (autogroup) and is busy with other
 * sessions this is below the core count, and the speedup below can be no better than it.
 */
async function coresAvailable() {
  const code = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', () => { let x = 0; for (let i = 0; i < 2e8; i++) x = (x + i) % 1000003; parentPort.postMessage(x); });`;
  const workers = Array.from({ length: CORES }, () => new Worker(code, { eval: true }));
  const spin = (w) => new Promise((resolve) => (w.once('message', resolve), w.postMessage(0)));
  await Promise.all(workers.map(spin));
  let t = performance.now();
  await spin(workers[0]);
  const one = performance.now() - t;
  t = performance.now();
  await Promise.all(workers.map(spin));
  const all = performance.now() - t;
  await Promise.all(workers.map((w) => w.terminate()));
  return Math.round(((CORES * one) / all) * 100) / 100;
}
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
const loadBefore = load();
const coresBefore = await coresAvailable();
const results = [];
for (const k of KERNELS) {
  const source = readFileSync(join(root, k.file), 'utf8');
  // The lane-steps of the whole dispatch, from a plain simulation (no checks).
  const steps = simulate(loadKernel(source), { maxInvocations: 1 << 22 }).steps;
  const oneThread = analyze(source, { file: k.file });
  if (oneThread.sampledWorkgroups) throw new Error(`${k.file} was sampled: the figures need every workgroup`);
  const rows = [];
  for (let jobs = 1; jobs <= CORES; jobs++) {
    const pool = jobs > 1 ? new AnalysisPool(jobs) : undefined;
    // Run 0 warms up (and starts the workers); the median of the others is reported.
    const times = [];
    const cpu = [];
    let mode = 'one-thread';
    for (let i = 0; i <= RUNS; i++) {
      const t = performance.now();
      const c = process.cpuUsage(); // every thread of the process, workers included
      if (pool) {
        const r = await analyzeInParallel(source, { file: k.file }, pool);
        mode = r.mode;
        if (JSON.stringify(r.report) !== JSON.stringify(oneThread)) throw new Error(`${k.file}: ${jobs} workers reported something else`);
      } else analyze(source, { file: k.file });
      const used = process.cpuUsage(c);
      if (i > 0) {
        times.push(performance.now() - t);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    await pool?.close();
    const ms = median(times);
    const cpuMs = median(cpu);
    rows.push({
      jobs,
      mode,
      medianMs: Math.round(ms),
      bestMs: Math.round(Math.min(...times)),
      cpuMs: Math.round(cpuMs),
      laneStepsPerSecondPerCore: Math.round(steps / (ms / 1000) / jobs),
      // Per second of CPU time: what a core gives when the machine does not share it.
      laneStepsPerCpuSecond: Math.round(steps / (cpuMs / 1000)),
    });
  }
  for (const r of rows) r.speedup = Math.round((rows[0].medianMs / r.medianMs) * 100) / 100;
  results.push({ kernel: k.name, file: k.file, laneSteps: steps, rows });
}
const out = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model,
  cores: CORES,
  runs: RUNS,
  loadAverageBefore: loadBefore,
  loadAverageAfter: load(),
  coresAvailableBefore: coresBefore,
  coresAvailableAfter: await coresAvailable(),
  command: 'node scripts/analyzer-scaling.mjs',
  results,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/analyzer-scaling.json'), JSON.stringify(out, null, 2) + '\n');
console.log(`| kernel | workers | wall (median) | lane-steps/s per core | speedup | CPU time | lane-steps per CPU second |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|`);
for (const r of results)
  for (const row of r.rows)
    console.log(
      `| ${r.kernel} | ${row.jobs}${row.jobs > 1 ? ` (${row.mode})` : ''} | ${(row.medianMs / 1000).toFixed(2)} s | ${(row.laneStepsPerSecondPerCore / 1e6).toFixed(1)} M | ${row.speedup.toFixed(2)}× | ${(row.cpuMs / 1000).toFixed(2)} s | ${(row.laneStepsPerCpuSecond / 1e6).toFixed(1)} M |`,
    );
console.log(
  `load average before ${loadBefore.join(' ')}, after ${out.loadAverageAfter.join(' ')}; cores this process got: ${coresBefore} before, ${out.coresAvailableAfter} after (of ${CORES})`,
);
