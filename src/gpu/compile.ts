// Compiles WGSL with the implementation's real compiler (Tint in Dawn and Chromium) and
// returns every message as a Diagnostic located where the compiler put it.
import { diagnostic, type Diagnostic, type SourceSpan } from '../diagnostics/index.js';
import { captureErrors } from './scopes.js';

export interface CompiledShader {
  module: GPUShaderModule;
  /** kind compile-error, compile-warning or compile-info; no `loc` when the compiler gave no line. */
  diagnostics: Diagnostic[];
  ok: boolean;
}

const KINDS = { error: 'compile-error', warning: 'compile-warning', info: 'compile-info' } as const;

function fromCompiler(m: GPUCompilationMessage): Diagnostic {
  const severity = m.type === 'error' || m.type === 'warning' ? m.type : 'info';
  // Tint's positions are 1-based lines and columns and UTF-16 offsets: a SourceSpan as is.
  const loc: SourceSpan | undefined =
    m.lineNum > 0 ? { line: m.lineNum, column: m.linePos, offset: m.offset, length: m.length } : undefined;
  return diagnostic({ severity, kind: KINDS[severity], message: m.message, ...(loc ? { loc } : {}) });
}

export async function compileWgsl(device: GPUDevice, code: string): Promise<CompiledShader> {
  // The scopes keep the expected validation error out of the uncaptured-error path (which
  // Dawn prints to stderr); the messages come from getCompilationInfo.
  const {
    value: [module, info],
    caught,
  } = await captureErrors(device, async () => {
    const module = device.createShaderModule({ code });
    return [module, await module.getCompilationInfo()] as const;
  });
  const diagnostics = info.messages.map(fromCompiler);
  const hasError = diagnostics.some((d) => d.severity === 'error');
  if (caught && !hasError) diagnostics.push(diagnostic({ severity: 'error', kind: 'compile-error', message: caught.message }));
  return { module, diagnostics, ok: !hasError && !caught };
}
