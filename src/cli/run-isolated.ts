// Runs one file of `wgsl-lab run` in a child process (run-child.ts). A software adapter
// (lavapipe, SwiftShader) cannot stop a kernel: after the watchdog gives its device up,
// the kernel goes on on the driver's threads, and every later dispatch in the process
// queues behind it and times out as well. Once that has happened, `run` sends each further
// file to a child of its own, whose exit ends whatever its kernel left running.
import { fork } from 'node:child_process';
import { constants } from 'node:os';
import type { FileOutcome, RunFileOptions } from './run-file.js';

/** What the parent sends the child: the file, its text (already read) and the run's options. */
export interface ChildRequest {
  file: string;
  source?: string;
  options: RunFileOptions;
  timeoutSeconds: number;
}

/** The child's script, next to this module (in dist/cli once built). */
const CHILD = new URL('./run-child.js', import.meta.url);

/**
 * Runs the request in a fresh child process; resolves to its outcome, or to an internal
 * failure if the child died without sending one.
 */
export function runFileInChild(request: ChildRequest): Promise<FileOutcome> {
  return new Promise((done) => {
    // Structured-clone serialization keeps the typed arrays of the buffers read back.
    const child = fork(CHILD, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let outcome: FileOutcome | undefined;
    child.once('message', (m) => (outcome = m as FileOutcome));
    child.once('error', (e) => finish(`cannot start the process that runs '${request.file}': ${e.message}`));
    child.once('exit', (code, signal) => {
      if (outcome) return done(outcome);
      const how = signal ? `signal ${signal} (${constants.signals[signal] ?? '?'})` : `code ${code}`;
      finish(`the process that ran '${request.file}' ended with ${how} before reporting`);
    });
    child.send(request);

    function finish(message: string): void {
      if (outcome) return;
      outcome = {
        kind: 'failure',
        timedOut: false,
        failure: { exitCode: 4, lines: [`${request.file}: internal error: ${message}`], json: [{ error: message, kind: 'internal' }] },
      };
      done(outcome);
    }
  });
}
