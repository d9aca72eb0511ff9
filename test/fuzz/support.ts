// Shared by the fuzz tests: the files the mutation fuzzer starts from, the choice-stream
// arbitrary of the grammar generators, and the outcome bookkeeping of the watchdog.
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import type { Outcome } from '../../src/fuzz/targets.js';
import { seedFiles as readSeedFiles, type SeedFile } from '../../src/fuzz/node/seeds.js';
import type { JobResult } from '../../src/fuzz/node/pool.js';
import { count } from '../../src/fuzz/node/campaign.js';

process.env.XDG_RUNTIME_DIR ??= '/tmp';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every lesson example, corpus kernel and feature kernel of this checkout, as the mutation fuzzer's seeds. */
export const seedFiles = (): SeedFile[] => readSeedFiles(ROOT);

/** The choice stream of the grammar generators (shrinks toward simpler programs). */
export const choices = fc.array(fc.nat({ max: 0xffff }), { minLength: 200, maxLength: 3000 });

/**
 * Records a watchdog result of a 'targets' job in the stats and throws when a target
 * crashed, the job hung or the worker died.
 */
export function expectNoCrash(result: JobResult<Outcome[]>, stats: Record<string, number>, prefix = ''): void {
  if (result.kind === 'hang') {
    count(stats, 'hang');
    throw new Error(`hang: no answer within ${result.ms.toFixed(0)} ms (step budget and watchdog)`);
  }
  if (result.kind === 'died') {
    count(stats, 'died');
    throw new Error(`the worker died: ${result.message}`);
  }
  if (result.kind === 'error')
    throw new Error(`the fuzz worker failed: ${result.error.name}: ${result.error.message}\n${result.error.stack ?? ''}`);
  const crashes = result.value.filter((o) => o.status === 'crash');
  for (const o of result.value)
    if (o.target === 'simulate' || o.target === 'analyze' || o.status === 'crash')
      count(stats, `${prefix}${o.target} ${o.status}${o.status === 'refused' ? ` (${o.error})` : o.detail ? ` (${o.detail})` : ''}`);
  if (crashes.length) {
    const c = crashes[0]!;
    throw new Error(`${c.target} crashed with ${c.error}: ${c.message}\n${c.stack ?? ''}`);
  }
}

/** Resident set size in MiB. */
export function rssMb(): number {
  return process.memoryUsage().rss / 2 ** 20;
}
