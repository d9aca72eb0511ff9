// A script that runs one task on a supervisor it never closes, then prints the answer: the
// process must end on its own (an idle worker does not keep it alive).
import { WorkerSupervisor } from '../../../src/workers/supervisor.js';
import { threadWorkers } from '../../../src/workers/node/thread-worker.js';

const file = process.argv[2]!;
const pool = new WorkerSupervisor<{ op: string; value: unknown; ms?: number }, { id: number; value: unknown }>({
  spawn: threadWorkers(file),
  slots: 2,
});
const reply = await pool.run({ op: 'later', value: 'answered', ms: 50 });
console.log(reply.value);
