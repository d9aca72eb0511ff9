// `wgsl-lab lessons [--verify] [--sim] [--json]`: lists the lessons and their examples, or
// runs every example and checks it against its lesson's claims.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { LessonFormatError, solutionFileName } from '../lessons/format.js';
import { loadLessons } from '../lessons/load.js';
import { judgeExample, type ExampleVerdict } from '../lessons/verify.js';
import { exerciseVerdictOnSimulator, judgeSolution, judgeStartingPoint, startingPointNeedsCheck } from '../lessons/verify-exercise.js';
import { judgeAtEverySize, usesSubgroups } from '../lessons/subgroup-sizes.js';
import { runOnGpuFromSource } from '../runner/run-gpu.js';
import type { RunResult } from '../runner/result.js';
import { describeFailure } from './errors.js';
import { toJson } from '../report/json.js';

export const LESSONS_USAGE = `usage: wgsl-lab lessons [--verify] [--sim] [--json] [--dir DIR]
  Lists the lessons and their examples. --verify runs every example (on the GPU, or the
  simulator with --sim) and checks it: checkpoints pass, rejected shaders are rejected at
  the stated line:column, an exercise's solution passes and its starting point does not.
  With --sim, a shader that enables subgroups is judged with subgroups of 4, 8, 16, 32, 64
  and 128 lanes (the GPU has its own size). Exit 0 when all hold, 1 otherwise.`;

export const LESSONS_DIR = fileURLToPath(new URL('../../lessons', import.meta.url));

export async function lessonsCommand(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      verify: { type: 'boolean' },
      sim: { type: 'boolean' },
      json: { type: 'boolean' },
      dir: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(LESSONS_USAGE);
    return 0;
  }
  const dir = values.dir ?? LESSONS_DIR;
  let lessons;
  try {
    lessons = await loadLessons(dir);
  } catch (e) {
    // A malformed lesson.md is bad input (exit 2) at its line, not a crash.
    if (e instanceof LessonFormatError) {
      io.err(describeFailure(e, e.file).lines.join('\n'));
      return 2;
    }
    // A missing or unreadable folder or lesson.md: say which, not a stack trace.
    const err = e as NodeJS.ErrnoException;
    if (!err.code || !err.syscall) throw e;
    const what = err.code === 'ENOENT' ? 'no such file or folder' : err.code === 'ENOTDIR' ? 'not a folder' : err.code;
    io.err(`wgsl-lab lessons: cannot read the lessons in '${dir}': ${what}${err.path && err.path !== dir ? ` ('${err.path}')` : ''}`);
    return 2;
  }
  if (!lessons.length) {
    io.err(`wgsl-lab lessons: '${dir}' holds no lesson (a folder named like 01-name with a lesson.md)`);
    return 2;
  }
  if (!values.verify) {
    if (values.json) {
      io.out(toJson(lessons.map((l) => ({ slug: l.slug, title: l.lesson.meta.title, examples: l.examples.map((e) => e.file) }))));
      return 0;
    }
    for (const l of lessons) {
      io.out(`${l.slug}: ${l.lesson.meta.title}`);
      for (const e of l.examples)
        io.out(
          `  ${e.kind === 'exercise' ? 'exercise' : 'example '} ${e.file}${e.racy ? ' (racy on purpose)' : ''}${e.rejects ? ' (rejected by the compiler)' : ''}`,
        );
    }
    return 0;
  }
  const session = new GpuSession(nodeGpuProvider());
  const runSource = async (source: string, path: string, subgroupSize?: number): Promise<RunResult> => {
    if (!values.sim) return runOnGpuFromSource(session, source, { file: path });
    const { runOnSimulatorFromSource } = await import('../runner/run-sim.js');
    return runOnSimulatorFromSource(source, { file: path, subgroupSize });
  };
  /**
   * `judge` of a run of `source`; on the simulator at every subgroup size when the shader
   * uses subgroups and is meant to run (a compiler's refusal does not depend on the size).
   */
  const judged = (source: string, path: string, judge: (r: RunResult) => ExampleVerdict, runs = true): Promise<ExampleVerdict> =>
    values.sim && runs && usesSubgroups(source)
      ? judgeAtEverySize(async (size) => judge(await runSource(source, path, size)))
      : runSource(source, path).then(judge);
  const report: { lesson: string; file: string; ok: boolean; summary: string }[] = [];
  const record = (lesson: string, file: string, path: string, judge: () => Promise<ExampleVerdict>) =>
    judge()
      .catch((err: unknown) => ({ ok: false, summary: describeFailure(err, path).lines.join(' ') }))
      .then((verdict) => {
        report.push({ lesson, file, ...verdict });
        if (!values.json) io.out(`${verdict.ok ? 'ok  ' : 'FAIL'} ${lesson}/${file}: ${verdict.summary}`);
      });
  for (const l of lessons) {
    for (const e of l.examples) {
      if (e.kind === 'exercise' && e.solution) {
        const solution = e.solution;
        await record(l.slug, e.file, e.path, async () => {
          const result = await runSource(e.source, e.path);
          if (!startingPointNeedsCheck(result)) return judgeStartingPoint(result);
          // Its checkpoints pass: the lab's whole Solved verdict decides, as on the page.
          const files = { ref: e, original: e.source, solution: solution.source };
          return judgeStartingPoint(result, await exerciseVerdictOnSimulator(files, e.source));
        });
        await record(l.slug, solutionFileName(e.file), solution.path, async () => {
          const verdict = await judged(solution.source, solution.path, (r) => judgeSolution(e, r));
          if (!verdict.ok) return verdict;
          // The lab's Solved verdict too (hidden input sets, the clean kinds), on the simulator.
          const solved = await exerciseVerdictOnSimulator({ ref: e, original: e.source, solution: solution.source }, solution.source);
          return solved.solved ? verdict : { ok: false, summary: `solution is not Solved by the lab's verdict: ${solved.text}` };
        });
      } else {
        await record(l.slug, e.file, e.path, () => judged(e.source, e.path, (r) => judgeExample(e, r), !e.rejects));
      }
    }
  }
  const failed = report.filter((r) => !r.ok).length;
  if (values.json) io.out(toJson({ ok: failed === 0, examples: report }));
  else io.out(failed ? `${failed} of ${report.length} examples FAILED` : `all ${report.length} examples verified`);
  return failed ? 1 : 0;
}
