// Fuzzing the `//!` header parser and the buffer fill: valid-by-construction headers must
// parse back to their model and fill exactly like an independent evaluator; wild headers
// (extreme numbers, wrong tokens, deep nesting, odd line ends) must only ever produce
// header errors with a line and column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillBuffer, parseHarness, uniformValue, type ElementArray } from '../../src/harness/index.js';
import { evalInit, storeAs, validHeaderText, wildHeaderText, type HeaderModel } from '../../src/fuzz/header-gen.js';
import { campaign, caseTimeoutMs, count, testTimeoutMs } from '../../src/fuzz/node/campaign.js';
import { Watchdog } from '../../src/fuzz/node/pool.js';
import type { Outcome } from '../../src/fuzz/targets.js';
import { expectNoCrash, rssMb } from './support.js';

function same(a: number, b: number): boolean {
  return Object.is(a, b) || (a === 0 && b === 0);
}

function checkValid(model: HeaderModel, text: string): void {
  const { harness, errors } = parseHarness(text);
  if (errors.length) throw new Error(`a valid header was refused:\n${errors.map((e) => e.message).join('\n')}`);
  const want = (d: number[]) => [d[0] ?? 1, d[1] ?? 1, d[2] ?? 1];
  if (model.dispatch) expect(harness.dispatch).toEqual(want(model.dispatch));
  expect(harness.passes.map((p) => [p.entry, p.dispatch])).toEqual((model.passes ?? []).map((p) => [p.entry, want(p.counts)]));
  expect(harness.buffers.map((b) => [b.group, b.binding, b.type, b.count])).toEqual(
    model.buffers.map((b) => [b.group, b.binding, b.type, b.count]),
  );
  model.buffers.forEach((b, k) => {
    const data: ElementArray = fillBuffer(harness.buffers[k]!);
    for (let i = 0; i < b.count; i++) {
      const expected = b.init ? storeAs(b.type, evalInit(b.init, i, b.group, b.binding)) : 0;
      if (!same(data[i]!, expected))
        throw new Error(`buffer ${b.group}:${b.binding} element ${i}: filled ${data[i]}, the reference gives ${expected}`);
    }
  });
  expect(harness.uniforms.map((u) => [u.group, u.binding, u.type])).toEqual(model.uniforms.map((u) => [u.group, u.binding, u.type]));
  model.uniforms.forEach((u, k) => {
    const v = uniformValue(harness.uniforms[k]!)[0]!;
    const expected = storeAs(u.type, evalInit(u.init, 0, u.group, u.binding));
    if (!same(v, expected)) throw new Error(`uniform ${u.group}:${u.binding}: ${v}, the reference gives ${expected}`);
  });
  expect(harness.expects.length).toBe(model.expects.length);
  model.expects.forEach((e, k) => {
    const got = harness.expects[k]!;
    expect([got.group, got.binding, got.start, got.end]).toEqual([e.group, e.binding, e.start, e.end]);
    e.values.forEach((v, i) => {
      if (!same(got.values[i]!, v) && !(Number.isNaN(v) && Number.isNaN(got.values[i]!)))
        throw new Error(`expect ${k} value ${i}: parsed ${got.values[i]}, written ${v}`);
    });
  });
}

describe('fuzz: harness header', () => {
  let watchdog: Watchdog;
  let rss0 = 0;
  beforeAll(async () => {
    watchdog = await Watchdog.create();
    rss0 = rssMb();
  });
  afterAll(async () => {
    await watchdog.close();
  });

  it(
    'valid headers parse back to their model and fill like the reference evaluator',
    async () => {
      const stats: Record<string, number> = {};
      const r = await campaign({
        name: 'header-valid',
        arbitrary: validHeaderText,
        show: (x) => x.text,
        stats,
        check: ({ model, text }) => {
          count(stats, model.dispatch ? 'dispatch' : 'passes');
          count(stats, 'buffers', model.buffers.length);
          checkValid(model, text);
        },
      });
      expect(r.failure?.message).toBeUndefined();
      expect(r.cases).toBeGreaterThan(50);
    },
    testTimeoutMs('header-valid'),
  );

  it(
    'wild headers only ever produce located header errors (parseHarness, fillBuffer)',
    async () => {
      const stats: Record<string, number> = {};
      const r = await campaign({
        name: 'header-wild',
        arbitrary: wildHeaderText,
        show: (x) => x,
        stats,
        check: async (text) => {
          const res = await watchdog.run<Outcome[]>(
            { kind: 'targets', source: text, options: { targets: ['harness', 'fill'] } },
            caseTimeoutMs(),
          );
          expectNoCrash(res, stats);
          if (res.kind === 'done')
            for (const o of res.value) count(stats, `${o.target} ${o.status}${o.error && o.status !== 'crash' ? ` (${o.error})` : ''}`);
        },
      });
      expect(r.failure?.message).toBeUndefined();
      expect(r.cases).toBeGreaterThan(50);
      console.log(`[fuzz] header-wild: rss ${rssMb().toFixed(0)} MiB (start ${rss0.toFixed(0)}), worker restarts ${watchdog.started - 1}`);
      expect(rssMb() - rss0).toBeLessThan(512);
    },
    testTimeoutMs('header-wild'),
  );
});
