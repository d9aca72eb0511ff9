// The lesson format. A lesson is a folder `lessons/NN-slug/` holding `lesson.md` and the
// .wgsl files it uses. lesson.md is Markdown with a front matter and three block kinds:
//
//   ---
//   title: Workgroup memory and barriers
//   summary: One sentence for the index.
//   ---
//   Markdown prose …
//
//   ::: example neighbour-average.wgsl
//   ::: example neighbour-average-no-barrier.wgsl racy
//   ::: exercise neighbour-max.wgsl predict  (the starting point; neighbour-max.solution.wgsl beside it)
//   hint: An exercise's hints follow it, one `hint:` line each (Markdown), revealed one by one.
//   hidden (distinct neighbours): buffer 0 f32[1000] = random() * 2000 - 1000; buffer 1 f32[1000]
//   clean: data-race, out-of-bounds
//   ::: example barrier-in-branch.wgsl rejects=13:49
//
//   ::: answer neighbour-max.wgsl
//   Prose that gives away a prediction exercise's answer: shown once the learner committed
//   a prediction for every exercise named.
//   :::
//
//   ::: question
//   Why is the barrier needed between the phases but not at the end?
//   ---
//   The model answer, revealed on request.
//   :::
//
//   ::: diagram sum-workgroup.wgsl reduction
//
// A diagram block animates a recording of one of the lesson's kernels (the lab's Watch
// recorder, workgroup 0): KIND is one of DIAGRAM_KINDS (docs/lessons.md).
//
// Flags after an example's file: `racy` (the kernel has a data race on purpose: its
// expectations are not guaranteed on a GPU, and `check` must report the race),
// `rejects=LINE:COL` (the compiler must reject it with an error at that place),
// `toggle-barrier` (the lab offers a switch that removes the barriers), `timing`
// (the lab shows a repeated-dispatch timing control), `predict` (an exercise whose
// checkpoints are the answer to a prediction: the lab hides them until the learner commits),
// `flops=N` (with `timing`: one dispatch does N floating-point operations, so the lab shows
// GFLOP/s beside the time).
//
// What "Solved" demands of an exercise (src/lessons/solved.ts; docs/lessons.md): `hidden
// (LABEL): DIRECTIVES` lines give input sets the learner never sees, as header `buffer` and
// `uniform` directives separated by `;` that replace the exercise's lines for the same
// bindings; the solution run on them gives the values every checked binding must hold.
// `clean: KIND, …` names the Check findings the lesson teaches are wrong: any finding of
// those kinds, a warning or a benign race included, keeps the exercise unsolved (errors
// always do). The format is parsed here, in environment-neutral code, so the CLI
// (`lessons --verify`) and the lab read it alike.
import { LocatedError, lineSpan, type SourceSpan } from '../diagnostics/index.js';
import { parseHarness } from '../harness/index.js';

export interface LessonMeta {
  title: string;
  summary: string;
}

export interface ExampleRef {
  kind: 'example' | 'exercise';
  file: string;
  racy: boolean;
  rejects?: { line: number; column: number };
  toggleBarrier: boolean;
  timing: boolean;
  /** Floating-point operations of one dispatch (`flops=N`, needs `timing`): the lab shows GFLOP/s. */
  flops?: number;
  /** An exercise whose checkpoints answer a prediction the learner makes first. */
  predict?: boolean;
  /** An exercise's hints (Markdown), in the order they are revealed. */
  hints?: string[];
  /** An exercise's hidden input sets, checked against its solution before it counts as solved. */
  hidden?: HiddenInputSet[];
  /** Check finding kinds (check ids) that keep an exercise unsolved at any severity. */
  clean?: string[];
  /** Line of the directive in lesson.md. */
  line: number;
}

/** `hidden (LABEL): buffer 0 f32[1000] = …; buffer 1 f32[1000]`: inputs the learner never sees. */
export interface HiddenInputSet {
  /** What the set tests, for the verdict: "negative numbers". */
  label: string;
  /** Header directives without `//!`, each a `buffer` or `uniform` line. */
  directives: string[];
  /** Line of the `hidden` line in lesson.md (0 for the sets the verdict adds itself). */
  line: number;
  /** The simulated subgroup size of the set's runs (src/lessons/solved.ts adds these); 32 when absent. */
  subgroupSize?: number;
}

/**
 * The check ids a `clean:` line may name (src/checks/registry.ts; a test keeps the two
 * lists equal). Spelled out here so that the lesson format stays free of the analyzer.
 */
export const CHECK_KINDS = [
  'data-race',
  'bank-conflict',
  'never-written-read',
  'out-of-bounds',
  'barrier-divergence',
  'atomic-ordering',
  'spin-wait',
] as const;

/** What an animated diagram shows of a recording: tile loads, barrier phases, a reduction tree, a scan's sweeps. */
export const DIAGRAM_KINDS = ['tile', 'phases', 'reduction', 'scan'] as const;
export type DiagramKind = (typeof DIAGRAM_KINDS)[number];

