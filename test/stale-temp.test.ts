// Results are written through a temporary file and a rename; a process killed between the
// two (kill -9 during `bench`) leaves its `.NAME.PID.tmp`, which the next write of that
// file removes. A temporary file of a process that still runs is left alone.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeFileAtomic } from '../src/cli/output-files.js';

let dir: string | undefined;
afterAll(async () => void (dir && (await rm(dir, { recursive: true, force: true }))));

it('the next write removes the temporary files of killed writers, not those of live ones', async () => {
  dir = await mkdtemp(join(tmpdir(), 'wgsl-lab-stale-'));
  // No process has an id above the kernel's pid_max (at most 2^22).
  const dead = `.results.json.${2 ** 22 + 7}.tmp`;
  const live = `.results.json.${process.ppid}.tmp`;
  const other = `.other.json.${2 ** 22 + 7}.tmp`;
  for (const name of [dead, live, other]) await writeFile(join(dir, name), 'partial');
  await writeFileAtomic(join(dir, 'results.json'), '{"ok":true}');
  expect((await readdir(dir)).sort()).toEqual([live, other, 'results.json'].sort());
  expect(await readFile(join(dir, 'results.json'), 'utf8')).toBe('{"ok":true}');
});
