// Compiles WGSL with the implementation's real compiler (Tint in Dawn and Chromium) and
// returns every message with severity, line, column, offset and length.
import type { CompileMessage } from '../runner/result.js';

export interface CompiledShader {
  module: GPUShaderModule;
  messages: CompileMessage[];
  ok: boolean;
}

export async function compileWgsl(device: GPUDevice, code: string): Promise<CompiledShader> {
  // The error scope keeps the expected validation error out of the uncaptured-error path
  // (which Dawn prints to stderr); the messages come from getCompilationInfo.
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code });
  const info = await module.getCompilationInfo();
  const scopeError = await device.popErrorScope();
  const messages: CompileMessage[] = info.messages.map((m) => ({
    severity: m.type === 'error' ? 'error' : m.type === 'warning' ? 'warning' : 'info',
    line: m.lineNum,
    column: m.linePos,
    offset: m.offset,
    length: m.length,
    message: m.message,
  }));
  const hasError = messages.some((m) => m.severity === 'error');
  if (scopeError && !hasError) {
    messages.push({ severity: 'error', line: 0, column: 0, offset: 0, length: 0, message: scopeError.message });
  }
  return { module, messages, ok: !hasError && !scopeError };
}
