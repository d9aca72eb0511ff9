// Shared by the fuzz tests: the files the mutation fuzzer starts from, the choice-stream
// arbitrary of the grammar generators, and the outcome bookkeeping of the watchdog.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Outcome } from '../../src/fuzz/targets.js';
import type { JobResult } from '../../src/fuzz/node/pool.js';
import { count } from '../../src/fuzz/node/campaign.js';

process.env.XDG_RUNTIME_DIR ??= '/tmp';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every lesson example, corpus kernel and feature kernel, as the mutation fuzzer's seeds. */
export function seedFiles(): { name: string; source: string }[] {
  const out: { name: string; source: string }[] = [];
  const add = (dir: string) => {
    for (const f of readdirSync(join(ROOT, dir))
      .filter((x) => x.endsWith('.wgsl'))
      .sort())
      out.push({ name: `${dir}/${f}`, source: readFileSync(join(ROOT, dir, f), 'utf8') });
  };
  for (const l of readdirSync(join(ROOT, 'lessons')).sort()) add(`lessons/${l}`);
  add('corpus');
  add('test/kernels');
  return out;
}

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
