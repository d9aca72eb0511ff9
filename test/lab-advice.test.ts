// The lab never points a learner to a command-line flag: every string in the lab's sources,
// and the messages its worker and engine compose for a kernel that never ends, is too big,
// or ran out of GPU time, name what can be changed on the page instead. So do the runner's
// refusals that name a flag on the command line (several entry points, `--entry` with pass
// lines, a feature the device lacks, a depth texture on the GPU) when composed for the lab.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyze } from '../src/runner/analyze.js';
import type { Audience } from '../src/runner/audience.js';
import { gpuTextureSpec } from '../src/runner/gpu-textures.js';
import { parseHarness } from '../src/harness/index.js';
import type { DeviceHandle } from '../src/gpu/session.js';
import { planRun } from '../src/runner/plan.js';
import { requireEnabledFeatures } from '../src/runner/shader-features.js';
import { loadKernel, planSimulation, SIM_LIMITS } from '../src/runner/simulate.js';
import { reflect } from '../src/wgsl/reflect.js';
import { watchWorkgroup } from '../src/watch/watch.js';
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

/** Two @compute entry points and no pass line: which one runs is the reader's to say. */
const TWO_ENTRIES = `//! dispatch 1
//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> v: array<u32>;

@compute @workgroup_size(4)
fn first(@builtin(local_invocation_index) i: u32) { v[i] = i; }

@compute @workgroup_size(4)
fn second(@builtin(local_invocation_index) i: u32) { v[i] = 2u * i; }
`;
const TWO_PASSES = TWO_ENTRIES.replace('//! dispatch 1', '//! pass first\n//! pass second');
const F16 = `//! buffer 0 f32[4]
enable f16;
@group(0) @binding(0) var<storage, read_write> v: array<f32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) { v[i] = f32(f16(i)); }
`;
const DEPTH = `//! buffer 0 f32[4]
//! texture 1 depth32float 4x1 = x / 4
@group(0) @binding(0) var<storage, read_write> v: array<f32>;
@group(0) @binding(1) var depth: texture_depth_2d;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) { v[i] = textureLoad(depth, vec2u(i, 0u), 0); }
`;
/** A device without shader-f16, as the runner sees one. */
const NO_F16 = { device: { features: new Set<string>() }, description: { description: 'a test device' } } as unknown as DeviceHandle;

/** The message `f` throws. */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

/** The runner's refusals that name a flag on the command line, composed for `audience`. */
function refusals(audience: Audience): string[] {
  const passes = parseHarness(TWO_PASSES).harness;
  const depth = loadKernel(DEPTH);
  const texture = planSimulation(depth).plan.textures[0]!;
  return [
    thrown(() => runOnSimulatorFromSource(TWO_ENTRIES, { audience })),
    thrown(() => analyze(TWO_ENTRIES, { audience })),
    thrown(() => planRun(passes, reflect(TWO_PASSES), SIM_LIMITS, { entry: 'first', audience })),
    thrown(() => requireEnabledFeatures(F16, NO_F16, audience)),
    thrown(() => gpuTextureSpec(texture, audience)),
  ];
}

describe("the runner's flag-naming refusals, in the lab's words", () => {
  it('on the command line they name the flag', () => {
    const [entries, analyzed, entryWithPasses, feature, depth] = refusals('cli');
    expect(entries).toBe('the shader has 2 @compute entry points (first, second): pick one with --entry NAME');
    expect(analyzed).toBe(entries);
    expect(entryWithPasses).toBe('--entry cannot be combined with pass lines: each pass line names its entry point');
    expect(feature).toContain('`run --sim` runs it on the simulator');
    expect(depth).toBe("depth textures ('depth') run on the simulator only so far: use 'run --sim'");
  });

  it('in the lab they say what to change on the page, and name no flag', () => {
    const messages = refusals('lab');
    const [entries, analyzed, entryWithPasses, feature, depth] = messages;
    expect(entries).toBe(
      'the shader has 2 @compute entry points (first, second): name the one to run with a `//! pass NAME` line in place of the `dispatch` line (a `//! pass` line per entry point runs them in turn), or keep one @compute entry point',
    );
    expect(analyzed).toBe(entries);
    expect(entryWithPasses).toContain('the pass lines name their own');
    expect(feature).toBe(
      "the shader has `enable f16;`, but the GPU device (a test device) has no 'shader-f16' feature, so it cannot run here; the lab runs such a shader on the simulator, and Check analyzes it; neither needs the feature (reload the page if this Run did not switch)",
    );
    expect(depth).toBe("depth textures ('depth') run on the simulator only so far: the lab runs such a shader on the simulator");
    // Watch is the lab's alone: its refusal is in the lab's words without being asked.
    messages.push(thrown(() => watchWorkgroup(TWO_ENTRIES)));
    expect(messages.at(-1)).toBe(entries);
    for (const m of messages) expect(m).not.toMatch(FLAG);
  });

  it("the lab's advice for several entry points works: a pass line picks the one to run", () => {
    const picked = runOnSimulatorFromSource(TWO_ENTRIES.replace('//! dispatch 1', '//! pass second'), { audience: 'lab' });
    expect(Array.from(picked.buffers[0]!.values)).toEqual([0, 2, 4, 6]);
  });
});
