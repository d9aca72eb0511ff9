// The one error of linking: a place in one of the linked files (an import that names no
// module, an item a module lacks, a cycle, a bad preprocessor line) and what is wrong there.
import type { Place } from './source-map.js';

export class ModuleError extends Error {
  override name = 'ModuleError';

  constructor(
    message: string,
    readonly place: Place,
    /** Characters of the offending text (for underlining). */
    readonly length = 1,
    /** The shader def whose absence is the error (`#if NAME …`, `#{NAME}`), if that is the error. */
    readonly missingDef?: string,
  ) {
    super(message);
  }
}
