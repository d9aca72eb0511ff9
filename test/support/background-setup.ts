// A tier's one-time set-up (the site build, the packed tarball) started by its global
// set-up without waiting for it: the run's other files start at once, and the work uses the
// cores they leave idle. The global set-up provides a folder; the work's result (a path) or
// its error lands in a marker file there, which the tier's files wait for.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const MARKER = 'set-up.json';

type Outcome = { value: string } | { error: string };

/** Runs `work` in the background and records its outcome in `folder`; the promise settles when it is recorded. */
export function startInBackground(folder: string, work: () => Promise<string>): Promise<void> {
  return work().then(
    (value) => writeFile(join(folder, MARKER), JSON.stringify({ value } satisfies Outcome)),
    (e: unknown) =>
      writeFile(join(folder, MARKER), JSON.stringify({ error: e instanceof Error ? e.message : String(e) } satisfies Outcome)),
  );
}

/**
 * Waits for the outcome recorded in `folder` and returns its value, or throws the set-up's
 * error. `what` names the set-up in errors; `hangGuardMs` bounds the wait.
 */
export async function whenSetUp(folder: string, what: string, hangGuardMs = 900_000): Promise<string> {
  const marker = join(folder, MARKER);
  const deadline = Date.now() + hangGuardMs;
  while (!existsSync(marker)) {
    if (Date.now() > deadline) throw new Error(`${what} did not finish within ${hangGuardMs / 1000} s (hang guard)`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const outcome = JSON.parse(await readFile(marker, 'utf8')) as Outcome;
  if ('error' in outcome) throw new Error(`${what} failed: ${outcome.error}`);
  return outcome.value;
}
