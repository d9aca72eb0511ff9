// WGSL as wgpu users write it: when Tint refuses a source that wgsl-lab's front end accepts
// only thanks to naga's leniencies (src/wgsl/portability.ts), Tint compiles the portable
// rewrite (the notes' edits applied). If it accepts that, the refusal was only about those
// leniencies, and the source is analyzed as naga reads it; otherwise it stays refused.
import { compileWgsl } from '../gpu/compile.js';
import { portableSource, type TextEdit } from '../wgsl/portability.js';
import { spanOfOffset } from '../diagnostics/index.js';
import { frontEndModule } from './simulate.js';
import { compileMessage, type CompileMessage } from './result.js';

/** The compile verdict for `check` (see AnalyzeOptions.compile), or undefined when the source is not naga-only. */
export async function compileAsNagaReads(
  device: GPUDevice,
  source: string,
  refusal: CompileMessage[],
): Promise<{ ok: true; messages: CompileMessage[]; asWritten: CompileMessage[] } | undefined> {
  const notes = frontEndModule(source).module?.portability ?? [];
  if (!notes.length) return undefined;
  const rewritten = portableSource(source, notes);
  if (rewritten === source) return undefined;
  const c = await compileWgsl(device, rewritten);
  if (!c.ok) return undefined;
  // The rewrite's own warnings (uniformity, …), placed back on the source as written.
  const edits = notes.flatMap((n) => n.edits);
  const messages = c.diagnostics.map(compileMessage).map((m) => onOriginal(m, source, edits));
  return { ok: true, messages, asWritten: refusal };
}

/** A message about the rewritten text, moved to the same place in the original. */
function onOriginal(m: CompileMessage, source: string, edits: readonly TextEdit[]): CompileMessage {
  if (m.line === 0) return m;
  const offset = originalOffset(m.offset, edits);
  const span = spanOfOffset(source, offset, m.length);
  return { ...m, line: span.line, column: span.column, offset: span.offset };
}

/** The offset in the original text of `offset` in the rewritten one (edits as given to portableSource). */
function originalOffset(offset: number, edits: readonly TextEdit[]): number {
  let shift = 0;
  const seen = new Set<string>();
  for (const e of [...edits].sort((a, b) => a.offset - b.offset)) {
    const key = `${e.offset}:${e.length}:${e.text}`;
    if (e.length > 0 && seen.has(key)) continue;
    seen.add(key);
    const at = e.offset + shift;
    if (at >= offset) break;
    shift += e.text.length - e.length;
  }
  return Math.max(0, offset - shift);
}
