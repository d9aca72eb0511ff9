// A worker thread of a parallel analysis: analyzes the parts it is sent, one at a time, and
// posts back what the checks found (analyze-part.ts). An exception becomes a message: the
// main thread then redoes the analysis in one piece, where the same exception is reported
// as `check` reports it.
import { parentPort } from 'node:worker_threads';
import { analyzePart, type PartRequest } from '../analyze-part.js';

parentPort!.on('message', ({ id, req }: { id: number; req: PartRequest }) => {
  try {
    parentPort!.postMessage({ id, result: analyzePart(req) });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