export interface DiagramRef {
  /** The kernel whose recording the diagram shows, a .wgsl file of the lesson. */
  file: string;
  view: DiagramKind;
  /** Line of the directive in lesson.md. */
  line: number;
}

export type LessonBlock =
  | { kind: 'markdown'; text: string }
  | { kind: 'example'; ref: ExampleRef }
  | { kind: 'question'; prompt: string; answer: string; line: number }
  /** Prose revealing the answer of the prediction exercises `files`, hidden until each is committed. */
  | { kind: 'answer'; files: string[]; text: string; line: number }
  | { kind: 'diagram'; ref: DiagramRef };

export interface ParsedLesson {
  meta: LessonMeta;
  blocks: LessonBlock[];
}

/** A malformed lesson.md: `loc` is the offending line of `file` (not of a .wgsl file). */
export class LessonFormatError extends LocatedError {
  override name = 'LessonFormatError';
  declare readonly loc: SourceSpan;
  constructor(
    readonly file: string,
    loc: SourceSpan,
    message: string,
  ) {
    super('input', message, loc);
  }
}

export function parseLesson(text: string, file = 'lesson.md'): ParsedLesson {
  const lines = text.split(/\r\n|\n|\r/);
  let i = 0;
  const fail = (line: number, msg: string): never => {
    throw new LessonFormatError(file, lineSpan(text, line), msg);
  };
  const meta: Partial<LessonMeta> = {};
  if (lines[0] !== '---') fail(1, "a lesson starts with front matter: a '---' line, 'title: …' and 'summary: …', then '---'");
  i = 1;
  for (; i < lines.length && lines[i] !== '---'; i++) {
    const m = /^(\w+):\s*(.*)$/.exec(lines[i]!);
    if (!m) fail(i + 1, `expected 'key: value' in the front matter, found '${lines[i]}'`);
    if (m![1] !== 'title' && m![1] !== 'summary') fail(i + 1, `unknown front matter key '${m![1]}' (title, summary)`);
    meta[m![1] as keyof LessonMeta] = m![2]!;
  }
  if (i >= lines.length) fail(1, "the front matter has no closing '---'");
  if (!meta.title) fail(1, 'the front matter needs a title');
  i++;

  const blocks: LessonBlock[] = [];
  let prose: string[] = [];
  const flush = () => {
    const t = prose.join('\n').trim();
    if (t) blocks.push({ kind: 'markdown', text: t });
    prose = [];
  };
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const m = /^:::\s*(\w+)\s*(.*)$/.exec(line);
    if (!m) {
      prose.push(line);
      continue;
    }
    flush();
    const [, kind, rest] = m as unknown as [string, string, string];
    if (kind === 'example' || kind === 'exercise') {
      const [fileName, ...flags] = rest.trim().split(/\s+/);
      if (!fileName || !fileName.endsWith('.wgsl')) fail(i + 1, `'::: ${kind}' needs a .wgsl file name`);
      const ref: ExampleRef = { kind, file: fileName!, racy: false, toggleBarrier: false, timing: false, line: i + 1 };
      for (const f of flags) {
        if (f === 'racy') ref.racy = true;
        else if (f === 'toggle-barrier') ref.toggleBarrier = true;
        else if (f === 'timing') ref.timing = true;
        else if (f === 'predict' && kind === 'exercise') ref.predict = true;
        else if (/^flops=\d+$/.test(f)) {
          const flops = Number(f.slice(6));
          if (!Number.isSafeInteger(flops) || flops <= 0) fail(i + 1, `'${f}': flops must be a whole number from 1 to 2^53 - 1`);
          ref.flops = flops;
        } else if (/^rejects=\d+:\d+$/.test(f)) {
          const [l, c] = f.slice(8).split(':').map(Number);
          ref.rejects = { line: l!, column: c! };
        } else
          fail(
            i + 1,
            `unknown ${kind} flag '${f}' (racy, rejects=LINE:COL, toggle-barrier, timing, flops=N${kind === 'exercise' ? ', predict' : ''})`,
          );
      }
      if (ref.flops !== undefined && !ref.timing) fail(i + 1, "'flops=N' gives the GFLOP/s of the timing control: add the 'timing' flag");
      for (let m: RegExpExecArray | null; (m = /^(hint(?=:)|clean(?=:)|hidden(?=\s*\())(.*)$/.exec(lines[i + 1] ?? '')); i++) {
        const at = i + 2;
        if (kind !== 'exercise') fail(at, `only an exercise has '${m[1]}' lines: they follow '::: exercise FILE'`);
        if (m[1] === 'hint') {
          const text = /^:\s*(.*)$/.exec(m[2]!)?.[1]?.trim();
          if (!text) fail(at, "an empty 'hint:' line");
          (ref.hints ??= []).push(text!);
        } else if (m[1] === 'hidden') (ref.hidden ??= []).push(parseHidden(m[2]!, at, fail));
        else {
          if (ref.clean) fail(at, "a second 'clean:' line; list every kind on one");
          ref.clean = parseClean(m[2]!, at, fail);
        }
      }
      blocks.push({ kind: 'example', ref });
    } else if (kind === 'question') {
      const start = i + 1;
      const prompt: string[] = [];
      const answer: string[] = [];
      let target = prompt;
      for (i++; i < lines.length && lines[i]!.trim() !== ':::'; i++) {
        if (lines[i]!.trim() === '---' && target === prompt) target = answer;
        else target.push(lines[i]!);
      }
      if (i >= lines.length) fail(start, "'::: question' has no closing ':::'");
      if (!answer.join('').trim()) fail(start, "a question needs a model answer after a '---' line");
      blocks.push({ kind: 'question', prompt: prompt.join('\n').trim(), answer: answer.join('\n').trim(), line: start });
    } else if (kind === 'answer') {
      const start = i + 1;
      const files = rest.trim().split(/\s+/).filter(Boolean);
      if (!files.length) fail(start, "'::: answer' names the prediction exercise(s) it answers: '::: answer FILE.wgsl'");
      for (const f of files) {
        const ex = blocks.find((b) => b.kind === 'example' && b.ref.file === f);
        if (!ex || ex.kind !== 'example' || !ex.ref.predict)
          fail(start, `'::: answer' names '${f}', which is not a prediction exercise ('::: exercise ${f} predict') above it`);
      }
      const text: string[] = [];
      for (i++; i < lines.length && lines[i]!.trim() !== ':::'; i++) text.push(lines[i]!);
      if (i >= lines.length) fail(start, "'::: answer' has no closing ':::'");
      if (!text.join('').trim()) fail(start, "'::: answer' is empty");
      blocks.push({ kind: 'answer', files, text: text.join('\n').trim(), line: start });
    } else if (kind === 'diagram') {
      const [fileName, view, ...extra] = rest.trim().split(/\s+/);
      if (!fileName || !fileName.endsWith('.wgsl')) fail(i + 1, "'::: diagram' needs a .wgsl file name, then a kind");
      if (!DIAGRAM_KINDS.includes(view as DiagramKind))
        fail(i + 1, `'::: diagram ${fileName}' needs a kind: ${DIAGRAM_KINDS.join(', ')}${view ? ` (found '${view}')` : ''}`);
      if (extra.length) fail(i + 1, `unexpected '${extra.join(' ')}' after '::: diagram ${fileName} ${view}'`);
      blocks.push({ kind: 'diagram', ref: { file: fileName!, view: view as DiagramKind, line: i + 1 } });
    } else {
      fail(i + 1, `unknown block '::: ${kind}' (example, exercise, question, answer, diagram)`);
    }
  }
  flush();
  return { meta: { title: meta.title!, summary: meta.summary ?? '' }, blocks };
}

