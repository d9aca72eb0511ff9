// `check` of one source: compile with the real WGSL compiler (Tint, through the session's
// device) when there is one, then analyze. The CLI and the package's check() both go
// through here, so they report the same thing for the same source.
import { compileWgsl } from '../gpu/compile.js';
import { GpuUnavailableError } from '../gpu/errors.js';
import type { GpuSession } from '../gpu/session.js';
import type { CheckReport } from '../checks/report.js';
import { parsedHeader } from '../harness/index.js';
import { entryPointStages, renderStage } from '../wgsl/entry-stages.js';
import { analyze, type AnalyzeOptions } from './analyze.js';
import { compileMessage } from './result.js';
import { missingEnables } from './shader-features.js';
import { validateSource } from './validate-source.js';
import { compileAsNagaReads } from './naga-dialect.js';

export type CheckSourceOptions = Omit<AnalyzeOptions, 'compile'> & {
  /** Where the compiler runs; without one, wgsl-lab's own front end checks syntax, types and uniformity. */
  compiler?: GpuSession;
  /** Another way to make the same report as analyze() (the CLI's worker threads); analyze() when absent. */
  analyzer?: (source: string, options: AnalyzeOptions) => Promise<CheckReport>;
};

export interface CheckedSource {
  report: CheckReport;
  /** Why the compiler could not be used (no WebGPU, no adapter): the report was made without it. */
  compilerUnavailable?: GpuUnavailableError;
}

export interface CheckedEntries {
  /** One report per @compute entry point analyzed, or one for a file only validated. */
  reports: CheckReport[];
  compilerUnavailable?: GpuUnavailableError;
}

/** The compiler's verdict on a source, or why there is none. */
async function compileWith(
  compiler: GpuSession | undefined,
  source: string,
): Promise<{ compile?: AnalyzeOptions['compile']; compilerUnavailable?: GpuUnavailableError }> {
  if (!compiler) return {};
  try {
    const handle = await compiler.device();
    // A device without a feature the shader enables (shader-f16) cannot compile it; the
    // front end checks it instead, as when there is no GPU.
    if (missingEnables(source, handle).length) return {};
    const c = await compileWgsl(handle.device, source);
    const compile = { ok: c.ok, messages: c.diagnostics.map(compileMessage) };
    // Refused: it may be WGSL as wgpu users write it (naga's leniencies), analyzed if so.
    if (!c.ok) return { compile: (await compileAsNagaReads(handle.device, source, compile.messages)) ?? compile };
    return { compile };
  } catch (e) {
    if (!(e instanceof GpuUnavailableError)) throw e;
    return { compilerUnavailable: e };
  }
}

/** One analysis of one source: the entry point `options.entry` names, or its only one. */
export async function checkSource(source: string, options: CheckSourceOptions = {}): Promise<CheckedSource> {
  const { compiler, analyzer, ...analyzeOptions } = options;
  const { compile, compilerUnavailable } = await compileWith(compiler, source);
  const report = analyzer ? await analyzer(source, { ...analyzeOptions, compile }) : analyze(source, { ...analyzeOptions, compile });
  return { report, compilerUnavailable };
}

/**
 * `check` of a whole file: compiled once, then every @compute entry point analyzed on its own
 * (with its dispatch from the header's `entry` section, or the file's), or only the one
 * `options.entry` names; a header with `pass` lines is one analysis of those passes. A file
 * with no @compute entry point (vertex and fragment shaders, helper files) is validated
 * only: one report with the compiler's and the front end's findings and its `stage`.
 * Input the analyzer cannot take throws, as analyze() does.
 */
export async function checkSourceEntries(source: string, options: CheckSourceOptions = {}): Promise<CheckedEntries> {
  const { compiler, analyzer, ...analyzeOptions } = options;
  const { compile, compilerUnavailable } = await compileWith(compiler, source);
  const run = (entry: string | undefined) =>
    analyzer
      ? analyzer(source, { ...analyzeOptions, entry, compile })
      : Promise.resolve(analyze(source, { ...analyzeOptions, entry, compile }));
  const entries = entryPointStages(source);
  const computes = entries.filter((e) => e.stage === 'compute');
  const passes = parsedHeader(source).harness.passes.length > 0;

  if (options.entry !== undefined || passes)
    return {
      reports: [labelled(await run(options.entry), options.entry ?? (passes ? undefined : computes[0]?.name), 'compute')],
      compilerUnavailable,
    };
  if (!computes.length)
    return { reports: [validateSource(source, { file: analyzeOptions.file, compile, stage: renderStage(entries) })], compilerUnavailable };
  const reports: CheckReport[] = [];
  for (const e of computes) {
    const report = await run(e.name);
    // A source the compiler refused has one verdict, not one per entry point.
    if (!report.compile.ok)
      return { reports: [labelled(report, computes.length === 1 ? e.name : undefined, 'compute')], compilerUnavailable };
    reports.push(labelled(report, e.name, 'compute'));
  }
  return { reports, compilerUnavailable };
}

/** The report with what it covers right after its file (the order `check --json` prints). */
function labelled(report: CheckReport, entryPoint: string | undefined, stage: CheckReport['stage']): CheckReport {
  const { file, ...rest } = report;
  return { file, ...(entryPoint !== undefined ? { entryPoint } : {}), stage, ...rest };
}
