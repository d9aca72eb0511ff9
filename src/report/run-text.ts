// Human-readable output of `run`: compiler messages with source excerpts, buffers, and a
// line per expectation. Failures use FILE:LINE:COL so editors link them.
import { compilerDiagnostic } from '../diagnostics/index.js';
import { bindingName } from '../harness/index.js';
import type { CompileMessage, RunResult } from '../runner/result.js';
import { formatDiagnostic } from './diagnostic-text.js';
import { printableName } from './printable.js';
import { formatElement, formatValues } from './numbers.js';
import { formatStructBuffer } from './struct-text.js';
import { formatTextures } from './texture-text.js';

export interface RunTextOptions {
  full?: boolean;
  source: string;
  file: string;
}

export function formatCompileMessages(messages: CompileMessage[], source: string, file: string): string[] {
  return messages.flatMap((m) => formatDiagnostic(compilerDiagnostic(m), { file, source }));
}

function dims(d: [number, number, number]): string {
  return d.join('×');
}

export function formatRunResult(r: RunResult, opts: RunTextOptions): string {
  // The file's name is printed escaped: a newline or ESC in it stays on its line, inert.
  const o = { ...opts, file: printableName(opts.file) };
  const out: string[] = [];
  if (!r.compile.ok) {
    out.push(...formatCompileMessages(r.compile.messages, o.source, o.file));
    out.push(`${o.file}: the shader did not compile (${r.compile.messages.filter((m) => m.severity === 'error').length} error(s))`);
    return out.join('\n');
  }
  out.push(
    ...formatCompileMessages(
      r.compile.messages.filter((m) => m.severity === 'warning'),
      o.source,
      o.file,
    ),
  );
  const where =
    r.engine === 'simulator' ? 'the simulator' : `${r.device?.description ?? 'the GPU'}${r.device?.fallback ? ' (software)' : ''}`;
  const time = r.timing ? `, ${r.timing.ms < 1 ? r.timing.ms.toFixed(3) : r.timing.ms.toFixed(2)} ms (${r.timing.method})` : '';
  const passes = (r.passes ?? []).map((p) => `${p.entryPoint}: dispatch ${dims(p.dispatch)} of workgroup ${dims(p.workgroupSize)}`);
  out.push(`${o.file}: ran ${passes.join(', then ')} on ${where}${time}`);
  for (const b of r.buffers) {
    // An unused buffer is not allocated; its values are shown only when an expect line made them.
    if (b.unused && b.values.length === 0 && b.count > 0)
      out.push(`${bindingName(b)}: ${b.type}[${b.count}] not used by the entry point: not allocated`);
    else if (b.unused)
      out.push(
        `${bindingName(b)}: ${b.type}[${b.count}] not used by the entry point (initial values) = ${formatValues(b.values, b.type, !!o.full)}`,
      );
    else if (b.struct) out.push(...formatStructBuffer(b, b.struct, !!o.full));
    else out.push(`${bindingName(b)}${b.name ? ` ${b.name}` : ''}: ${b.type}[${b.count}] = ${formatValues(b.values, b.type, !!o.full)}`);
  }
  for (const e of r.expects) {
    const range = e.end - e.start === 1 ? `[${e.start}]` : `[${e.start}..${e.end}]`;
    // A field of a struct buffer that holds one struct (`expect 1.count`) has no range.
    const whole = e.field !== undefined && r.buffers.find((b) => b.group === e.group && b.binding === e.binding)?.struct?.single;
    const ref = `${e.group ? `${e.group}:` : ''}${e.binding}${whole ? '' : range}${e.field ?? ''}`;
    const type = e.type ?? r.buffers.find((b) => b.group === e.group && b.binding === e.binding)!.type;
    if (e.ok) {
      out.push(`ok   expect ${ref} = ${formatValues(e.expected, type, false, 8, 2).slice(1, -1)}`);
    } else {
      const m = e.mismatches[0]!;
      const ulps = m.ulps !== undefined && Number.isFinite(m.ulps) ? ` (${m.ulps} ULP apart)` : '';
      out.push(
        `${o.file}:${e.line}:${e.column}: error: expect ${ref} failed: ${m.field !== undefined ? `${m.field}` : `element ${m.index}`} is ${formatElement(m.actual, type)}, expected ${formatElement(m.expected, type)}${ulps}` +
          (e.mismatches.length > 1
            ? `; ${e.mismatches.length} of ${e.field !== undefined ? `${e.actual.length} values` : `${e.end - e.start} elements`} differ`
            : ''),
      );
      out.push(`     got ${formatValues(e.actual, type, false, 8, 2)}`);
    }
  }
  out.push(...formatTextures(r, o.file, !!o.full));
  const all = [...r.expects, ...(r.textureExpects ?? [])];
  const failed = all.filter((e) => !e.ok).length;
  if (all.length) {
    out.push(failed ? `${o.file}: ${failed} of ${all.length} expectation(s) FAILED` : `${o.file}: all ${all.length} expectation(s) passed`);
  }
  return out.join('\n');
}
