// `check` of a file with no @compute entry point (a vertex or fragment shader, a helper
// file): nothing to simulate, so it is validated only, by the real compiler when there is
// one and by wgsl-lab's front end (syntax, types, uniformity) otherwise. Its report has
// the analyzer's shape, so every output format lists it beside the analyzed kernels.
import { compilerDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import type { CheckReport, ReportStage } from '../checks/report.js';
import { parseWgsl } from '../wgsl/parser.js';
import { NotSupportedError, WgslSyntaxError } from '../wgsl/source.js';
import type { CompileMessage } from './result.js';
import { frontEndModule } from './simulate.js';

export interface ValidateOptions {
  file?: string;
  /** The real compiler's verdict; without it the front end's is the report's. */
  compile?: { ok: boolean; messages: CompileMessage[] };
  stage: Exclude<ReportStage, 'compute'>;
  banks?: 32 | 16;
  subgroupSize?: number;
}

export function validateSource(source: string, options: ValidateOptions): CheckReport {
  const notes: string[] = [];
  let messages: CompileMessage[];
  if (options.compile) messages = options.compile.messages;
  else {
    notes.push("No WGSL compiler (Tint) was available: wgsl-lab's own front end checked the syntax, types and uniformity.");
    messages = frontEndMessages(source, notes);
  }
  const ok = !messages.some((m) => m.severity === 'error');
  const diagnostics = findings(messages);
  const what =
    options.stage === 'none' ? 'no entry point' : `${options.stage === 'render' ? 'vertex and fragment' : options.stage} entry points only`;
  notes.push(`Validated only (${what}): nothing here runs as a compute dispatch, so nothing was simulated.`);
  return {
    file: options.file ?? '<input>',
    stage: options.stage,
    compile: { ok, messages: messages.map((m) => ({ severity: m.severity, line: m.line, column: m.column, message: m.message })) },
    diagnostics,
    bankConflicts: [],
    model: { banks: options.banks ?? 32, bankWidthBytes: 4, subgroupSize: options.subgroupSize ?? 32 },
    summary: {
      errors: diagnostics.filter((d) => d.severity === 'error').length,
      warnings: diagnostics.filter((d) => d.severity === 'warning').length,
      races: 0,
      maxBankWays: 0,
    },
    notes,
  };
}

/**
 * The compiler's errors and warnings as findings: a file validated only has no other, so a
 * warning (a derivative in non-uniform control flow under `diagnostic(warning, …)`) is one
 * too. The `info` messages after one (where control flow diverged) become its notes.
 */
function findings(messages: readonly CompileMessage[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const m of messages) {
    if (m.severity !== 'info') out.push(compilerDiagnostic(m));
    else if (out.length && m.line > 0)
      out[out.length - 1]!.related.push({
        loc: { line: m.line, column: m.column, offset: m.offset, length: m.length },
        message: m.message,
      });
  }
  return out;
}

/**
 * The front end's messages. Render code may use what the front end does not model (texture
 * sampling, derivatives): then only the syntax is checked, and a note says so.
 */
function frontEndMessages(source: string, notes: string[]): CompileMessage[] {
  try {
    return frontEndModule(source).messages;
  } catch (e) {
    if (!(e instanceof NotSupportedError)) throw e;
    notes.push(`wgsl-lab's front end does not model ${e.feature} (line ${e.loc.line}); only the syntax was checked without a compiler.`);
  }
  try {
    parseWgsl(source);
    return [];
  } catch (e) {
    if (!(e instanceof WgslSyntaxError)) throw e;
    return [{ severity: 'error', line: e.loc.line, column: e.loc.column, offset: e.loc.offset, length: 1, message: e.message }];
  }
}
