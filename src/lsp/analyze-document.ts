// One analysis of a document's text, as the language server shows it: the compiler's
// messages (Dawn's when the server has it, else the front end's with the uniformity
// analysis), the header's errors, the analyzer's findings and its bank-conflict sites.
// It never throws for bad input: every problem becomes a Diagnostic at its place.
import type { MemoryBudget } from '../runner/memory-budget.js';
import type { BankConflictSite } from '../checks/report.js';
import { diagnostic, diagnosticsOf, spanAt, type Diagnostic } from '../diagnostics/index.js';
import { parsedHeader, type FileContents } from '../harness/index.js';
import { bankConflictDiagnostic } from '../report/check-text.js';
import { analyze } from '../runner/analyze.js';
import { suspiciousCharacters } from '../wgsl/suspicious-characters.js';
import { overrideValues, readHeader } from '../runner/header.js';
import type { CompileMessage } from '../runner/result.js';
import { frontEndModule } from '../runner/simulate.js';
import type { LspSettings } from './settings.js';

/**
 * An editor analyses on every edit, beside everything else the machine runs: a kernel whose
 * buffers and tables pass this is refused (an `input` diagnostic) rather than analysed.
 */
export const EDITOR_MEMORY_BUDGET: MemoryBudget = {
  bytes: 4 * 2 ** 30,
  source: 'the language server allows 4 GiB',
  advice: 'Use smaller buffers in the header; `wgsl-lab check --max-memory SIZE` analyses larger ones.',
};

export interface CompileOutcome {
  ok: boolean;
  messages: CompileMessage[];
  /** Tint refused the text as written and accepted its portable rewrite (naga-only WGSL, docs/wgpu-dialect.md). */
  asWritten?: CompileMessage[];
}

export interface DocumentAnalysis {
  diagnostics: Diagnostic[];
  /** Every workgroup-memory access site the bank model saw (hover shows its degree). */
  bankConflicts: BankConflictSite[];
}

export interface AnalyzeDocumentInput {
  text: string;
  settings: Pick<LspSettings, 'banks' | 'subgroupSize' | 'maxSteps'>;
  /** The real compiler's verdict; absent: wgsl-lab's front end checks the text. */
  compile?: CompileOutcome;
  /** Contents of the files the header names. */
  files?: FileContents;
}

export function analyzeDocument(input: AnalyzeDocumentInput): DocumentAnalysis {
  const { text, settings, files } = input;
  const header = parsedHeader(text);
  const compile = input.compile ?? frontEndCompile(text, header.errors.length ? undefined : overrideValues(header.harness));
  // analyze() reports suspicious characters too; the document gets them once, whatever fails.
  const diagnostics = [...compileDiagnostics(compile.messages, text), ...suspiciousCharacters(text)];
  if (!compile.ok) {
    // Nothing is simulated; the header's own errors are still worth showing.
    try {
      readHeader(text, files);
    } catch (e) {
      diagnostics.push(...diagnosticsOf(e));
    }
    return { diagnostics, bankConflicts: [] };
  }
  try {
    const report = analyze(text, {
      // Without the real compiler, analyze() asks the front end itself, portability notes included.
      compile: input.compile,
      banks: settings.banks,
      subgroupSize: settings.subgroupSize,
      maxSteps: settings.maxSteps,
      files,
      memoryBudget: EDITOR_MEMORY_BUDGET,
    });
    diagnostics.push(...report.diagnostics.filter((d) => d.kind !== 'suspicious-character'));
    for (const b of report.bankConflicts) if (b.maxWays >= 2) diagnostics.push(bankConflictDiagnostic(b, text));
    return { diagnostics, bankConflicts: report.bankConflicts };
  } catch (e) {
    // The header's errors (all at once), unsupported features, a binding the plan rejects.
    diagnostics.push(...diagnosticsOf(e));
    return { diagnostics, bankConflicts: [] };
  }
}

function frontEndCompile(text: string, overrides: Record<string, number> | undefined): CompileOutcome {
  const { messages } = frontEndModule(text, overrides);
  return { ok: !messages.some((m) => m.severity === 'error'), messages };
}

/**
 * The compiler's errors and warnings as diagnostics; the info messages that follow one
 * (the notes of a uniformity finding: where the non-uniform value comes from) become its
 * related places.
 */
export function compileDiagnostics(messages: readonly CompileMessage[], text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const m of messages) {
    const loc =
      m.line > 0
        ? m.length > 0
          ? { line: m.line, column: m.column, offset: m.offset, length: m.length }
          : spanAt(text, m.line, m.column)
        : undefined;
    const last = out.at(-1);
    if (m.severity === 'info' && last && loc) {
      last.related.push({ loc, message: m.message });
      continue;
    }
    const kind = m.severity === 'error' ? 'compile-error' : m.severity === 'warning' ? 'compile-warning' : 'compile-info';
    out.push(diagnostic({ severity: m.severity, kind, message: m.message, ...(loc ? { loc } : {}) }));
  }
  return out;
}
