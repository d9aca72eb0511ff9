// A WGSL compiler's message (Tint's, through WebGPU's getCompilationInfo, or the front
// end's in its place) as a Diagnostic. The message keeps its own shape in `run --json`;
// everything that shows it (text, the lab's editor) goes through this conversion.
import { diagnostic, type Diagnostic } from './diagnostic.js';

/** What a compiler reports: WebGPU's GPUCompilationMessage, positions as numbers. */
export interface CompilerMessage {
  severity: 'error' | 'warning' | 'info';
  /** 1-based; 0 when the message is about no particular place. */
  line: number;
  column: number;
  offset: number;
  length: number;
  message: string;
}

const KIND = { error: 'compile-error', warning: 'compile-warning', info: 'compile-info' } as const;

export function compilerDiagnostic(m: CompilerMessage): Diagnostic {
  return diagnostic({
    severity: m.severity,
    kind: KIND[m.severity],
    message: m.message,
    ...(m.line > 0 ? { loc: { line: m.line, column: m.column, offset: m.offset, length: m.length } } : {}),
  });
}
