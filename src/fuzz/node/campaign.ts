// One fuzz campaign: a fast-check property run, with the seed printed, the number of cases
// counted, every failing input shrunk, saved and printed with the command that replays it,
// and a summary line (JSON) appended to $FUZZ_SUMMARY.
//
// Two modes. The bounded run inside `npm test` executes a fixed number of cases per
// campaign (CI_CASES) from a fixed seed, so its result is the same on a fast or a busy
// machine: the same cases, never fewer because the machine was slow. FUZZ_MINUTES=N is
// the exploring run: it spreads N minutes over the campaigns (in the proportions of
// LONG_RUN_SHARE) with fresh seeds (scripts/fuzz.mjs runs the files one after another).
// FUZZ_SEED sets the seed, and with FUZZ_PATH replays one case (as printed on failure).
import fc from 'fast-check';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Cases each campaign runs in a plain `vitest run test/fuzz` (each campaign prints its time).
 * The same cases every run, so past the first they re-confirm: the counts keep every kind of
 * outcome a campaign reports (docs/hardening.md) and leave exploring to the long run.
 */
export const CI_CASES = {
  'header-valid': 2_500,
  'header-wild': 1_500,
  'wgsl-grammar': 250,
  'wgsl-mutations': 2_000,
  differential: 60,
  'planted-races': 300,
  'line-breaks': 400,
  // The limit-reaching campaigns (test/fuzz/limits-fuzz.test.ts): in-process planning,
  // budget estimation and size parsing are cheap; odd-inputs spawns the CLI per case.
  'budget-plan': 1_500,
  dispatches: 1_500,
  'memory-sizes': 5_000,
  'odd-inputs': 12,
} as const;
export type CampaignName = keyof typeof CI_CASES;

/** Relative share of a long run's minutes per campaign (the CI run's time on a quiet machine). */
const LONG_RUN_SHARE: Record<CampaignName, number> = {
  'header-valid': 3,
  'header-wild': 3,
  'wgsl-grammar': 10,
  'wgsl-mutations': 14,
  differential: 14,
  'planted-races': 5,
  'line-breaks': 5,
  'budget-plan': 6,
  dispatches: 6,
  'memory-sizes': 2,
  'odd-inputs': 6,
};
const TOTAL_SHARE = Object.values(LONG_RUN_SHARE).reduce((a, b) => a + b, 0);

/** The time budget (ms) of a campaign in a long run, or undefined in the bounded run. */
export function budgetMs(name: CampaignName): number | undefined {
  const minutes = Number(process.env.FUZZ_MINUTES ?? 0);
  return minutes > 0 ? (minutes * 60_000 * LONG_RUN_SHARE[name]) / TOTAL_SHARE : undefined;
}

/**
 * A vitest timeout for a campaign: only a hang guard. A long run's budget, or for the
 * bounded run ten times its quiet-machine time, plus time to shrink and report a failure.
 */
export function testTimeoutMs(name: CampaignName): number {
  const scale = Math.max(1, casesFor(name) / CI_CASES[name]);
  return (budgetMs(name) ?? LONG_RUN_SHARE[name] * 10_000 * scale) + 120_000;
}

/** Per-case wall-clock limit of the watchdog. */
export function caseTimeoutMs(): number {
  return Number(process.env.FUZZ_CASE_TIMEOUT_MS ?? 15_000);
}

export interface CampaignOptions<T> {
  name: CampaignName;
  arbitrary: fc.Arbitrary<T>;
  /** Throws (an assertion error) when the case is a failure. */
  check: (input: T) => Promise<void> | void;
  /** The failing input as text to save and print (e.g. the kernel source). */
  show: (input: T) => string;
  /** Extra counters printed with the summary (filled by check). */
  stats?: Record<string, number>;
}

export interface CampaignResult {
  name: CampaignName;
  cases: number;
  seconds: number;
  seed: number;
  failed: boolean;
  stats: Record<string, number>;
  failure?: { message: string; input: string; path: string; file: string };
}

/**
 * FUZZ_SEED when given; a fresh seed for a long run (FUZZ_MINUTES), which is there to
 * explore; and for the bounded CI run a fixed seed per campaign, so that a CI result does
 * not depend on the day's luck: it replays the same cases first (more on a faster
 * machine), and anything new is left to the long runs, whose finds become regression tests.
 */
