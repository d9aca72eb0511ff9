// The code under fuzz, called on one input, with every outcome classified: 'ok', 'refused'
// (one of the project's own errors — a LocatedError or DiagnosticsError — with a sane
// span where one is required), 'skipped' (the input would
// allocate more than the fuzz memory cap) or 'crash' (anything else: TypeError, RangeError,
// an 'internal:' Error, a StepLimitError that escaped, a malformed error). Environment-
// neutral: the Node worker (fuzz/node/worker.ts) runs it under a wall-clock watchdog.
import { DiagnosticsError, LocatedError, type Diagnostic, type SourceSpan } from '../diagnostics/index.js';
import { HarnessError, fillBuffer, parseHarness, uniformValue } from '../harness/index.js';
import { runOnSimulatorFromSource } from '../runner/run-sim.js';
import { analyze } from '../runner/analyze.js';
import { parseWgsl } from '../wgsl/parser.js';
import { resolveModule } from '../wgsl/resolve.js';
import { reflect } from '../wgsl/reflect.js';
import type { ModuleAst } from '../wgsl/ast.js';

export const TARGETS = ['harness', 'fill', 'parse', 'resolve', 'reflect', 'simulate', 'analyze'] as const;
export type TargetName = (typeof TARGETS)[number];

export interface Outcome {
  target: TargetName;
  status: 'ok' | 'refused' | 'skipped' | 'crash';
  /** Error class name (refused, crash) or why it was skipped. */
  error?: string;
  message?: string;
  stack?: string;
  /** For 'ok': what happened (e.g. 'front-end error', 'ran', 'races'). */
  detail?: string;
}

export interface TargetOptions {
  targets?: readonly TargetName[];
  /** Simulator step budget (lane-steps). */
  maxSteps?: number;
  /** Largest buffer (elements) the fuzzer lets a case allocate; larger cases are skipped. */
  maxElements?: number;
}

export const FUZZ_MAX_STEPS = 200_000;
/** 2^22 elements = 16 MiB per buffer; with the simulator's copies a case stays well under 256 MB. */
export const FUZZ_MAX_ELEMENTS = 1 << 22;
/**
 * Longest input the fuzzer runs: the front end keeps a token and tree node per few
 * characters (tens of bytes each), so a 4 MB source already costs about 100 MB.
 */
export const FUZZ_MAX_SOURCE = 4 * 2 ** 20;

const goodPos = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1;

/** A span that points into `source`: positive line and column, offset and length inside the text. */
function badSpan(loc: SourceSpan | undefined, source: string): string | undefined {
  if (!loc) return 'no location';
  const { line, column, offset, length } = loc;
  if (!goodPos(line) || !goodPos(column)) return `location ${line}:${column}`;
  if (!Number.isInteger(offset) || offset < 0 || offset > source.length) return `offset ${offset} of ${source.length}`;
  if (!Number.isInteger(length) || length < 0) return `length ${length}`;
  return undefined;
}

/**
 * 'refused' for the project's own errors with a sane span, 'crash' for anything else.
 * Every kind needs a span except input errors, which may be about no place (no entry point).
 */
export function classify(target: TargetName, e: unknown, source: string): Outcome {
  const err = e instanceof Error ? e : new Error(`non-Error thrown: ${String(e)}`);
  const base = { target, error: err.name || err.constructor?.name, message: err.message.slice(0, 2000), stack: err.stack };
  if (!(err instanceof LocatedError || err instanceof DiagnosticsError)) return { ...base, status: 'crash' };
  const problem = errorProblem(err, source);
  if (problem) return { ...base, status: 'crash', error: `malformed ${err.name}`, message: `${problem}: ${err.message.slice(0, 500)}` };
  return { ...base, status: 'refused' };
}

/** What is wrong with an expected error's diagnostics (kind, message, span), if anything. */
function errorProblem(err: LocatedError | DiagnosticsError, source: string): string | undefined {
  const list: Diagnostic[] = err instanceof LocatedError ? [err.toDiagnostic()] : [...err.diagnostics];
  if (!list.length) return `${err.name} without diagnostics`;
  for (const d of list) {
    if (d.kind === 'internal' || /\binternal:/i.test(d.message)) return 'internal error surfaced';
    if (!d.message.trim()) return 'empty message';
    if (d.kind === 'input' && !d.loc) continue;
    const bad = badSpan(d.loc, source);
    if (bad) return `${d.kind} ${bad}`;
  }
  return undefined;
}

function run(target: TargetName, source: string, f: () => void | string | { detail: string }): Outcome {
  try {
    const r = f();
    if (typeof r === 'string') return { target, status: 'skipped', error: r };
    return { target, status: 'ok', detail: r?.detail };
  } catch (e) {
    return classify(target, e, source);
  }
}

