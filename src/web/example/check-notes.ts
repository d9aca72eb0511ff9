// Check's notes as the lab lists them: only those about this kernel (which workgroups were
// simulated, what was synthesized), each once. The model notes every report carries are
// shown once, in the legend under the output (check-legend.ts).
import { MODEL_NOTES } from '../../checks/model-notes.js';

export function kernelNotes(notes: readonly string[] | undefined): string[] {
  const model = new Set(MODEL_NOTES);
  return [...new Set(notes ?? [])].filter((n) => !model.has(n));
}
