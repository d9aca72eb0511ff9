// Reads the lessons folder from disk (Node only): every lesson with its parsed text and
// the source of each example it references.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lineSpan } from '../diagnostics/index.js';
import { LessonFormatError, lessonExamples, parseLesson, solutionFileName, type ExampleRef, type ParsedLesson } from './format.js';

export interface LoadedExample extends ExampleRef {
  path: string;
  source: string;
  /** An exercise's solution, `NAME.solution.wgsl` beside its starting point `NAME.wgsl`. */
  solution?: { path: string; source: string };
}

export interface LoadedLesson {
  slug: string;
  dir: string;
  lesson: ParsedLesson;
  examples: LoadedExample[];
}

export async function loadLessons(root: string): Promise<LoadedLesson[]> {
  const names = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
    .map((d) => d.name)
    .sort();
  const out: LoadedLesson[] = [];
  for (const slug of names) {
    const dir = join(root, slug);
    const mdPath = join(dir, 'lesson.md');
    const text = await readFile(mdPath, 'utf8');
    const lesson = parseLesson(text, mdPath);
    const examples: LoadedExample[] = [];
    for (const ref of lessonExamples(lesson)) {
      const path = join(dir, ref.file);
      let source: string;
      try {
        source = await readFile(path, 'utf8');
      } catch {
        throw new LessonFormatError(mdPath, lineSpan(text, ref.line), `example '${ref.file}' does not exist in ${dir}`);
      }
      const example: LoadedExample = { ...ref, path, source };
      if (ref.kind === 'exercise') {
        const solutionPath = join(dir, solutionFileName(ref.file));
        try {
          example.solution = { path: solutionPath, source: await readFile(solutionPath, 'utf8') };
        } catch {
          throw new LessonFormatError(
            mdPath,
            lineSpan(text, ref.line),
            `exercise '${ref.file}' has no solution: '${solutionFileName(ref.file)}' does not exist in ${dir}`,
          );
        }
      }
      examples.push(example);
    }
    // A diagram records one of the lesson's kernels: its file must be there too.
    for (const b of lesson.blocks) {
      if (b.kind !== 'diagram') continue;
      try {
        await readFile(join(dir, b.ref.file), 'utf8');
      } catch {
        throw new LessonFormatError(mdPath, lineSpan(text, b.ref.line), `diagram '${b.ref.file}' does not exist in ${dir}`);
      }
    }
    out.push({ slug, dir, lesson, examples });
  }
  return out;
}
