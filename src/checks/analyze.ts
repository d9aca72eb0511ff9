// The analyzer: simulate a kernel's workgroups with every check subscribed to the
// simulator's hooks, and gather the findings into the `check --json` report.
import { compareSpans, compilerDiagnostic, diagnostic, sourceSpan } from '../diagnostics/index.js';
import { parseHarness, type BufferSpec, type ElementType, type Harness, type UniformSpec } from '../harness/index.js';
import type { CompileMessage } from '../runner/result.js';
import { HarnessErrors } from '../runner/errors.js';
import { planRun, selectEntryPoint } from '../runner/plan.js';
import { SIM_LIMITS, bindPlan, frontEndModule } from '../runner/run-sim.js';
import { StepLimitError } from '../sim/context.js';
import { combineHooks } from '../sim/hooks.js';
import { Simulator, DEFAULT_MAX_STEPS } from '../sim/simulator.js';
import { reflectModule, type Reflection } from '../wgsl/reflect.js';
import { BankConflictModel } from './banks.js';
import { BarrierDivergence, ranges } from './barriers.js';
import { BoundsCheck } from './bounds.js';
import { RaceDetector } from './races.js';
import type { CheckReport, Diagnostic } from './report.js';
import { NeverWrittenReads } from './uninitialized.js';

export interface AnalyzeOptions {
  file?: string;
  /** Messages of the real compiler (Tint); when they contain an error, nothing is simulated. */
  compile?: { ok: boolean; messages: CompileMessage[] };
  banks?: 32 | 16;
  subgroupSize?: number;
  maxSteps?: number;
  entry?: string;
  /** Invocations simulated per dispatch before workgroups are sampled (default 2^17). */
  maxInvocations?: number;
}

export const DEFAULT_MAX_INVOCATIONS = 1 << 17;

const NOTES = [
  'Invocations form subgroups by local_invocation_index (lanes 0..S-1, S..2S-1, …); WGSL leaves this mapping to the implementation.',
  'Bank model: bank = floor(byte address / 4) mod B; lanes reading the same word are one broadcast. Real hardware may merge or split accesses differently and beat (or miss) the model.',
];

export function analyze(source: string, options: AnalyzeOptions = {}): CheckReport {
  const file = options.file ?? '<input>';
  const banks = options.banks ?? 32;
  const subgroupSize = options.subgroupSize ?? 32;
  const model = { banks, bankWidthBytes: 4, subgroupSize };
  const { harness, errors } = parseHarness(source);
  if (errors.length) throw new HarnessErrors(errors);

  const report: CheckReport = {
    file,
    compile: { ok: true, messages: [] },
    diagnostics: [],
    bankConflicts: [],
    model,
    summary: { errors: 0, warnings: 0, races: 0, maxBankWays: 0 },
    notes: [...NOTES],
  };

  // The real compiler has the final word on validity; without it, our front end reports.
  let messages = options.compile?.messages;
  if (!options.compile) report.notes!.push('No WGSL compiler (Tint) was available: wgsl-lab\'s own front end checked the syntax and types; uniformity is not checked without it.');
  const fe = frontEndModule(source);
  if (options.compile && !options.compile.ok) messages = options.compile.messages;
  else if (!fe.module) messages = fe.messages;
  report.compile = { ok: !(messages ?? []).some((m) => m.severity === 'error'), messages: (messages ?? []).map((m) => ({ severity: m.severity, line: m.line, column: m.column, message: m.message })) };
  if (!report.compile.ok) {
    report.diagnostics = (messages ?? []).filter((m) => m.severity === 'error').map(compilerDiagnostic);
    return finish(report);
  }

  const reflection = reflectModule(fe.module!);
  const { harness: full, synthesized } = withDefaultBuffers(harness, reflection, options.entry);
  if (synthesized.length) report.notes!.push(`The header gives no buffer for ${synthesized.join(', ')}: simulated with zero-filled buffers of the sizes shown.`);
  const plan = planRun(full, reflection, SIM_LIMITS, { entry: options.entry });

  const sim = new Simulator(source, { subgroupSize, maxSteps: options.maxSteps ?? DEFAULT_MAX_STEPS }, fe.module);
  const races = new RaceDetector(sim.sites);
  const bank = new BankConflictModel(banks, subgroupSize);
  const uninit = new NeverWrittenReads();
  const bounds = new BoundsCheck();
  const divergence = new BarrierDivergence();
  bindPlan(sim, plan);
  // The checks subscribe to the simulator's hooks; the site table is shared by reference.
  const hooks = combineHooks([races, bank, uninit, bounds, divergence]);
  Object.assign(sim.hooks, hooks);
  const stepDiagnostics: Diagnostic[] = [];
  const budget = options.maxInvocations ?? DEFAULT_MAX_INVOCATIONS;
  try {
    plan.passes.forEach((p, i) => {
      // Sites are registered when an entry point is compiled; the detector needs them for messages.
      sim.entry(p.entry.name);
      const total = p.dispatch[0] * p.dispatch[1] * p.dispatch[2];
      const perWorkgroup = p.workgroupSize[0] * p.workgroupSize[1] * p.workgroupSize[2];
      const sample = total * perWorkgroup > budget ? sampleWorkgroups(total, Math.max(2, Math.floor(budget / perWorkgroup))) : undefined;
      if (sample) {
        report.sampledWorkgroups = { simulated: sample.length, total, which: ranges(sample) };
        report.notes!.push(`Pass ${i + 1} (${p.entry.name}) has ${total} workgroups; ${sample.length} were simulated (${ranges(sample)}). Findings in the others are not reported.`);
      }
      sim.runPass(p.entry.name, p.dispatch, i, { workgroups: sample });
    });
  } catch (e) {
    if (!(e instanceof StepLimitError)) throw e;
    stepDiagnostics.push(
      diagnostic({
        severity: 'error',
        kind: 'step-limit',
        message: `the kernel did not finish within ${e.steps} simulated steps (statements and loop iterations summed over invocations); it may never terminate. If it is just long, raise --max-steps.`,
        loc: e.site.loc,
      }),
    );
  }
  report.diagnostics = [...stepDiagnostics, ...divergence.diagnostics(), ...races.diagnostics(), ...bounds.diagnostics(), ...uninit.diagnostics()];
  report.bankConflicts = bank.sites();
  return finish(report);
}

