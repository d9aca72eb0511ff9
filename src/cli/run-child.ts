// The child process of run-isolated.ts: runs the one file its parent sends on a GPU device
// of its own, sends the outcome back and exits. Exiting ends every thread the GPU driver
// started for the file, a kernel that never ends included, which a process cannot do for
// itself on a software adapter.
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { runFile } from './run-file.js';
import type { ChildRequest } from './run-isolated.js';

process.once('message', (message) => {
  const request = message as ChildRequest;
  const session = new GpuSession(nodeGpuProvider(), { timeoutSeconds: request.timeoutSeconds });
  void runFile(request.file, request.options, session, request.source).then((outcome) => {
    process.send!(outcome, () => process.exit(0));
  });
});
