// Any error of a run or a check as Diagnostics (plain data): they cross the worker
// boundary intact, the panel lists them and the editor marks their spans. The same
// conversion as the CLI's (diagnosticsOf), so the lab and `wgsl-lab run` describe
// failures alike.
import { diagnosticsOf, type Diagnostic } from '../../diagnostics/index.js';

/** A failure as the lab shows it: one of the diagnostic model's Diagnostics. */
export type Problem = Diagnostic;

export function problemsOf(e: unknown): Problem[] {
  return diagnosticsOf(e);
}
