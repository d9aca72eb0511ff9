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
