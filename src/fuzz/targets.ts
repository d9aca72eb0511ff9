// The code under fuzz, called on one input, with every outcome classified: 'ok', 'refused'
// (one of the project's own error types, with a sane location), 'skipped' (the input would
// allocate more than the fuzz memory cap) or 'crash' (anything else: TypeError, RangeError,
// an 'internal:' Error, a StepLimitError that escaped, a malformed error). Environment-
// neutral: the Node worker (fuzz/node/worker.ts) runs it under a wall-clock watchdog.
import { HarnessError, fillBuffer, parseHarness, uniformValue } from '../harness/index.js';
import { HarnessErrors, InputError } from '../runner/errors.js';
import { runOnSimulatorFromSource } from '../runner/run-sim.js';
import { analyze } from '../checks/analyze.js';
import { parseWgsl } from '../wgsl/parser.js';
import { resolveModule } from '../wgsl/resolve.js';
import { reflect } from '../wgsl/reflect.js';
import { NotSupportedError, WgslSemanticError, WgslSyntaxError } from '../wgsl/source.js';
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

/** Error classes an input may legitimately end in. */
const EXPECTED = [HarnessError, HarnessErrors, InputError, WgslSyntaxError, WgslSemanticError, NotSupportedError];

const goodPos = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1;

/** 'refused' for the project's own errors with a sane location, 'crash' for anything else. */
export function classify(target: TargetName, e: unknown): Outcome {
  const err = e instanceof Error ? e : new Error(`non-Error thrown: ${String(e)}`);
  const base = { target, error: err.name || err.constructor?.name, message: err.message.slice(0, 2000), stack: err.stack };
  if (!EXPECTED.some((C) => err instanceof C)) return { ...base, status: 'crash' };
  const problem = errorProblem(err);
  if (problem) return { ...base, status: 'crash', error: `malformed ${err.name}`, message: `${problem}: ${err.message.slice(0, 500)}` };
  return { ...base, status: 'refused' };
}

/** What is wrong with an expected error's shape (location, message), if anything. */
function errorProblem(err: Error): string | undefined {
  if (/\binternal:/i.test(err.message)) return 'internal error surfaced';
  if (!err.message.trim()) return 'empty message';
  if (err instanceof HarnessErrors) {
    if (!err.errors.length) return 'HarnessErrors without errors';
    const bad = err.errors.find((x) => !goodPos(x.line) || !goodPos(x.column) || !x.message);
    return bad ? `header error at ${bad.line}:${bad.column}` : undefined;
  }
  if (err instanceof InputError) {
    if (err.line !== undefined && !goodPos(err.line)) return `InputError line ${err.line}`;
    if (err.column !== undefined && !goodPos(err.column)) return `InputError column ${err.column}`;
    return undefined;
  }
  const loc = err as Error & { line?: number; column?: number };
  if (!goodPos(loc.line) || !goodPos(loc.column)) return `location ${loc.line}:${loc.column}`;
  return undefined;
}

function run(target: TargetName, f: () => void | string | { detail: string }): Outcome {
  try {
    const r = f();
    if (typeof r === 'string') return { target, status: 'skipped', error: r };
    return { target, status: 'ok', detail: r?.detail };
  } catch (e) {
    return classify(target, e);
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
  if (source.length > FUZZ_MAX_SOURCE) return [...targets].map((target) => ({ target, status: 'skipped', error: `a source of ${source.length} characters` }));

  // The header parser never throws: it returns every problem.
  let tooBig: string | undefined;
  let tooManyWorkgroups: string | undefined;
  let headerOk = false;
  let harness: ReturnType<typeof parseHarness>['harness'] | undefined;
  if (targets.has('harness') || targets.has('fill') || targets.has('simulate') || targets.has('analyze')) {
    out.push(
      run('harness', () => {
        const r = parseHarness(source);
        for (const e of r.errors) {
          if (!(e instanceof HarnessError) || !goodPos(e.line) || !goodPos(e.column) || !e.message) throw new BadResult(`bad header error ${String(e)}`);
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
      run('fill', () => {
        if (!harness || !headerOk) return 'header has errors';
        for (const b of harness.buffers) {
          if (b.count > maxElements) return `buffer of ${b.count} elements`;
          const data = fillBuffer(b);
          if (data.length !== b.count) throw new BadResult(`fillBuffer gave ${data.length} elements for ${b.count}`);
        }
        for (const u of harness.uniforms) {
          if (uniformValue(u).length !== 1) throw new BadResult('uniformValue is not one element');
        }
      }),
    );
  }
  let ast: ModuleAst | undefined;
  if (targets.has('parse') || targets.has('resolve')) {
    out.push(
      run('parse', () => {
        ast = parseWgsl(source);
      }),
    );
  }
  if (targets.has('resolve')) {
    out.push(
      run('resolve', () => {
        if (!ast) return 'did not parse';
        resolveModule(ast);
      }),
    );
  }
  if (targets.has('reflect')) out.push(run('reflect', () => void reflect(source)));
  if (targets.has('simulate')) {
    out.push(
      run('simulate', () => {
        if (tooBig) return tooBig;
        const r = runOnSimulatorFromSource(source, { maxSteps });
        if (!r.compile.ok && !r.compile.messages.some((m) => m.severity === 'error' && goodPos(m.line) && goodPos(m.column))) {
          throw new BadResult(`compile failed without a located error: ${JSON.stringify(r.compile.messages).slice(0, 300)}`);
        }
        if (r.compile.ok) {
          for (const b of r.buffers) if (b.values.length !== b.count) throw new BadResult('buffer length mismatch');
        }
        return { detail: r.compile.ok ? 'ran' : 'front-end error' };
      }),
    );
  }
  if (targets.has('analyze')) {
    out.push(
      run('analyze', () => {
        if (tooBig ?? tooManyWorkgroups) return tooBig ?? tooManyWorkgroups;
        const r = analyze(source, { maxSteps });
        const bad = r.diagnostics.find((d) => !goodPos(d.loc?.line) || !goodPos(d.loc?.column) || !d.message);
        if (bad) throw new BadResult(`diagnostic without a location: ${JSON.stringify(bad).slice(0, 300)}`);
        if (r.summary.errors !== r.diagnostics.filter((d) => d.severity === 'error').length) throw new BadResult('summary does not count the errors');
        const kinds = [...new Set(r.diagnostics.map((d) => d.kind))].sort();
        return { detail: kinds.includes('compile-error') ? 'front-end error' : kinds.length ? kinds.join('+') : 'clean' };
      }),
    );
  }
  return out;
}
