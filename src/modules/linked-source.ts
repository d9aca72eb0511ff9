// What a linker hands the checker: one WGSL text to check, and the way back from it to the
// files it was made of.
import type { Place } from './source-map.js';

export interface LinkedSource {
  /** The linked WGSL (the checked file's `//!` header lines included). */
  source: string;
  /** The file being checked. */
  entry: string;
  /** The original place of a linked line and column (see MappedText.locate). */
  locate(line: number, column?: number): Place | undefined;
  /** Every file that went into the link, with its text (for excerpts and offsets). */
  files: ReadonlyMap<string, string>;
  /** Linked names in a message written back as the source spells them (`a::b::item`). */
  demangle(text: string): string;
}
