// A kernel's `//!` header as the runs use it: parsed, with the contents of its files
// attached. Every problem of the header (syntax, a file missing or of the wrong size) is
// thrown at once as HarnessErrors.
import { attachFiles, parseHarness, type FileContents, type Harness } from '../harness/index.js';
import { HarnessErrors } from './errors.js';

export function readHeader(source: string, files: FileContents = new Map()): Harness {
  const { harness, errors } = parseHarness(source);
  if (errors.length) throw new HarnessErrors(errors);
  const attached = attachFiles(harness, files);
  if (attached.errors.length) throw new HarnessErrors(attached.errors);
  return attached.harness;
}

/** The header's `override` values as pipeline constants (undefined when it has none). */
export function overrideValues(harness: Harness): Record<string, number> | undefined {
  if (!harness.overrides.length) return undefined;
  return Object.fromEntries(harness.overrides.map((o) => [o.name, o.value]));
}
