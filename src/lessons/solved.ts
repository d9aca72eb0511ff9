// When an exercise counts as solved, for the lab and for `lessons --verify` alike: one pure
// verdict over what was measured (the run on the shown data, the runs on the hidden input
// sets, Check's report) and what the exercise declares (lesson.md's `hidden` and `clean`
// lines; its starting file's checkpoints). Solved needs all of:
//
//  1. the checkpoints are the exercise's own (an edited `//! expect` or `tolerance` line
//     would make any code pass) and every one passes on the shown data;
//  2. on every hidden input set, each binding the checkpoints look at holds what the
//     solution computes from the same inputs (a kernel that only fits the shown data, say
//     a maximum that starts from 0 on positive inputs, fails here);
//  3. Check ran, the judge accepted the shader, Check reports no error, and no finding of a
//     kind the exercise lists under `clean` (warnings and benign races included: the lesson
//     calls them wrong).
//
// Running things is the caller's job (runHiddenSets takes the engine as a function): Node
// runs the simulator in-process, the lab in its worker.
import type { CheckReport } from '../checks/report.js';
import { checkExpect, parseHarness, type ExpectSpec, type Harness } from '../harness/index.js';
import type { RunResult } from '../runner/result.js';
import type { ExampleRef, HiddenInputSet } from './format.js';
import { usesSubgroups, WEBGPU_SUBGROUP_SIZES } from './subgroup-sizes.js';

/** What an exercise demands, from lesson.md and its starting file. */
export interface ExerciseRules {
  /** The starting file's source: its `//! expect` and `tolerance` lines are the checkpoints. */
  original: string;
  hidden: readonly HiddenInputSet[];
  clean: readonly string[];
}

export function exerciseRules(ref: Pick<ExampleRef, 'hidden' | 'clean'>, original: string): ExerciseRules {
  // A kernel with subgroup operations must hold at every subgroup size WebGPU allows, not
  // only the simulator's 32 of the shown run: each other size is one more hidden set, the
  // shown inputs run at that size against the solution at that size.
  const sizes = usesSubgroups(original)
    ? WEBGPU_SUBGROUP_SIZES.filter((n) => n !== 32).map((n) => ({
        label: `subgroups of ${n} lanes`,
        directives: [],
        line: 0,
        subgroupSize: n,
      }))
    : [];
  return { original, hidden: [...(ref.hidden ?? []), ...sizes], clean: ref.clean ?? [] };
}

/** The outcome of one hidden input set. */
export interface HiddenOutcome {
  label: string;
  ok: boolean;
  /** Why it failed: "element 3 of binding 1 is 0, the solution gives -12.5". */
  detail?: string;
}

/** The learner's run on the shown data, as far as the verdict needs it. */
export interface ShownRun {
  compiled: boolean;
  expects: readonly { ok: boolean; line: number }[];
}

export interface VerdictInput {
  rules: ExerciseRules;
  /** The learner's code as run. */
  code: string;
  run: ShownRun;
  /** One per hidden set of the rules, in order (the caller stops early on a failure: fewer is allowed). */
  hidden: readonly HiddenOutcome[];
  /** Check's report of the learner's code; undefined when Check could not run. */
  report: CheckReport | undefined;
  /** Who judged the shader, mid-sentence: "the compiler", "the simulator's WGSL front end". */
  judge: string;
}

export interface Verdict {
  solved: boolean;
  /** One line for the output panel, or the CLI. */
  text: string;
}

/** Check ids with the words a verdict uses for their findings. */
const FINDING_WORDS: Record<string, [one: string, many: string]> = {
  'data-race': ['race', 'races'],
  'bank-conflict': ['bank conflict', 'bank conflicts'],
  'never-written-read': ['read of never-written memory', 'reads of never-written memory'],
  'out-of-bounds': ['out-of-bounds access', 'out-of-bounds accesses'],
  'barrier-divergence': ['barrier divergence', 'barrier divergences'],
  'atomic-ordering': ['atomic-ordering problem', 'atomic-ordering problems'],
  'spin-wait': ['spin-wait', 'spin-waits'],
};

const counted = (n: number, kind: string) => {
  const [one, many] = FINDING_WORDS[kind] ?? [kind, kind];
  return `${n} ${n === 1 ? one : many}`;
};

const notSolved = (why: string): Verdict => ({ solved: false, text: `Not solved yet: ${why}` });

