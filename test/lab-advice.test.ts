// The lab never points a learner to a command-line flag: every string in the lab's sources,
// and the messages its worker and engine compose for a kernel that never ends, is too big,
// or ran out of GPU time, name what can be changed on the page instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyze } from '../src/runner/analyze.js';
import { LAB_MEMORY_BUDGET } from '../src/runner/memory-budget.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { gpuTimeLimitText } from '../src/web/engine/gpu-time-limit.js';
import { preflight } from '../src/web/engine/preflight.js';
import { endlessText } from '../src/web/engine/preflight-text.js';
import { STEP_LIMIT_ADVICE, STEP_LIMIT_ADVICE_SENTENCE } from '../src/web/engine/step-limit-advice.js';

const WEB = new URL('../src/web/', import.meta.url).pathname;
/** A command-line flag as advice: `--max-steps`, "--timeout SECONDS". */
const FLAG = /(^|[\s'"`(])--[a-z]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every string literal and template text of a TypeScript file (comments excluded). */
function strings(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push(n.text);
    else if (ts.isTemplateExpression(n)) out.push(n.head.text, ...n.templateSpans.map((s) => s.literal.text));
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

const ENDLESS = `//! dispatch 1
//! buffer 0 f32[4] = i
@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3u) {
  loop {
    if (values[0] < 0.0) { break; }
    values[id.x] = values[id.x] + 1.0;
  }
}
`;

describe('no command-line flag in what the lab says', () => {
  it("the lab's sources: no string names a flag", () => {
    const files = sources(WEB);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) =>
      strings(f)
        .filter((s) => FLAG.test(s))
        .map((s) => `${f.slice(WEB.length)}: ${s}`),
    );
    expect(found).toEqual([]);
  });

  it('the advice the worker and the engine give: step budget, memory budget, GPU time limit, endless loop', () => {
    const endless = preflight(ENDLESS);
    if (endless.verdict !== 'endless') throw new Error(`expected an endless verdict, got ${endless.verdict}`);
    const messages = [
      STEP_LIMIT_ADVICE,
      STEP_LIMIT_ADVICE_SENTENCE,
      LAB_MEMORY_BUDGET.advice ?? '',
      gpuTimeLimitText(10),
      endlessText(endless),
    ];
    const huge = ENDLESS.replace('f32[4] = i', 'f32[268435456]');
    for (const run of [
      () => runOnSimulatorFromSource(ENDLESS, { maxSteps: 5000, stepLimitAdvice: STEP_LIMIT_ADVICE, memoryBudget: LAB_MEMORY_BUDGET }),
      () => runOnSimulatorFromSource(huge, { stepLimitAdvice: STEP_LIMIT_ADVICE, memoryBudget: LAB_MEMORY_BUDGET }),
    ]) {
      try {
        run();
        throw new Error('expected the run to fail');
      } catch (e) {
        messages.push((e as Error).message);
      }
    }
    const report = analyze(ENDLESS, { maxSteps: 5000, stepLimitAdvice: STEP_LIMIT_ADVICE_SENTENCE, memoryBudget: LAB_MEMORY_BUDGET });
    messages.push(...report.diagnostics.map((d) => d.message));
    expect(messages.join('\n')).toMatch(/did not finish within 5000 simulated steps/);
    expect(messages.join('\n')).toMatch(/memory budget exceeded/);
    for (const m of messages) expect(m).not.toMatch(FLAG);
  });
});