/** A crash for a result that came back but is not well formed. */
class BadResult extends Error {
  override name = 'BadResult';
}

/** Runs the selected targets on one source text. Never throws. */
export function runTargets(source: string, options: TargetOptions = {}): Outcome[] {
  const targets = new Set(options.targets ?? TARGETS);
  const maxSteps = options.maxSteps ?? FUZZ_MAX_STEPS;
  const maxElements = options.maxElements ?? FUZZ_MAX_ELEMENTS;
  const out: Outcome[] = [];
  if (source.length > FUZZ_MAX_SOURCE)
    return [...targets].map((target) => ({ target, status: 'skipped', error: `a source of ${source.length} characters` }));

  // The header parser never throws: it returns every problem.
  let tooBig: string | undefined;
  let tooManyWorkgroups: string | undefined;
  let headerOk = false;
  let harness: ReturnType<typeof parseHarness>['harness'] | undefined;
  if (targets.has('harness') || targets.has('fill') || targets.has('simulate') || targets.has('analyze')) {
    out.push(
      run('harness', source, () => {
        const r = parseHarness(source);
        for (const e of r.errors) {
          if (!(e instanceof HarnessError) || badSpan(e.loc, source) || !e.message) throw new BadResult(`bad header error ${String(e)}`);
        }
        harness = r.harness;
        headerOk = r.errors.length === 0;
        const counts = r.harness.buffers.map((b) => b.count);
        const total = counts.reduce((a, b) => a + b, 0);
        const dispatch = [...r.harness.passes.map((p) => p.dispatch), r.harness.dispatch].map((d) => d[0] * d[1] * d[2]);
        if (total > maxElements) tooBig = `buffers of ${total} elements`;
        // check gives header-less bindings one element per invocation (up to 1024 per workgroup).
        if (Math.max(...dispatch) > maxElements / 1024) tooManyWorkgroups = `dispatch of ${Math.max(...dispatch)} workgroups`;
      }),
    );
  }
  if (targets.has('fill')) {
    out.push(
      run('fill', source, () => {
        if (!harness || !headerOk) return 'header has errors';
        for (const b of harness.buffers) {
          if (b.count > maxElements) return `buffer of ${b.count} elements`;
          const data = fillBuffer(b);
          if (data.length !== b.count) throw new BadResult(`fillBuffer gave ${data.length} elements for ${b.count}`);
        }
        for (const u of harness.uniforms) {
          if (uniformValue(u).length !== 1) throw new BadResult('uniformValue is not one element');
        }
        return undefined;
      }),
    );
  }
  let ast: ModuleAst | undefined;
  if (targets.has('parse') || targets.has('resolve')) {
    out.push(
      run('parse', source, () => {
        ast = parseWgsl(source);
      }),
    );
  }
  if (targets.has('resolve')) {
    out.push(
      run('resolve', source, () => {
        if (!ast) return 'did not parse';
        resolveModule(ast);
        return undefined;
      }),
    );
  }
  if (targets.has('reflect')) out.push(run('reflect', source, () => void reflect(source)));
  if (targets.has('simulate')) {
    out.push(
      run('simulate', source, () => {
        if (tooBig) return tooBig;
        const r = runOnSimulatorFromSource(source, { maxSteps });
        if (!r.compile.ok && !r.compile.messages.some((m) => m.severity === 'error' && goodPos(m.line) && goodPos(m.column))) {
          throw new BadResult(`compile failed without a located error: ${JSON.stringify(r.compile.messages).slice(0, 300)}`);
        }
        if (r.compile.ok) {
          for (const b of r.buffers) if (!b.unused && b.values.length !== b.count) throw new BadResult('buffer length mismatch');
        }
        return { detail: r.compile.ok ? 'ran' : 'front-end error' };
      }),
    );
  }
  if (targets.has('analyze')) {
    out.push(
      run('analyze', source, () => {
        if (tooBig ?? tooManyWorkgroups) return tooBig ?? tooManyWorkgroups;
        const r = analyze(source, { maxSteps });
        const bad = r.diagnostics.find((d) => badSpan(d.loc, source) || d.related.some((x) => badSpan(x.loc, source)) || !d.message);
        if (bad) throw new BadResult(`diagnostic without a location: ${JSON.stringify(bad).slice(0, 300)}`);
        if (r.summary.errors !== r.diagnostics.filter((d) => d.severity === 'error').length)
          throw new BadResult('summary does not count the errors');
        const kinds = [...new Set(r.diagnostics.map((d) => d.kind))].sort();
        return { detail: kinds.includes('compile-error') ? 'front-end error' : kinds.length ? kinds.join('+') : 'clean' };
      }),
    );
  }
  return out;
}
