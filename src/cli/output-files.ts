// Writing results so that none is lost: the destination is checked before any long work
// starts (a benchmark takes minutes; failing at the end wastes them), and each file is
// written to a temporary name in the same folder and renamed over the target, so a full
// disk or a crash leaves either the old file or the new one, never an empty or torn one.
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** An output could not be written (exit code 3, distinct from "did not validate"). */
export class OutputError extends Error {
  override name = 'OutputError';
}

function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is exhausted';
    case 'ENOENT':
      return 'no such folder, and it cannot be created there';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    default:
      return err.code ?? err.message;
  }
}

/**
 * Makes sure `dir` is a folder we can create files in: creates it (and its parents) when
 * missing, refuses an existing non-folder, and proves writability by creating and removing
 * a probe file — permission bits alone do not tell (read-only mounts, ACLs, root).
 */
export async function ensureWritableDir(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (info && !info.isDirectory()) throw new OutputError(`cannot write to '${dir}': it is a file, not a folder`);
  if (!info) {
    try {
      await makeFolders(resolve(dir));
    } catch (e) {
      throw new OutputError(`cannot create the folder '${dir}': ${reason(e)}`);
    }
  }
  const probe = join(dir, `.wgsl-lab-write-test-${process.pid}`);
  try {
    const handle = await open(probe, 'wx');
    await handle.close();
  } catch (e) {
    throw new OutputError(`cannot write to '${dir}': ${reason(e)}`);
  } finally {
    await rm(probe, { force: true });
  }
}

/**
 * `mkdir -p`, one level at a time. Node's own `mkdir(…, { recursive: true })` never returns
 * for a path below /proc (it retries forever on the ENOENT the kernel gives there), so the
 * missing levels are found first and each is created once, and any error ends it.
 */
async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  let at = dir;
  while (!(await stat(at).catch(() => undefined))) {
    missing.unshift(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing) await mkdir(folder);
}

/** Whether a process of this id runs (one that exists but is not ours counts as running). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of earlier writes of `path` whose process is gone (killed
 * between writing and renaming, e.g. a kill -9 during `bench`); a live process's are kept.
 */
async function removeStaleTemps(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = name.slice(prefix.length, -'.tmp'.length);
    if (/^\d+$/.test(pid) && Number(pid) !== process.pid && !processRuns(Number(pid))) await rm(join(dirname(path), name), { force: true });
  }
}

/** Writes `data` to `path` through a temporary file beside it and a rename; stale temporary files of `path` are removed first. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  await removeStaleTemps(path);
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw new OutputError(`cannot write '${path}': ${reason(e)}`);
  }
}
