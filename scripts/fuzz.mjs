#!/usr/bin/env node
// Long fuzz run: the fuzz tests of test/fuzz with their time budgets scaled to --minutes
// (spread over the campaigns in the proportions of the CI run), one file after another,
// then a summary table of every campaign: cases, time, seed, result.
//
//   node scripts/fuzz.mjs --minutes 10 [--seed N]
//
// A failure prints the shrunk input, where it was saved and the command that replays it
// (FUZZ_SEED=… FUZZ_PATH=… npx vitest run test/fuzz); exit status 1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
if (args.includes('--help')) {
  console.log('usage: node scripts/fuzz.mjs [--minutes N (default 10)] [--seed N] [--case-timeout-ms N]');
  process.exit(0);
}
const minutes = Number(opt('minutes', '10'));
if (!(minutes > 0)) {
  console.error('fuzz: --minutes must be a positive number');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const summary = join(mkdtempSync(join(tmpdir(), 'wgsl-lab-fuzz-')), 'summary.jsonl');
const env = {
  ...process.env,
  FUZZ_MINUTES: String(minutes),
  FUZZ_SUMMARY: summary,
  XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? '/tmp',
};
const seed = opt('seed', undefined);
if (seed !== undefined) env.FUZZ_SEED = seed;
const caseTimeout = opt('case-timeout-ms', undefined);
if (caseTimeout !== undefined) env.FUZZ_CASE_TIMEOUT_MS = caseTimeout;

console.log(`fuzz: ${minutes} minute(s) over the campaigns of test/fuzz; summary in ${summary}`);
const t0 = Date.now();
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const r = spawnSync(process.execPath, [vitest, 'run', 'test/fuzz', '--no-file-parallelism'], { cwd: root, env, stdio: 'inherit' });

const rows = existsSync(summary)
  ? readFileSync(summary, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
console.log(`\nfuzz summary (${((Date.now() - t0) / 60000).toFixed(1)} min):`);
console.log('campaign          cases      seconds  seed         result');
let total = 0;
for (const row of rows) {
  total += row.cases;
  console.log(
    `${row.name.padEnd(17)} ${String(row.cases).padStart(8)} ${String(row.seconds).padStart(10)}  ${String(row.seed).padEnd(12)} ${row.failed ? `FAILED: ${row.failure?.message?.split('\n')[0]} (input: ${row.failure?.file})` : 'ok'}`,
  );
}
console.log(`total             ${String(total).padStart(8)}`);
process.exit(r.status ?? 1);
