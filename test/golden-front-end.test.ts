// Golden tests of the front end's error messages as a user sees them: each bad kernel of
// test/golden/front-end/ is run with `wgsl-lab run --sim FILE` (from that folder, so the
// file name is as typed) and its exit code, stdout and stderr must be exactly those of the
// .txt beside it: FILE:LINE:COL, the message, the source line and the caret. The first
// kernel of each kind runs the built command as a user does; the others run the command's
// entry in this process (the same output, without a Node start each). UPDATE_GOLDEN=1
// rewrites the .txt files from the current output (review the diff).
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wgslLabHere, wgslLabIn, type CliResult } from './support/cli.js';

const DIR = fileURLToPath(new URL('golden/front-end', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const kernels = readdirSync(DIR)
  .filter((f) => f.endsWith('.wgsl'))
  .sort();
const KINDS = ['syntax-', 'semantic-', 'unsupported-'];
/** The kernels run through the launcher in a process of their own: the first of each kind. */
const spawned = new Set(KINDS.map((kind) => kernels.find((f) => f.startsWith(kind))));

/** The golden text: the command, then each stream and the exit code under a marker line. */
function render(file: string, r: CliResult): string {
  const stream = (s: string) => (s.endsWith('\n') || s === '' ? s : `${s}\n`);
  return `$ wgsl-lab run --sim ${file}\n--- stdout\n${stream(r.out)}--- stderr\n${stream(r.err)}--- exit ${r.code}\n`;
}

describe('front-end errors: wgsl-lab run --sim on bad kernels (golden)', () => {
  it('covers syntax errors, semantic errors and features the simulator does not support', () => {
    expect(kernels.length).toBeGreaterThanOrEqual(25);
    for (const kind of KINDS) expect(kernels.filter((f) => f.startsWith(kind)).length, kind).toBeGreaterThanOrEqual(4);
    // Every golden belongs to a kernel.
    const txt = readdirSync(DIR).filter((f) => f.endsWith('.txt'));
    expect(txt.filter((f) => !kernels.includes(f.replace(/\.txt$/, '.wgsl')))).toEqual([]);
  });

  describe.concurrent.each(kernels)('%s', (file) => {
    // The test's own expect: concurrent tests must not share the global one.
    it('prints the located error exactly as recorded', async ({ expect }) => {
      const r = spawned.has(file) ? await wgslLabIn(DIR, 'run', '--sim', file) : await wgslLabHere({ cwd: DIR }, 'run', '--sim', file);
      // Whatever the golden says: a refusal (1: did not compile, 2: not supported), located
      // at FILE:LINE:COL on the first line, never a crash or a stack trace.
      expect(r.code, r.out + r.err).toBeGreaterThanOrEqual(1);
      expect(`${r.out}${r.err}`).toMatch(new RegExp(`^${file.replace('.', '\\.')}:\\d+:\\d+: error: `));
      expect(`${r.out}${r.err}`).not.toMatch(/internal error|\n\s+at /);
      const got = render(file, r);
      const golden = join(DIR, file.replace(/\.wgsl$/, '.txt'));
      if (UPDATE) writeFileSync(golden, got);
      expect(existsSync(golden), `${golden} is missing: run with UPDATE_GOLDEN=1 and review it`).toBe(true);
      expect(got).toBe(readFileSync(golden, 'utf8'));
    });
  });
});
