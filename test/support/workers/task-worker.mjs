// A tiny worker for the supervisor's tests: each message names what to do, and the answer
// says which thread did it and how many tasks that thread had done before.
import { parentPort, threadId } from 'node:worker_threads';

let done = 0;
let kept;

parentPort.on('message', (m) => {
  const answer = (value) => parentPort.postMessage({ id: m.id, value, thread: threadId, before: done++ });
  switch (m.op) {
    case 'echo':
      return answer(m.value);
    case 'later':
      return setTimeout(() => answer(m.value), m.ms);
    case 'keep':
      kept = m.value;
      return answer(m.value);
    case 'kept':
      return answer(kept);
    case 'throw':
      throw new Error(`boom: ${m.value}`);
    case 'exit':
      return process.exit(m.value);
    case 'spin':
      for (;;);
  }
});
