// What an exception of a run or a check says, as Diagnostics: the CLI prints them (exit 2)
// and the lab shows and marks them, so both describe a failure alike.
import { diagnostic, diagnosticsOf, isDiagnosticError, type Diagnostic } from '../diagnostics/index.js';
import { DeviceLostError, GpuOperationError, GpuUnavailableError } from '../gpu/errors.js';

/** The GPU or the environment failed (no adapter, device lost, a rejected operation): not a defect of wgsl-lab. */
export function isGpuFailure(e: unknown): e is GpuUnavailableError | DeviceLostError | GpuOperationError {
  return e instanceof GpuUnavailableError || e instanceof DeviceLostError || e instanceof GpuOperationError;
}

/** wgsl-lab's own errors as they are, GPU failures as `gpu`, anything else as `internal`. */
export function failureDiagnostics(e: unknown): Diagnostic[] {
  if (!isDiagnosticError(e) && isGpuFailure(e)) return [diagnostic({ severity: 'error', kind: 'gpu', message: e.message })];
  return diagnosticsOf(e);
}
