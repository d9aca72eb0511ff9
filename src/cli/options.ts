// Option values shared by the commands: parsed once, refused with the option's name.
import { LocatedError } from '../diagnostics/index.js';

/** A wrong option value: the command prints it with its usage and exits 2. */
export class CliUsageError extends LocatedError {
  override name = 'CliUsageError';
  constructor(message: string) {
    super('input', message);
  }
}

/** `text` as a positive integer, `fallback` when the option was not given. */
export function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new CliUsageError(`${name} must be a positive integer, got '${text}'`);
  return n;
}

/**
 * The largest `--max-steps`: about 10^12 lane-steps, hours of simulation. Beyond it a value is
 * surely a typo, and step counts stay far inside the integers a double holds exactly.
 */
export const MAX_STEPS_CEILING = 2 ** 40;

/** `--max-steps N`: a positive integer up to MAX_STEPS_CEILING, `fallback` when not given. */
export function maxStepsOption(text: string | undefined, fallback: number): number {
  const n = positiveInt('--max-steps', text, fallback);
  if (n > MAX_STEPS_CEILING)
    throw new CliUsageError(`--max-steps must be at most ${MAX_STEPS_CEILING} (2^40, hours of simulation), got '${text}'`);
  return n;
}

/** `text` as a positive number of seconds (fractions allowed), `fallback` when not given. */
export function positiveSeconds(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\s*[0-9.]/.test(text) || !Number.isFinite(n) || n <= 0 || n > 86400)
    throw new CliUsageError(`${name} must be a number of seconds above 0 and at most 86400, got '${text}'`);
  return n;
}
