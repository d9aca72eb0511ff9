// Public API of the `//!` harness header module. Environment-neutral: no
// Node or DOM APIs, so it runs in the CLI and in the browser alike.

export type {
  BinaryOp,
  BindingRef,
  BufferSpec,
  ElementType,
  ExpectSpec,
  FileRef,
  FunctionName,
  Harness,
  InitExpr,
  Location,
  OverrideSpec,
  UnaryOp,
  UniformSpec,
} from './types.js';
export { HarnessError, formatHarnessError, formatHarnessErrors } from './errors.js';
export { parseHarness, bindingName, type ParseResult } from './parse.js';
export { findHeaderLines, type HeaderLine } from './scan.js';
export { DIRECTIVES, ELEMENT_TYPES, MAX_ELEMENT_COUNT } from './directives.js';
export { FUNCTION_ARITY, compileInit, evaluateInit, type CompiledInit } from './expr.js';
export { randomUnit } from './random.js';
export { attachFiles, fileRefs, type FileContents } from './files.js';
export { fillBuffer, uniformValue, toElement, allocateElements, type ElementArray } from './fill.js';
export {
  checkExpect,
  ulpDistanceF32,
  F32_ULP_TOLERANCE,
  F32_MIN_NORMAL,
  type ExpectResult,
  type Mismatch,
} from './compare.js';
