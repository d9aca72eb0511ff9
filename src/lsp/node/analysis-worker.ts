// The worker thread that analyzes documents, so that a long simulation never blocks the
// server's main thread (hover, typing, cancellation stay responsive). One request at a
// time; the server stops the whole worker to cancel one.
import { parentPort } from 'node:worker_threads';
import { analyzeDocument, type AnalyzeDocumentInput, type DocumentAnalysis } from '../analyze-document.js';

export interface AnalysisRequest {
  id: number;
  input: AnalyzeDocumentInput;
}

export type AnalysisReply = { id: number; analysis: DocumentAnalysis } | { id: number; failure: string };

// A small kernel with a workgroup tile, analyzed a few times as the worker starts, so that
// the first edits do not pay for compiling the front end and simulator code (JIT warm-up).
const WARM_UP = `var<workgroup> tile: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i * 3u;
  workgroupBarrier();
  out[i] = tile[(i + 1u) % 64u] + tile[i];
}
`;
for (let k = 0; k < 3; k++) analyzeDocument({ text: WARM_UP, settings: { banks: 32, subgroupSize: 32, maxSteps: 1_000_000 } });

parentPort?.on('message', (req: AnalysisRequest) => {
  let reply: AnalysisReply;
  try {
    reply = { id: req.id, analysis: analyzeDocument(req.input) };
  } catch (e) {
    // analyzeDocument turns bad input into diagnostics; what reaches here is a defect.
    reply = { id: req.id, failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(reply);
});
