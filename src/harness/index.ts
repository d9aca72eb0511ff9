// Public API of the `//!` harness header module. Environment-neutral: no
// Node or DOM APIs, so it runs in the CLI and in the browser alike.

export type { BufferSpec, ElementType, EntrySection, ExpectSpec, Harness, Location, TypedInit, UniformSpec } from './types.js';
export { harnessForEntry } from './entries.js';
export { HarnessError } from './errors.js';
export { parseHarness, bindingName, type ParseResult } from './parse.js';
export { parsedHeader, headerParses } from './parsed.js';
export { MAX_ELEMENT_COUNT } from './directives.js';
export { attachFiles, fileNeeds, type FileContents } from './files.js';
export { fillBuffer, uniformValue, allocateElements, elementBytes, f16Values, type ElementArray } from './fill.js';
export { checkExpect, ulpDistanceF32, F32_ULP_TOLERANCE } from './compare.js';