/** A checkpoint as a comparable key: binding, range, field path and values (not its line). */
function checkpointKey(e: ExpectSpec): string {
  const path = e.path?.map((p) => (p.kind === 'field' ? `.${p.name}` : `[${p.index}]`)).join('') ?? '';
  return `${e.group}:${e.binding}[${e.start}..${e.end}]${path}=${e.values.join(',')}`;
}

/**
 * Where the learner's checkpoints differ from the exercise's (a line edited, removed or
 * added, or the tolerance changed), or undefined when they are the same.
 */
export function checkpointsChanged(original: string, code: string): string | undefined {
  const a = parseHarness(original).harness;
  const b = parseHarness(code).harness;
  const keys = (h: Harness) => h.expects.map(checkpointKey);
  const mine = keys(b);
  const theirs = keys(a);
  const extra = b.expects.find((e) => !theirs.includes(checkpointKey(e)));
  if (extra) return `the checkpoint on line ${extra.line} is not one of the exercise's (Reset restores them)`;
  if (theirs.some((k) => !mine.includes(k))) return 'a checkpoint of the exercise was removed or changed (Reset restores them)';
  if (a.tolerance?.ulps !== b.tolerance?.ulps) return "the tolerance line differs from the exercise's (Reset restores it)";
  return undefined;
}

/** The findings of `kind` in a report: diagnostics of any severity, or conflicted bank sites. */
function findingsOf(report: CheckReport, kind: string): number {
  if (kind === 'bank-conflict') return report.bankConflicts.filter((s) => s.maxWays > 1).length;
  return report.diagnostics.filter((d) => d.kind === kind).length;
}

/**
 * What keeps Check's report from counting as clean for this exercise, or undefined. The
 * caller may skip the hidden sets when this already says no.
 */
export function checkVerdict(rules: ExerciseRules, report: CheckReport | undefined, judge: string): string | undefined {
  if (!report) return 'every checkpoint passes, but Check could not run.';
  if (!report.compile.ok) return `every checkpoint passes, but ${judge} rejects the shader.`;
  const taught = rules.clean.map((k) => [k, findingsOf(report, k)] as const).filter(([, n]) => n > 0);
  if (taught.length)
    return `every checkpoint passes, but Check finds ${taught.map(([k, n]) => counted(n, k)).join(' and ')}, which this lesson teaches to avoid (press Check to see where).`;
  const { errors, races } = report.summary;
  if (errors)
    return `every checkpoint passes, but Check finds ${races ? counted(races, 'data-race') : `${errors} error${errors === 1 ? '' : 's'}`} (press Check to see where).`;
  return undefined;
}

export function exerciseVerdict(input: VerdictInput): Verdict {
  const { rules, run, report } = input;
  const changed = checkpointsChanged(rules.original, input.code);
  if (changed) return notSolved(changed);
  if (!run.compiled) return notSolved(`${input.judge} rejects the shader.`);
  const failed = run.expects.filter((e) => !e.ok);
  if (!run.expects.length) return notSolved('the exercise has no checkpoint to pass.');
  if (failed.length) return notSolved(`${failed.length} of ${run.expects.length} checkpoints fail.`);
  const checkProblem = checkVerdict(rules, report, input.judge);
  if (checkProblem) return notSolved(checkProblem);
  const badHidden = input.hidden.find((h) => !h.ok);
  if (badHidden)
    return notSolved(
      `every checkpoint passes on the shown data, but not on hidden test data (${badHidden.label})${badHidden.detail ? `: ${badHidden.detail}` : ''}.`,
    );
  if (input.hidden.length < rules.hidden.length) return notSolved('the hidden test data could not be run.');
  const sets = rules.hidden.filter((h) => h.subgroupSize === undefined).length;
  const sizes = rules.hidden.flatMap((h) => (h.subgroupSize === undefined ? [] : [h.subgroupSize]));
  const data =
    (sets ? ` and on ${sets} hidden input set${sets === 1 ? '' : 's'}` : '') +
    (sizes.length ? `, with subgroups of 32 lanes and of ${sizes.slice(0, -1).join(', ')} and ${sizes.at(-1)}` : '');
  return { solved: true, text: `Solved: every checkpoint passes on the shown data${data}, and Check is clean.` };
}

/**
 * `source` with a hidden set's inputs: its `buffer`/`uniform` lines replace the lines for
 * the same bindings (or are added at the end), and the checkpoints and tolerance are
 * blanked (their values belong to the shown data). Line numbers stay as they were.
 */
