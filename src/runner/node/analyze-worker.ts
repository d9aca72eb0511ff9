// A worker thread of a parallel analysis: simulates the parts it is sent, one at a time,
// posts back which words each touched, keeps the part until the main thread asks for its
// findings (given the words it shares with other parts) or drops it (analyze-part.ts). An
// exception becomes a message: the main thread then redoes the analysis in one piece, where
// the same exception is reported as `check` reports it.
import { parentPort } from 'node:worker_threads';
import { PartRun, type PartRequest } from '../analyze-part.js';
import type { SharedWords } from '../touched-words.js';

type Message = { id: number } & ({ req: PartRequest } | { shared: SharedWords } | { drop: true });

let pending: PartRun | undefined;

parentPort!.on('message', (m: Message) => {
  try {
    if ('req' in m) {
      // Let go of the previous part first, so its memory can be reclaimed while this one is built.
      pending = undefined;
      pending = new PartRun(m.req);
      parentPort!.postMessage({ id: m.id, result: pending.result });
    } else if ('shared' in m) {
      if (!pending) throw new Error('internal: no part to finish');
      const findings = pending.finish(m.shared);
      pending = undefined;
      parentPort!.postMessage({ id: m.id, result: findings });
    } else {
      pending = undefined;
      parentPort!.postMessage({ id: m.id, result: true });
    }
  } catch (e) {
    pending = undefined;
    parentPort!.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
  }
});
