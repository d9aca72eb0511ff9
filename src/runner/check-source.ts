// `check` of one source: compile with the real WGSL compiler (Tint, through the session's
// device) when there is one, then analyze. The CLI and the package's check() both go
// through here, so they report the same thing for the same source.
import { compileWgsl } from '../gpu/compile.js';
import { GpuUnavailableError } from '../gpu/errors.js';
import type { GpuSession } from '../gpu/session.js';
import type { CheckReport } from '../checks/report.js';
import { analyze, type AnalyzeOptions } from './analyze.js';
import { compileMessage } from './result.js';
import { missingEnables } from './shader-features.js';
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

export async function checkSource(source: string, options: CheckSourceOptions = {}): Promise<CheckedSource> {
  const { compiler, analyzer, ...analyzeOptions } = options;
  let compile: AnalyzeOptions['compile'];
  let compilerUnavailable: GpuUnavailableError | undefined;
  if (compiler) {
    try {
      const handle = await compiler.device();
      // A device without a feature the shader enables (shader-f16) cannot compile it; the
      // front end checks it instead, as when there is no GPU.
      if (!missingEnables(source, handle).length) {
        const c = await compileWgsl(handle.device, source);
        compile = { ok: c.ok, messages: c.diagnostics.map(compileMessage) };
        // Refused: it may be WGSL as wgpu users write it (naga's leniencies), analyzed if so.
        if (!c.ok) compile = (await compileAsNagaReads(handle.device, source, compile.messages)) ?? compile;
      }
    } catch (e) {
      if (!(e instanceof GpuUnavailableError)) throw e;
      compilerUnavailable = e;
    }
  }
  const report = analyzer ? await analyzer(source, { ...analyzeOptions, compile }) : analyze(source, { ...analyzeOptions, compile });
  return { report, compilerUnavailable };
}