export function withHiddenInputs(source: string, set: Pick<HiddenInputSet, 'directives'>): string {
  const lines = source.split(/\r\n|\n|\r/);
  const h = parseHarness(source).harness;
  const lineOf = (d: string): number | undefined => {
    const spec = parseHarness(`//! ${d}`).harness;
    const b = spec.buffers[0] ?? spec.uniforms[0];
    if (!b) return undefined;
    const mine = [...h.buffers, ...h.uniforms].find((x) => x.group === b.group && x.binding === b.binding);
    return mine?.line;
  };
  const added: string[] = [];
  for (const d of set.directives) {
    const line = lineOf(d);
    if (line === undefined) added.push(`//! ${d}`);
    else lines[line - 1] = `//! ${d}`;
  }
  for (const e of h.expects) lines[e.line - 1] = '';
  if (h.tolerance) lines[h.tolerance.line - 1] = '';
  return [...lines, ...added].join('\n');
}

/** The bindings the exercise's checkpoints look at: compared whole on hidden data. */
export function checkedBindings(original: string): { group: number; binding: number }[] {
  const out: { group: number; binding: number }[] = [];
  for (const e of parseHarness(original).harness.expects)
    if (!out.some((b) => b.group === e.group && b.binding === e.binding)) out.push({ group: e.group, binding: e.binding });
  return out;
}

/** A read-back value as short as it can be written and still mean the same f32 (or integer). */
function shortest(v: number): string {
  if (!Number.isFinite(v) || Number.isInteger(v)) return String(v);
  for (let p = 1; p < 10; p++) {
    const t = Number(v.toPrecision(p));
    if (Math.fround(t) === Math.fround(v)) return String(t);
  }
  return String(v);
}

/** Compares the learner's run on a hidden set with the solution's, binding by binding. */
export function compareHidden(set: HiddenInputSet, rules: ExerciseRules, expected: RunResult, actual: RunResult): HiddenOutcome {
  const { label } = set;
  if (!expected.compile.ok) return { label, ok: false, detail: 'the solution itself does not compile (a lesson bug)' };
  if (!actual.compile.ok) return { label, ok: false, detail: 'the shader does not compile with these inputs' };
  const ulps = parseHarness(rules.original).harness.tolerance?.ulps;
  for (const { group, binding } of checkedBindings(rules.original)) {
    const want = expected.buffers.find((b) => b.group === group && b.binding === binding);
    const got = actual.buffers.find((b) => b.group === group && b.binding === binding);
    const name = `${group ? `${group}:` : ''}${binding}`;
    if (!want) return { label, ok: false, detail: `the solution has no binding ${name} (a lesson bug)` };
    if (!got || got.count !== want.count || got.type !== want.type)
      return { label, ok: false, detail: `binding ${name} is not the solution's ${want.type}[${want.count}]` };
    const spec = { group, binding, start: 0, end: want.count, values: Array.from(want.values), line: 0, column: 0, offset: 0, length: 0 };
    const r = checkExpect(spec, want.type, got.values, ulps);
    if (!r.ok) {
      const m = r.mismatches[0]!;
      const wrong = r.mismatches.length;
      return {
        label,
        ok: false,
        detail: `element ${m.index} of binding ${name} is ${shortest(m.actual)}, the solution gives ${shortest(m.expected)}${wrong > 1 ? ` (${wrong} elements differ)` : ''}`,
      };
    }
  }
  return { label, ok: true };
}

/**
 * Runs the hidden sets of an exercise with `run` (the solution, then the learner's code, on
 * each set's inputs), stopping at the first that fails. A run that throws fails its set
 * with the error's message.
 */
export async function runHiddenSets(
  rules: ExerciseRules,
  code: string,
  solution: string,
  /** Runs a source on the simulator, at a subgroup size when given (else 32). */
  run: (source: string, subgroupSize?: number) => Promise<RunResult> | RunResult,
): Promise<HiddenOutcome[]> {
  const out: HiddenOutcome[] = [];
  for (const set of rules.hidden) {
    let outcome: HiddenOutcome;
    try {
      const expected = await run(withHiddenInputs(solution, set), set.subgroupSize);
      let actual: RunResult;
      try {
        actual = await run(withHiddenInputs(code, set), set.subgroupSize);
      } catch (e) {
        outcome = { label: set.label, ok: false, detail: `the run failed: ${(e as Error).message}` };
        out.push(outcome);
        break;
      }
      outcome = compareHidden(set, rules, expected, actual);
    } catch (e) {
      outcome = { label: set.label, ok: false, detail: `the solution's run failed (a lesson bug): ${(e as Error).message}` };
    }
    out.push(outcome);
    if (!outcome.ok) break;
  }
  return out;
}