function seedFor(name: string): number {
  const s = process.env.FUZZ_SEED;
  if (s !== undefined && s !== '') return Number(s) | 0;
  if (Number(process.env.FUZZ_MINUTES ?? 0) > 0) return (Date.now() ^ (process.pid << 16)) | 0;
  let h = 0x811c9dc5; // FNV-1a of the campaign's name
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return h | 0;
}

/**
 * FUZZ_CASES=name=N,name=N: a fixed number of cases for the named campaigns instead of
 * CI_CASES (the long run of the limit campaigns counts cases, not minutes: see docs/hardening.md).
 */
function casesFor(name: CampaignName): number {
  for (const part of (process.env.FUZZ_CASES ?? '').split(',')) {
    const [k, v] = part.split('=');
    if (k?.trim() === name && Number(v) > 0) return Math.floor(Number(v));
  }
  return CI_CASES[name];
}

export async function campaign<T>(opts: CampaignOptions<T>): Promise<CampaignResult> {
  const seed = seedFor(opts.name);
  const stats = opts.stats ?? {};
  const budget = budgetMs(opts.name);
  const numRuns = casesFor(opts.name);
  const replay = process.env.FUZZ_PATH;
  let cases = 0;
  const t0 = performance.now();
  const property = fc.asyncProperty(opts.arbitrary, async (input) => {
    cases++;
    await opts.check(input);
  });
  const plan = replay ? `replaying path ${replay}` : budget === undefined ? `${numRuns} cases` : `budget ${(budget / 1000).toFixed(0)} s`;
  console.log(`[fuzz] ${opts.name}: seed ${seed}, ${plan}`);
  // Search without shrinking first, so a long run's budget goes to new cases ...
  const search = await fc.check(property, {
    seed,
    path: replay || undefined,
    numRuns: replay ? 1 : budget === undefined ? numRuns : 1_000_000_000,
    endOnFailure: true,
    plugins: replay || budget === undefined ? [] : [fc.interruptAfterTimeLimit(budget)],
  });
  const searchCases = cases;
  // The counters of the search only (shrinking runs the check again).
  const searchStats = { ...stats };
  let result: CampaignResult = {
    name: opts.name,
    cases: searchCases,
    seconds: (performance.now() - t0) / 1000,
    seed,
    failed: false,
    stats: searchStats,
  };
  if (search.failed) {
    // ... then replay the failure and shrink it (bounded), and keep the smallest input.
    const shrink = await fc.check(property, { seed, path: search.counterexamplePath!, plugins: [fc.interruptAfterTimeLimit(60_000)] });
    const best = shrink.failed ? shrink : search;
    const input = opts.show((best.counterexample as unknown as [T])[0]);
    const cause = best.errorInstance as Error | undefined;
    const message = String(cause?.message ?? 'failed (interrupted or too many skips)').slice(0, 4000);
    const dir = join(tmpdir(), 'wgsl-lab-fuzz', 'failures');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${opts.name}-${seed}.txt`);
    writeFileSync(file, input);
    result = { ...result, failed: true, failure: { message, input, path: best.counterexamplePath ?? search.counterexamplePath!, file } };
    console.log(
      `[fuzz] ${opts.name}: FAILED after ${searchCases} cases (seed ${seed}, path ${result.failure!.path})\n` +
        `  reproduce: FUZZ_SEED=${seed} FUZZ_PATH=${result.failure!.path} XDG_RUNTIME_DIR=/tmp/xdg npx vitest run test/fuzz\n` +
        `  input saved to ${file}\n  ${message.split('\n').join('\n  ')}\n--- input ---\n${input}\n--- end ---`,
    );
  }
  const statText = Object.entries(searchStats)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    `[fuzz] ${opts.name}: ${searchCases} cases in ${result.seconds.toFixed(1)} s (seed ${seed})${statText ? `: ${statText}` : ''}`,
  );
  const summary = process.env.FUZZ_SUMMARY;
  if (summary)
    appendFileSync(
      summary,
      JSON.stringify({
        name: result.name,
        cases: result.cases,
        seconds: +result.seconds.toFixed(1),
        seed,
        failed: result.failed,
        stats: searchStats,
        failure: result.failure && { message: result.failure.message.slice(0, 300), file: result.failure.file },
      }) + '\n',
    );
  return result;
}

/** Adds 1 to a counter. */
export function count(stats: Record<string, number>, key: string, n = 1): void {
  stats[key] = (stats[key] ?? 0) + n;
}
