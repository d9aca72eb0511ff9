// The exports every entry point of the package shares besides run() and check(): the
// header parser, the error classes, the result and report types and their formatters.
// Environment-neutral (nothing here reaches a Node module).
export {
  parseHarness,
  HarnessError,
  type ParseResult,
  type Harness,
  type BufferSpec,
  type UniformSpec,
  type ExpectSpec,
  type ElementType,
  type Location,
} from '../harness/index.js';
export { HarnessErrors, InputError } from '../runner/errors.js';
export { MemoryBudgetError, type MemoryEstimate, type EstimateItem, type MemoryBudget } from '../runner/memory-budget.js';
export { WgslSyntaxError, WgslSemanticError, NotSupportedError } from '../wgsl/source.js';
export { GpuUnavailableError, DeviceLostError, GpuOperationError } from '../gpu/errors.js';
export {
  LocatedError,
  DiagnosticsError,
  type Diagnostic,
  type DiagnosticKind,
  type Severity,
  type SourceSpan,
  type RelatedInformation,
} from '../diagnostics/index.js';
export type { RunResult, BufferResult, ExpectOutcome, CompileMessage, PassResult, DeviceDescription, Timing } from '../runner/result.js';
export type { CheckReport, BankConflictSite, CompileSection, ReportStage } from '../checks/report.js';
export type { DiagnosticJson, CheckReportJson, CheckRunJson, CheckFailureJson } from '../report/check-json.js';
export { toJson } from '../report/json.js';
export { formatRunResult, type RunTextOptions } from '../report/run-text.js';
export { formatCheckReport } from '../report/check-text.js';
