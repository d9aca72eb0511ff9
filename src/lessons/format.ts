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
//   ::: example barrier-in-branch.wgsl rejects=13:49
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
// checkpoints are the answer to a prediction: the lab hides them until the learner commits). The format is parsed here, in
// environment-neutral code, so the CLI (`lessons --verify`) and the lab read it alike.
import { LocatedError, lineSpan, type SourceSpan } from '../diagnostics/index.js';

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
  /** An exercise whose checkpoints answer a prediction the learner makes first. */
  predict?: boolean;
  /** An exercise's hints (Markdown), in the order they are revealed. */
  hints?: string[];
  /** Line of the directive in lesson.md. */
  line: number;
}

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
        else if (/^rejects=\d+:\d+$/.test(f)) {
          const [l, c] = f.slice(8).split(':').map(Number);
          ref.rejects = { line: l!, column: c! };
        } else
          fail(
            i + 1,
            `unknown ${kind} flag '${f}' (racy, rejects=LINE:COL, toggle-barrier, timing${kind === 'exercise' ? ', predict' : ''})`,
          );
      }
      for (let m: RegExpExecArray | null; (m = /^hint:\s*(.*)$/.exec(lines[i + 1] ?? '')); i++) {
        if (kind !== 'exercise') fail(i + 2, "only an exercise has hints: 'hint:' follows '::: exercise FILE'");
        if (!m[1]!.trim()) fail(i + 2, "an empty 'hint:' line");
        (ref.hints ??= []).push(m[1]!.trim());
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
    } else if (kind === 'diagram') {
      const [fileName, view, ...extra] = rest.trim().split(/\s+/);
      if (!fileName || !fileName.endsWith('.wgsl')) fail(i + 1, "'::: diagram' needs a .wgsl file name, then a kind");
      if (!DIAGRAM_KINDS.includes(view as DiagramKind))
        fail(i + 1, `'::: diagram ${fileName}' needs a kind: ${DIAGRAM_KINDS.join(', ')}${view ? ` (found '${view}')` : ''}`);
      if (extra.length) fail(i + 1, `unexpected '${extra.join(' ')}' after '::: diagram ${fileName} ${view}'`);
      blocks.push({ kind: 'diagram', ref: { file: fileName!, view: view as DiagramKind, line: i + 1 } });
    } else {
      fail(i + 1, `unknown block '::: ${kind}' (example, exercise, question, diagram)`);
    }
  }
  flush();
  return { meta: { title: meta.title!, summary: meta.summary ?? '' }, blocks };
}

/** An exercise `NAME.wgsl` is the learner's starting point; its solution is `NAME.solution.wgsl`. */
export function solutionFileName(exerciseFile: string): string {
  return exerciseFile.replace(/\.wgsl$/, '.solution.wgsl');
}

/** All example references of a lesson, in order. */
export function lessonExamples(lesson: ParsedLesson): ExampleRef[] {
  return lesson.blocks.flatMap((b) => (b.kind === 'example' ? [b.ref] : []));
}
