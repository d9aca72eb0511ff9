// The analyzer: simulate a kernel's workgroups with every check subscribed to the
// simulator's hooks (the one simulate pipeline, simulate.ts), and gather the findings into
// the `check --json` report.
import { compareSpans, compilerDiagnostic, diagnostic } from '../diagnostics/index.js';
import { locateSyntaxError } from './syntax-location.js';
import { MODEL_NOTES } from '../checks/model-notes.js';
import { ranges } from '../checks/barriers.js';
import type { CheckReport, Diagnostic } from '../checks/report.js';
import type { FileContents } from '../harness/index.js';
import type { CompileMessage } from './result.js';
import { AnalysisChecks } from './analysis-checks.js';
import { loadKernel, simulate, type LoadedKernel, type Simulation, type SimulateOptions } from './simulate.js';
import { portabilityDiagnostics } from './portability-diagnostics.js';
import { suspiciousCharacters } from '../wgsl/suspicious-characters.js';
import type { MemoryBudget } from './memory-budget.js';
import type { Audience } from './audience.js';

export interface AnalyzeOptions {
  file?: string;
  /**
   * Messages of the real compiler (Tint); when they contain an error, nothing is simulated.
   * `asWritten`: Tint refused the source as written, and `ok`/`messages` are its verdict on
   * the portable rewrite of naga's leniencies (check-source.ts): the source is analyzed as
   * naga reads it, with portability warnings carrying these messages.
   */
  compile?: { ok: boolean; messages: CompileMessage[]; asWritten?: CompileMessage[] };
  banks?: 32 | 16;
  subgroupSize?: number;
  maxSteps?: number;
  /** What to do about a long kernel, ending the step-limit message (the lab has no --max-steps). */
  stepLimitAdvice?: string;
  entry?: string;
  /** Invocations simulated per dispatch before workgroups are sampled (default 2^22). */
  maxInvocations?: number;
  /** Contents of the files the header names (`= file("NAME")`), by name. */
  files?: FileContents;
  /** Refuse, before allocating, an analysis that needs more memory than this (memory-budget.ts). */
  memoryBudget?: MemoryBudget;
  /** Who reads the plan's refusals (audience.ts): the CLI (default) or the lab. */
  audience?: Audience;
}

export const DEFAULT_MAX_INVOCATIONS = 1 << 22;

/** What the simulation assumes, then what the checks' models assume (Check.notes). */
const NOTES = MODEL_NOTES;

export function analyze(source: string, options: AnalyzeOptions = {}): CheckReport {
  const prepared = prepareAnalysis(source, options);
  if (!prepared.kernel) return prepared.report;
  return analyzeKernel(prepared.report, prepared.kernel, options);
}

/**
 * The simulation and checks of a prepared analysis, on the calling thread; `planned` is the
 * kernel's plan when the caller already made it (the parallel analysis, falling back).
 */
export function analyzeKernel(
  report: CheckReport,
  kernel: LoadedKernel,
  options: AnalyzeOptions,
  planned?: SimulateOptions['planned'],
): CheckReport {
  // The checks subscribe to the simulator's hooks; each keeps its own findings.
  const checks = new AnalysisChecks(report.model.banks, report.model.subgroupSize);
  const run = simulate(kernel, {
    entry: options.entry,
    audience: options.audience,
    subgroupSize: report.model.subgroupSize,
    maxSteps: options.maxSteps,
    subscribers: checks.subscribers,
    maxInvocations: options.maxInvocations ?? DEFAULT_MAX_INVOCATIONS,
    defaultBuffers: true,
    memory: checkMemory(options),
    planned,
  });
  return completeReport(report, checks, run, options);
}

/** The budget option of planRun for an analysis, when the caller gives one. */
export function checkMemory(options: AnalyzeOptions, parts = 1): { mode: 'check'; budget: MemoryBudget; parts: number } | undefined {
  return options.memoryBudget ? { mode: 'check', budget: options.memoryBudget, parts } : undefined;
}

/**
 * The report up to the simulation: the compiler's verdict, and the kernel to simulate when
 * it accepted the source (without a kernel the report is complete).
 */
export function prepareAnalysis(source: string, options: AnalyzeOptions): { report: CheckReport; kernel?: LoadedKernel } {
  const file = options.file ?? '<input>';
  const banks = options.banks ?? 32;
  const subgroupSize = options.subgroupSize ?? 32;
  const model = { banks, bankWidthBytes: 4, subgroupSize };
  const kernel = loadKernel(source, options.files, options.entry);

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
  if (!options.compile)
    report.notes!.push("No WGSL compiler (Tint) was available: wgsl-lab's own front end checked the syntax, types and uniformity.");
  // A syntax error at the own parser's place (syntax-location.ts): Tint's can be lines low.
  if (options.compile && !options.compile.ok) messages = locateSyntaxError(options.compile.messages, source);
  else if (!kernel.module) {
    const unset = unsetOverride(kernel.messages);
    if (unset) {
      const r = withoutValue(report, unset, options);
      r.diagnostics.push(...suspiciousCharacters(source));
      return { report: finish(r) };
    }
    messages = kernel.messages;
  }
  const plain = (m: CompileMessage) => ({ severity: m.severity, line: m.line, column: m.column, message: m.message });
  report.compile = {
    ok: !(messages ?? []).some((m) => m.severity === 'error'),
    messages: (messages ?? []).map(plain),
  };
  const asWritten = options.compile?.ok ? options.compile.asWritten : undefined;
  if (asWritten) report.compile.asWritten = { ok: false, messages: asWritten.map(plain) };
  // Invisible bidi and zero-width characters are reported whatever the compiler said: in a
  // comment Tint accepts them, and they can make the code display as other code.
  const suspicious = suspiciousCharacters(source);
  if (!report.compile.ok) {
    report.diagnostics = [...(messages ?? []).filter((m) => m.severity === 'error').map(compilerDiagnostic), ...suspicious];
    return { report: finish(report) };
  }
  // naga's leniencies are reported where Tint is known to refuse them (it refused the source
  // as written) or cannot be asked (no compiler); when Tint accepted the source, it has the final word.
  const notes = kernel.module?.portability ?? [];
  if (notes.length && (!options.compile || asWritten)) {
    report.diagnostics = portabilityDiagnostics(source, notes, asWritten ?? []);
    if (asWritten)
      report.notes!.push(
        'Tint refused the source as written and accepted it with the portability rewrites applied: it was analyzed as naga (wgpu) reads it.',
      );
  }
  report.diagnostics.push(...suspicious);
  return { report, kernel };
}

