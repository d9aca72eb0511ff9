// WebGPU reports most failures through error scopes rather than exceptions. Every piece of
// GPU work in wgsl-lab runs inside these two helpers: they push the validation and
// out-of-memory scopes, run the work, and pop both on every path, so a failure neither
// leaks a scope (which would swallow the next run's errors) nor reaches the device's
// uncaptured-error output (which Dawn prints to stderr).
import { LocatedError } from '../diagnostics/index.js';
import { DeviceLostError, GpuOperationError } from './errors.js';
import type { DeviceHandle } from './session.js';
import { GpuTimeoutError } from './watchdog.js';

/** An error an error scope caught, with the scope that caught it. */
export interface CaughtGpuError {
  operation: 'validation' | 'out-of-memory';
  message: string;
}

type Scoped<T> = { ok: true; value: T; caught?: CaughtGpuError } | { ok: false; thrown: unknown; caught?: CaughtGpuError };

/** A bare device or wgsl-lab's handle of one (which knows whether it was lost). */
export type ScopeTarget = GPUDevice | DeviceHandle;

function deviceOf(target: ScopeTarget): GPUDevice {
  return 'queue' in target ? target : target.device;
}

async function scoped<T>(device: GPUDevice, fn: () => Promise<T> | T): Promise<Scoped<T>> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let outcome: Scoped<T>;
  try {
    outcome = { ok: true, value: await fn() };
  } catch (thrown) {
    outcome = { ok: false, thrown };
  }
  // Inner scope first. A lost device resolves pops with null; a rejected pop (no scope
  // left, which would be a defect here) must not hide the outcome either.
  const validation = await device.popErrorScope().catch(() => null);
  const memory = await device.popErrorScope().catch(() => null);
  if (validation) outcome.caught = { operation: 'validation', message: validation.message };
  else if (memory) outcome.caught = { operation: 'out-of-memory', message: memory.message };
  return outcome;
}

/** Whether the device is lost, without waiting for anything else. */
async function lossOf(target: ScopeTarget): Promise<{ reason: string; message: string } | undefined> {
  if (!('queue' in target)) return target.lost;
  // A lost device's `lost` promise is already settled, and Promise.race settles with the
  // first of its inputs whose reaction runs: reactions run in registration order, so a
  // settled `lost` wins over the settled placeholder, and a pending one never does.
  const info = await Promise.race([target.lost, Promise.resolve(undefined)]);
  return info && { reason: info.reason ?? 'unknown', message: info.message ?? '' };
}

/**
 * Runs `fn` inside validation and out-of-memory scopes and returns its value together with
 * what the scopes caught (for work whose errors are data, like compiling a shader). An
 * exception of `fn` passes through after the scopes are popped.
 */
export async function captureErrors<T>(device: GPUDevice, fn: () => Promise<T> | T): Promise<{ value: T; caught?: CaughtGpuError }> {
  const outcome = await scoped(device, fn);
  if (!outcome.ok) throw outcome.thrown;
  return outcome.caught ? { value: outcome.value, caught: outcome.caught } : { value: outcome.value };
}

/**
 * Runs `fn` inside validation and out-of-memory scopes and throws what they catch as a
 * GpuOperationError ("WebGPU rejected WHAT (validation): …"), or DeviceLostError when the
 * device was lost. What a scope caught wins over an exception of `fn` that wgsl-lab did not
 * raise itself (mapping a buffer that failed to be created rejects too, but the scope says
 * why); wgsl-lab's own errors (a pipeline that could not be created) pass through.
 */
export async function withErrorScopes<T>(target: ScopeTarget, what: string, fn: () => Promise<T> | T): Promise<T> {
  const outcome = await scoped(deviceOf(target), fn);
  if (outcome.ok && !outcome.caught) return outcome.value;
  // The device lost, or given up by the watchdog: that is the whole story.
  if (!outcome.ok && (outcome.thrown instanceof DeviceLostError || outcome.thrown instanceof GpuTimeoutError)) throw outcome.thrown;
  const lost = await lossOf(target);
  if (lost) throw new DeviceLostError(lost.reason, lost.message);
  const { caught } = outcome;
  if (!outcome.ok && (!caught || outcome.thrown instanceof LocatedError)) throw outcome.thrown;
  // Here the scopes caught something (the work either finished or threw a consequence).
  throw new GpuOperationError(caught!.operation, `WebGPU rejected ${what} (${caught!.operation}): ${caught!.message}`);
}
