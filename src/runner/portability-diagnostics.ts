// The front end's portability notes (naga's leniencies, src/wgsl/portability.ts) as
// `portability` warnings, with what Tint said about the source as written attached as
// related information: Tint stops at its first refusal, so its message belongs to the note
// at the same place, else to the nearest note on its line, else to the first note.
import { diagnostic, spanAt, type Diagnostic, type RelatedInformation } from '../diagnostics/index.js';
import type { PortabilityNote } from '../wgsl/portability.js';
import type { CompileMessage } from './result.js';

export function portabilityDiagnostics(source: string, notes: readonly PortabilityNote[], tint: readonly CompileMessage[]): Diagnostic[] {
  const ordered = [...notes].sort((a, b) => a.loc.offset - b.loc.offset);
  const related = ordered.map((): RelatedInformation[] => []);
  for (const m of tint) {
    if (m.severity !== 'error') continue;
    const at = closest(ordered, m);
    const info = { loc: spanAt(source, m.line, m.column), message: `Tint (browsers): ${m.message}` };
    related[at >= 0 ? at : 0]!.push(info);
  }
  return ordered.map((n, i) =>
    diagnostic({ severity: 'warning', kind: 'portability', message: n.message, loc: n.loc, related: related[i]! }),
  );
}

/** The index of the note a compiler message is about (-1: none on its line). */
function closest(notes: readonly PortabilityNote[], m: CompileMessage): number {
  let best = -1;
  for (let i = 0; i < notes.length; i++) {
    const n = notes[i]!;
    if (n.loc.line !== m.line) continue;
    if (best < 0 || Math.abs(n.loc.column - m.column) < Math.abs(notes[best]!.loc.column - m.column)) best = i;
  }
  return best;
}

/** Compiler messages about the source as written that name where naga's leniencies are, for a refused `run`. */
export function portabilityHints(notes: readonly PortabilityNote[]): CompileMessage[] {
  return portabilityMessages(
    notes,
    'info',
    '. `wgsl-lab check` analyzes the file as naga (wgpu) reads it; to run it here, write it portably.',
  );
}

/** The notes as compiler warnings, for `run --sim`, which runs the source as naga reads it. */
export function portabilityWarnings(notes: readonly PortabilityNote[]): CompileMessage[] {
  return portabilityMessages(notes, 'warning', '');
}

function portabilityMessages(notes: readonly PortabilityNote[], severity: 'info' | 'warning', tail: string): CompileMessage[] {
  return [...notes]
    .sort((a, b) => a.loc.offset - b.loc.offset)
    .map((n) => ({
      severity,
      line: n.loc.line,
      column: n.loc.column,
      offset: n.loc.offset,
      length: n.loc.length,
      message: `portability: ${n.message}${tail}`,
    }));
}