/**
 * The override a valid kernel leaves to the pipeline (`override BLOCK: u32;`, no default) that
 * the front end needs a value of, from its error message; undefined for any other error.
 */
function unsetOverride(messages: readonly CompileMessage[]): { name: string; message: CompileMessage } | undefined {
  const errors = messages.filter((m) => m.severity === 'error');
  const name =
    errors.length === 1
      ? /^override '(\w+)' has no value: give it a default or a pipeline value$/.exec(errors[0]!.message)?.[1]
      : undefined;
  return name ? { name, message: errors[0]! } : undefined;
}

/**
 * A kernel that is valid WGSL but cannot be simulated until the header gives an override the
 * app sets when it creates the pipeline: a warning that says how, not a compile error.
 */
function withoutValue(report: CheckReport, unset: { name: string; message: CompileMessage }, options: AnalyzeOptions): CheckReport {
  const m = unset.message;
  report.compile = {
    ok: true,
    messages: (options.compile?.messages ?? []).map((c) => ({ severity: c.severity, line: c.line, column: c.column, message: c.message })),
  };
  report.diagnostics = [
    diagnostic({
      severity: 'warning',
      kind: 'input',
      message: `override '${unset.name}' has no default: the app gives its value when it creates the pipeline, so this entry point was not simulated; give one with \`//! override ${unset.name} = …\``,
      loc: { line: m.line, column: m.column, offset: m.offset, length: m.length },
    }),
  ];
  return report;
}

/** Ranges a sample's description lists at most: the first and last halves of them, the count of the rest between. */
export const SAMPLE_RANGES_SHOWN = 32;

/** `0–7, 1024, 2048, …, 260096, 262136–262143 (32 of 8177 ranges shown)`: a sample's workgroups on one short line. */
export function sampleSummary(workgroups: number[]): string {
  const all = ranges(workgroups).split(', ');
  if (all.length <= SAMPLE_RANGES_SHOWN) return all.join(', ');
  const half = SAMPLE_RANGES_SHOWN / 2;
  return `${[...all.slice(0, half), '…', ...all.slice(-half)].join(', ')} (${SAMPLE_RANGES_SHOWN} of ${all.length} ranges shown)`;
}

/** Adds what the simulation and the checks found to a prepared report. */
export function completeReport(
  report: CheckReport,
  checks: AnalysisChecks,
  run: Pick<Simulation, 'synthesized' | 'sampled' | 'stepLimit' | 'sites'>,
  options: AnalyzeOptions,
): CheckReport {
  if (run.synthesized.length)
    report.notes!.push(
      `The header gives no buffer for ${run.synthesized.join(', ')}: simulated with zero-filled buffers of the sizes shown.`,
    );
  for (const s of run.sampled) {
    const which = sampleSummary(s.workgroups);
    report.sampledWorkgroups = { simulated: s.workgroups.length, total: s.total, which };
    report.notes!.push(
      `Pass ${s.pass + 1} (${s.entry}) has ${s.total} workgroups; ${s.workgroups.length} were simulated (${which}). Findings in the others are not reported.`,
    );
  }
  const stepDiagnostics: Diagnostic[] = [];
  if (run.stepLimit) {
    stepDiagnostics.push(
      diagnostic({
        severity: 'error',
        kind: 'step-limit',
        message: `the kernel did not finish within ${run.stepLimit.steps} simulated steps (statements and loop iterations summed over invocations); it may never terminate. ${options.stepLimitAdvice ?? 'If it is just long, raise --max-steps.'}`,
        loc: run.stepLimit.site.loc,
      }),
    );
  }
  const found = checks.findings(run.sites);
  report.diagnostics = [...report.diagnostics, ...stepDiagnostics, ...found.diagnostics];
  report.bankConflicts = found.bankConflicts;
  return finish(report);
}

function finish(report: CheckReport): CheckReport {
  report.diagnostics.sort((a, b) => compareSpans(a.loc, b.loc) || a.kind.localeCompare(b.kind));
  report.summary = {
    errors: report.diagnostics.filter((d) => d.severity === 'error').length,
    warnings: report.diagnostics.filter((d) => d.severity === 'warning').length,
    // A race that is only a consequence of a clamped out-of-bounds index is not counted as one.
    races: report.diagnostics.filter((d) => d.kind === 'data-race' && !d.consequenceOf).length,
    maxBankWays: Math.max(0, ...report.bankConflicts.map((b) => b.maxWays)),
  };
  return report;
}
