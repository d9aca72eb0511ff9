// The `wgsl-mutations` campaign spread over many cores, for a long run on a machine with many
// of them and no node_modules (`npx esbuild scripts/fuzz-shards.ts --bundle --platform=node
// --format=esm --outfile=OUT.mjs`): each shard is a
// child process with its own seed (base seed + shard number) and case count, running the
// same targets and the same verdict as test/fuzz/wgsl.test.ts (no crash; an error is the
// project's own, located), in-process. A case that takes more than CASE_CPU_MS of CPU is a
// hang (CPU time, not wall time, so a busy machine does not make one). Shards report their
// count every PROGRESS_EVERY cases; at --shard-seconds the parent stops them and counts the
// cases reported, and a shard silent for STALL_MS before that is reported as a hang.
//
//   node fuzz-shards.mjs --root REPO --seed 20261207 --shards 16 --cases 70000 [--shard-seconds 400]
//
// Prints one JSON line per shard and a total; exit 1 when any shard failed or timed out.
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { mutatedFile } from '../src/fuzz/mutate.js';
import { FUZZ_MAX_STEPS, runTargets } from '../src/fuzz/targets.js';
import { seedFiles } from '../src/fuzz/node/seeds.js';

const CASE_CPU_MS = 15_000;
const PROGRESS_EVERY = 1000;
const STALL_MS = 60_000;

interface ShardResult {
  shard: number;
  seed: number;
  cases: number;
  seconds: number;
  failed: boolean;
  /** Stopped at --shard-seconds, its cases all clean. */
  stoppedAtLimit?: boolean;
  message?: string;
  input?: string;
}

function runShard(root: string, shard: number, seed: number, cases: number): ShardResult {
  const files = seedFiles(root);
  let n = 0;
  const t0 = performance.now();
  const result = fc.check(
    fc.property(mutatedFile(files), ({ source }) => {
      if (++n % PROGRESS_EVERY === 0) process.send?.({ progress: n });
      const cpu0 = process.cpuUsage();
      const outcomes = runTargets(source, { maxSteps: FUZZ_MAX_STEPS });
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      if (cpuMs > CASE_CPU_MS) throw new Error(`hang: ${cpuMs.toFixed(0)} ms of CPU for one case`);
      const crash = outcomes.find((o) => o.status === 'crash');
      if (crash) throw new Error(`${crash.target} crashed with ${crash.error}: ${crash.message}`);
    }),
    { seed, numRuns: cases, endOnFailure: true },
  );
  const seconds = (performance.now() - t0) / 1000;
  if (!result.failed) return { shard, seed, cases: n, seconds, failed: false };
  const input = (result.counterexample as unknown as [{ source: string }] | null)?.[0]?.source ?? '';
  const message = String((result.errorInstance as Error | undefined)?.message ?? 'failed').slice(0, 2000);
  return { shard, seed, cases: n, seconds, failed: true, message, input: input.slice(0, 20_000) };
}

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: '.' },
    seed: { type: 'string', default: '20261207' },
    shards: { type: 'string', default: '4' },
    cases: { type: 'string', default: '10000' },
    'shard-seconds': { type: 'string', default: '400' },
    child: { type: 'string' },
  },
});
const seed = Number(values.seed) | 0;
const cases = Number(values.cases);

if (values.child !== undefined) {
  const shard = Number(values.child);
  process.send!(runShard(values.root!, shard, (seed + shard) | 0, cases));
} else {
  const shards = Number(values.shards);
  const limitMs = Number(values['shard-seconds']) * 1000;
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from(
      { length: shards },
      (_, shard) =>
        new Promise<ShardResult>((resolve) => {
          const child = fork(process.argv[1]!, ['--child', String(shard), ...process.argv.slice(2)], { stdio: 'inherit' });
          let progress = 0;
          let lastProgress = performance.now();
          let atLimit = false;
          const timer = setTimeout(() => {
            atLimit = true;
            child.kill('SIGKILL');
          }, limitMs);
          let answer: ShardResult | undefined;
          child.on('message', (m: ShardResult | { progress: number }) => {
            if ('progress' in m) {
              progress = m.progress;
              lastProgress = performance.now();
            } else answer = m;
          });
          child.on('exit', (code, signal) => {
            clearTimeout(timer);
            const stalled = performance.now() - lastProgress > STALL_MS;
            if (!answer && atLimit && !stalled)
              return resolve({
                shard,
                seed: (seed + shard) | 0,
                cases: progress,
                seconds: limitMs / 1000,
                failed: false,
                stoppedAtLimit: true,
              });
            resolve(
              answer ?? {
                shard,
                seed: (seed + shard) | 0,
                cases: progress,
                seconds: (performance.now() - t0) / 1000,
                failed: true,
                message: `the shard ended without an answer (exit ${code}, signal ${signal}${stalled ? `, no progress for ${STALL_MS / 1000} s` : ''}): a hang or a crash of the process`,
              },
            );
          });
        }),
    ),
  );
  for (const r of results) console.log(JSON.stringify(r));
  const total = results.reduce((n, r) => n + r.cases, 0);
  const failed = results.filter((r) => r.failed).length;
  console.log(JSON.stringify({ total, shards, failedShards: failed, seconds: +((performance.now() - t0) / 1000).toFixed(1) }));
  process.exit(failed ? 1 : 0);
}