type Fail = (line: number, msg: string) => never;

/** `(LABEL): DIRECTIVE; DIRECTIVE`, each directive a header `buffer` or `uniform` line. */
function parseHidden(rest: string, line: number, fail: Fail): HiddenInputSet {
  const m = /^\s*\(([^)]*)\):\s*(.*)$/.exec(rest);
  if (!m || !m[1]!.trim()) fail(line, "a hidden input set is 'hidden (WHAT IT TESTS): buffer …; buffer …'");
  const directives = m![2]!
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  if (!directives.length) fail(line, `hidden input set '${m![1]!.trim()}' has no directives: 'buffer …' or 'uniform …', separated by ';'`);
  for (const d of directives) {
    if (!/^(buffer|uniform)\s/.test(d)) fail(line, `a hidden input set holds only 'buffer' and 'uniform' directives, found '${d}'`);
    const errors = parseHarness(`//! ${d}`).errors;
    if (errors.length) fail(line, `hidden input set '${m![1]!.trim()}': '${d}': ${errors[0]!.message}`);
  }
  return { label: m![1]!.trim(), directives, line };
}

/** `: data-race, bank-conflict`: check ids. */
function parseClean(rest: string, line: number, fail: Fail): string[] {
  const m = /^:\s*(.*)$/.exec(rest);
  const kinds = (m?.[1] ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (!kinds.length) fail(line, `'clean:' lists check kinds (${CHECK_KINDS.join(', ')})`);
  for (const k of kinds)
    if (!(CHECK_KINDS as readonly string[]).includes(k)) fail(line, `unknown check kind '${k}' in 'clean:' (${CHECK_KINDS.join(', ')})`);
  return kinds;
}

/** An exercise `NAME.wgsl` is the learner's starting point; its solution is `NAME.solution.wgsl`. */
export function solutionFileName(exerciseFile: string): string {
  return exerciseFile.replace(/\.wgsl$/, '.solution.wgsl');
}

/** All example references of a lesson, in order. */
export function lessonExamples(lesson: ParsedLesson): ExampleRef[] {
  return lesson.blocks.flatMap((b) => (b.kind === 'example' ? [b.ref] : []));
}