function finish(report: CheckReport): CheckReport {
  report.diagnostics.sort((a, b) => compareSpans(a.loc, b.loc) || a.kind.localeCompare(b.kind));
  report.summary = {
    errors: report.diagnostics.filter((d) => d.severity === 'error').length,
    warnings: report.diagnostics.filter((d) => d.severity === 'warning').length,
    races: report.diagnostics.filter((d) => d.kind === 'data-race').length,
    maxBankWays: Math.max(0, ...report.bankConflicts.map((b) => b.maxWays)),
  };
  return report;
}

/** The first and last workgroups and an even spread between them. */
export function sampleWorkgroups(total: number, count: number): number[] {
  if (count >= total) return [...Array(total).keys()];
  const edge = Math.min(8, Math.floor(count / 4));
  const picked = new Set<number>();
  for (let i = 0; i < edge; i++) {
    picked.add(i);
    picked.add(total - 1 - i);
  }
  const rest = count - picked.size;
  for (let i = 0; i < rest; i++) picked.add(Math.floor(((i + 0.5) * total) / rest));
  return [...picked].sort((a, b) => a - b);
}

/**
 * `check` works on kernels without a header too: every binding the entry point uses and the
 * header does not provide gets a zero-filled buffer (one element per invocation of the
 * dispatch for runtime-sized arrays).
 */
function withDefaultBuffers(harness: Harness, reflection: Reflection, entry?: string): { harness: Harness; synthesized: string[] } {
  const passes = harness.passes.length ? harness.passes.map((p) => selectEntryPoint(reflection, p.entry)) : [selectEntryPoint(reflection, entry)];
  const have = new Set([...harness.buffers, ...harness.uniforms].map((b) => `${b.group}:${b.binding}`));
  const buffers: BufferSpec[] = [...harness.buffers];
  const uniforms: UniformSpec[] = [...harness.uniforms];
  const synthesized: string[] = [];
  const invocations = Math.max(...passes.map((e) => e.workgroupSize!.reduce((a, b) => a * b, 1))) * harness.dispatch.reduce((a, b) => a * b, 1);
  for (const b of passes.flatMap((e) => e.bindings)) {
    const key = `${b.group}:${b.binding}`;
    if (have.has(key) || b.space === 'handle') continue;
    have.add(key);
    const type: ElementType = b.leaf === 'f32' || b.leaf === 'i32' ? b.leaf : 'u32';
    const loc = sourceSpan(b.loc);
    if (b.space === 'uniform') {
      if (b.minSize > 4) continue; // planRun explains what the harness cannot provide
      uniforms.push({ group: b.group, binding: b.binding, type, init: { kind: 'number', value: 0 }, initText: '0', ...loc });
      synthesized.push(`'${b.name}' (uniform = 0)`);
    } else {
      const words = b.runtimeSized ? (b.minSize - (b.runtimeStride ?? 4)) / 4 + invocations * ((b.runtimeStride ?? 4) / 4) : b.minSize / 4;
      buffers.push({ group: b.group, binding: b.binding, type, count: Math.max(1, Math.ceil(words)), ...loc });
      synthesized.push(`'${b.name}' (${type}[${Math.max(1, Math.ceil(words))}])`);
    }
  }
  return { harness: { ...harness, buffers, uniforms }, synthesized };
}
