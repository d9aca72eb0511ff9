// What the server keeps of each open document, shared by the scheduler and the features.
import type { DocumentAnalysis } from '../analyze-document.js';

/** What the server keeps of a document between requests. */
export interface DocumentState {
  timer?: ReturnType<typeof setTimeout>;
  /** The version the document was opened with. */
  openedVersion?: number;
  /** The latest finished analysis, with the version of the text it was made from. */
  last?: { version: number; analysis: DocumentAnalysis };
}
