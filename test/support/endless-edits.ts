// Endless kernels made of an example of every lesson, the edits learners make: a loop bound
// an unsigned value always meets, a loop without its increment, a spin on data nothing
// changes. The pre-flight must refuse each before the GPU (test/endless-lessons.test.ts, all
// of them, in Node); test/browser/endless-lessons.test.ts takes some through the whole
// Run, Stop, reload and run-again sequence in Chromium.
import { lessonFile } from './lessons.js';

/** The 1-based line of the first line holding `text` (0 when none does). */
export const lineOf = (code: string, text: string): number => code.split('\n').findIndex((l) => l.includes(text)) + 1;

/** `code` with `from` replaced, which must be there (a lesson edit that no longer applies fails here). */
function edited(code: string, from: string, to: string): string {
  if (!code.includes(from)) throw new Error(`the lesson no longer has '${from}'`);
  return code.replace(from, to);
}

/** A counter that waits for `always` to fail, put first in the entry point `fn`: `u >= 0u` always holds. */
function spinning(code: string, fn: string): string {
  const open = code.indexOf('{\n', code.indexOf(`fn ${fn}(`));
  if (open < 0) throw new Error(`no entry point ${fn}`);
  return `${code.slice(0, open + 2)}  var spins = 0u;\n  while (spins >= 0u) { spins = spins + 1u; }\n${code.slice(open + 2)}`;
}

export interface EndlessEdit {
  slug: string;
  file: string;
  /** The endless edit of the lesson's file. */
  code: string;
  /** Where the pre-flight says the loop is. */
  loopLine: number;
}

function endless(slug: string, file: string, make: (original: string) => string, loopText: string): EndlessEdit {
  const code = make(lessonFile(`${slug}/${file}`));
  return { slug, file, code, loopLine: lineOf(code, loopText) };
}

/** One endless edit per lesson. */
export const ENDLESS_EDITS: EndlessEdit[] = [
  endless('01-first-kernel', 'square.wgsl', (c) => spinning(c, 'square'), 'while (spins >= 0u)'),
  endless('02-workgroup-memory', 'neighbour-average.wgsl', (c) => spinning(c, 'neighbour_average'), 'while (spins >= 0u)'),
  endless('03-bank-conflicts', 'strided-access.wgsl', (c) => spinning(c, 'strided'), 'while (spins >= 0u)'),
  endless('04-reduction', 'sum-workgroup.wgsl', (c) => edited(c, 'half > 0u;', 'half >= 0u;'), 'half >= 0u;'),
  endless('05-barriers', 'smoothing.wgsl', (c) => edited(c, 's < n; s++)', 's < n; )'), 's < n; )'),
  endless('06-whats-next', 'blelloch-scan.wgsl', (c) => edited(c, 'width > 0u;', 'width >= 0u;'), 'width >= 0u;'),
  endless('07-matmul', 'naive.wgsl', (c) => edited(c, 'k < K; k++)', 'k < K; )'), 'k < K; )'),
  endless('08-subgroups', 'sum-workgroup.wgsl', (c) => edited(c, 'half > 0u;', 'half >= 0u;'), 'half >= 0u;'),
];
