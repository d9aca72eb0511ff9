// `wgsl-lab check FILE…`: compile with the real compiler (Tint through Dawn), then simulate
// and analyze. Exit 0: no errors; 1: errors found; 2: a file could not be analyzed.
import { OutputError } from './output-files.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, constants, tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { diagnosticsOf } from '../diagnostics/index.js';
import type { CaptureIndex, IndexKernel } from '../capture/output.js';
import type { ShaderOrigin } from '../capture/types.js';
import { indexKernels, kernelsBeside, kernelSiteLine } from './capture-kernels.js';
import {
  CAPTURE_OPTIONS,
  captureProblem,
  captureProgram,
  captureSettings,
  captureSummary,
  stopCapturedProgram,
  type CaptureSettings,
} from './capture.js';
import type { CheckReport } from '../checks/report.js';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { checkReportJson } from '../report/check-json.js';
import { checkSource } from '../runner/check-source.js';
import { AnalysisPool } from '../runner/node/analysis-pool.js';
import { analyzeInParallel } from '../runner/node/parallel-analyze.js';
import { formatCheckReport } from '../report/check-text.js';
import { githubFailureCommands, githubReportCommands } from '../report/github-commands.js';
import { toSarif, type SarifCapturedKernel, type SarifFailure } from '../report/sarif.js';
import { describeFailure } from './errors.js';
import { colorEnabled } from './color.js';
import { expandInputs, readKernelFiles, readSource, STDIN_NAME } from './io.js';
import { jsonChunks } from '../report/json.js';
import { PACKAGE_VERSION } from './version.js';
import { CliUsageError, positiveInt } from './options.js';
import { memoryBudgetOption } from './memory-option.js';
import type { MemoryBudget } from '../runner/memory-budget.js';

export const CHECK_USAGE = `usage: wgsl-lab check FILE... [--json | --sarif | --format FORMAT] [--banks 32|16] [--subgroup-size N] [--max-steps N] [--max-memory SIZE] [--entry NAME] [--jobs N]
       wgsl-lab check --capture [--out DIR [--force]] [--app-output FILE] [--tolerance ULPS] [options] -- CMD [ARG...]
  Compiles each file with the real WGSL compiler, then simulates every invocation of the
  dispatch its //! header describes (kernels without a header get zero-filled buffers) and
  reports data races, barrier divergence, out-of-bounds indices, reads of never-written
  workgroup memory, step-limit overruns and bank conflicts (n-way degree per access).
  FILE may be a directory (every .wgsl file below it, sorted) or - (the source on stdin,
  named <stdin> in reports). --format is text (the default), json (= --json), sarif
  (= --sarif) or github (GitHub Actions ::error/::warning commands, one per finding).
  With --capture, runs the Node program CMD under 'wgsl-lab capture' (into DIR, which must
  be empty unless --force, or a temporary folder removed at the end) and checks every
  distinct kernel it dispatched, one report each, with where the program created its shader
  module. The program's stdout and stderr go to stderr (or --app-output FILE).
  --jobs N simulates the workgroups of a big dispatch on N worker threads (default: the
  number of cores; 1: the calling thread only); the report is the same for every N.
  --max-memory SIZE (512M, 4G, 1.5GiB, bytes) refuses a kernel whose buffers and analysis
  tables would need more (default: half of this machine's memory, at most 16 GiB).
  Exit 0: no errors; 1: errors found; 2: a file could not be analyzed (or is over the budget).`;

export async function checkCommand(
  argv: string[],
  io: { out: (s: string) => void; err: (s: string) => void; outChunks: (chunks: Iterable<string>) => Promise<void> },
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      sarif: { type: 'boolean' },
      format: { type: 'string' },
      banks: { type: 'string' },
      'subgroup-size': { type: 'string' },
      'max-steps': { type: 'string' },
      'max-memory': { type: 'string' },
      entry: { type: 'string' },
      jobs: { type: 'string' },
      capture: { type: 'boolean' },
      ...CAPTURE_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(CHECK_USAGE);
    return 0;
  }
  let banks: 32 | 16;
  let subgroupSize: number;
  let maxSteps: number | undefined;
  let jobs: number;
  let format: CheckFormat;
  let memoryBudget: MemoryBudget;
  let settings: CaptureSettings = {};
  try {
    format = outputFormat(values);
    const b = positiveInt('--banks', values.banks, 32);
    if (b !== 32 && b !== 16) throw new CliUsageError(`--banks must be 32 or 16, got ${b}`);
    banks = b;
    subgroupSize = positiveInt('--subgroup-size', values['subgroup-size'], 32);
    if (subgroupSize > 128) throw new CliUsageError(`--subgroup-size must be at most 128, got ${subgroupSize}`);
    // Without --max-steps the analysis sizes the budget to the dispatch (analysisStepBudget).
    maxSteps = values['max-steps'] === undefined ? undefined : positiveInt('--max-steps', values['max-steps'], 0);
    jobs = positiveInt('--jobs', values.jobs, availableParallelism());
    memoryBudget = memoryBudgetOption(values['max-memory']);
    if (!positionals.length)
      throw new CliUsageError(values.capture ? 'no program given: put it after --, e.g. -- node app.mjs' : 'no file given');
    for (const option of ['out', 'force', 'app-output', 'tolerance'] as const)
      if (values[option] !== undefined && !values.capture) throw new CliUsageError(`--${option} goes with --capture`);
    if (values.force && values.out === undefined) throw new CliUsageError('--force goes with --out DIR');
    settings = captureSettings(values);
    if (values.capture && values.entry !== undefined)
      throw new CliUsageError('--entry cannot be combined with --capture: each captured kernel names its entry point');
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.err(`wgsl-lab check: ${e.message}\n${CHECK_USAGE}`);
    return 2;
  }

  const json = format === 'json';
  const sarif = format === 'sarif';
  const github = format === 'github';
  // Text is the one format for people: the others are for tools and hold nothing else.
  const text = format === 'text';
  const color = text && colorEnabled(process.stdout);
  let files = positionals;
  let expanded = false;
  if (!values.capture) {
    try {
      let skipped: string[];
      ({ files, expanded, skipped } = await expandInputs(positionals));
      for (const s of skipped) io.err(`wgsl-lab check: note: ${s}`);
    } catch (e) {
      if (!(e instanceof CliUsageError)) throw e;
      io.err(`wgsl-lab check: ${e.message}`);
      return 2;
    }
  }
  let captured: Captured | undefined;
  if (values.capture) {
    // A temporary capture folder is removed however wgsl-lab ends: done, failed or interrupted.
    const dir = values.out ?? temporaryCaptureDir();
    let outcome;
    try {
      outcome = await captureProgram(positionals, dir, io, settings);
    } catch (e) {
      if (!(e instanceof OutputError)) throw e;
      io.err(`wgsl-lab check: ${e.message}`);
      return 3;
    }
    const problem = captureProblem(outcome);
    if (problem) {
      io.err(`wgsl-lab check: ${problem}`);
      return 2;
    }
    const { exitCode } = outcome;
    const index = outcome.index!;
    if (exitCode !== 0) io.err(`wgsl-lab check: the program exited with code ${exitCode}; checking what it dispatched`);
    const summary = captureSummary(index, dir);
    if (!text) io.err(summary);
    else io.out(summary);
    files = index.kernels.map((k) => join(dir, k.file));
    captured = { index, dir };
  }
  // Captured kernels, also those of a capture folder checked later: dispatches and origins.
  const kernels = captured ? indexKernels(captured.index, captured.dir) : kernelsBeside(files);

  // Worker threads for big dispatches, started on first use and stopped after the last file.
  const pool = jobs > 1 ? new AnalysisPool(jobs) : undefined;
  // The compiler's session; dropped after it turns out to be unavailable (said once).
  let compiler: GpuSession | undefined = new GpuSession(nodeGpuProvider());
  const reports: CheckReport[] = [];
  const failures: unknown[] = [];
  const sarifFailures: SarifFailure[] = [];
  const sources = new Map<string, string>();
  let exit = 0;
  for (const file of files) {
    try {
      const kernel = kernels.get(file);
      if (kernel && text) io.out(kernelSiteLine(file, kernel));
      const source = await readSource(file);
      sources.set(file, source);
      // stdin's kernel names its header's files relative to the current directory.
      const contents = await readKernelFiles(file === STDIN_NAME ? './-' : file, source);
      const { report, compilerUnavailable } = await checkSource(source, {
        file,
        compiler,
        banks,
        subgroupSize,
        maxSteps,
        entry: values.entry,
        files: contents,
        memoryBudget,
        analyzer: pool ? async (src, options) => (await analyzeInParallel(src, options, pool)).report : undefined,
      });
      if (compilerUnavailable) {
        compiler = undefined;
        io.err(
          `wgsl-lab check: ${compilerUnavailable.message}\nContinuing without the WGSL compiler (wgsl-lab's front end checks syntax, types and uniformity).`,
        );
      }
      reports.push(report);
      if (text) io.out(formatCheckReport(report, source, { color }));
      if (github) io.out(githubReportCommands(report, source, relativePath(file)).join('\n'));
      exit = Math.max(exit, report.summary.errors ? 1 : 0);
    } catch (e) {
      const f = describeFailure(e, file);
      failures.push({ file, errors: f.json });
      const diagnostics = diagnosticsOf(e);
      sarifFailures.push({ file, diagnostics });
      if (text) io.err(f.lines.join('\n'));
      if (github) io.out(githubFailureCommands(diagnostics, relativePath(file)).join('\n'));
      exit = Math.max(exit, f.exitCode);
    }
  }
  await pool?.close();
  if (json)
    await io.outChunks(
      jsonChunks(
        // One object for exactly one named file that was analyzed; an array otherwise.
        files.length === 1 && reports.length === 1 && !captured && !expanded
          ? withOrigin(checkReportJson(reports[0]!), kernels.get(reports[0]!.file)?.origin)
          : [...reports.map((r) => withOrigin(checkReportJson(r), kernels.get(r.file)?.origin)), ...failures],
      ),
    );
  if (sarif) {
    const log = toSarif(reports, {
      version: PACKAGE_VERSION,
      relativePath,
      srcRootUri: pathToFileURL(process.cwd() + sep).href,
      sources,
      failures: sarifFailures,
      ...(kernels.size ? { captured: sarifKernels(kernels) } : {}),
    });
    io.out(JSON.stringify(log, null, 2));
  }
  if (text && (files.length > 1 || captured)) {
    const errors = reports.reduce((a, r) => a + r.summary.errors, 0);
    const warnings = reports.reduce((a, r) => a + r.summary.warnings, 0);
    if (captured) {
      const races = reports.reduce((a, r) => a + r.summary.races, 0);
      const { index } = captured;
      const uncaptured = index.uncaptured.reduce((a, u) => a + u.count, 0);
      io.out(
        `checked ${files.length} captured kernel(s) of ${index.dispatches} dispatch(es): ${errors} error(s), ${warnings} warning(s), ${races} race(s), ${failures.length} could not be analyzed, ${index.notWritten.length} kernel(s) not written, ${uncaptured} dispatch(es) not captured`,
      );
    } else {
      io.out(`checked ${files.length} files: ${errors} error(s), ${warnings} warning(s), ${failures.length} could not be analyzed`);
    }
  }
  // Kernels that could not be written, or dispatches not captured, were not checked.
  if (captured && (captured.index.notWritten.length || captured.index.uncaptured.length)) exit = Math.max(exit, 2);
  return exit;
}

/**
 * A temporary folder for `check --capture`, removed when the process exits, also through an
 * error or process.exit(); SIGINT and SIGTERM stop the captured program and exit (so the
 * folder goes too) instead of killing wgsl-lab outright.
 */
function temporaryCaptureDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wgsl-lab-capture-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const interrupted = (signal: NodeJS.Signals) => {
    stopCapturedProgram(signal);
    process.exit(128 + constants.signals[signal]);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  return dir;
}

/** The capture `check --capture` made: its index and folder. */
interface Captured {
  index: CaptureIndex;
  dir: string;
}

/** A captured kernel's report with where the program created its shader module (`origin`). */
function withOrigin<T extends object>(report: T, origin: ShaderOrigin | undefined): T | (T & { origin: ShaderOrigin }) {
  return origin ? { ...report, origin } : report;
}

/** Each captured kernel file with its dispatches and the program frame that created its shader. */
function sarifKernels(kernels: Map<string, IndexKernel>): Map<string, SarifCapturedKernel> {
  return new Map(
    [...kernels].map(([file, k]) => [
      file,
      { entryPoint: k.entryPoint, workgroups: k.workgroups, dispatches: k.count, ...(k.origin?.at ? { origin: k.origin.at } : {}) },
    ]),
  );
}

type CheckFormat = 'text' | 'json' | 'sarif' | 'github';

/** The output format from --format, --json and --sarif, which must agree. */
function outputFormat(values: { json?: boolean; sarif?: boolean; format?: string }): CheckFormat {
  if (values.json && values.sarif) throw new CliUsageError('choose one of --json and --sarif');
  const flag = values.json ? 'json' : values.sarif ? 'sarif' : undefined;
  const f = values.format;
  if (f === undefined) return flag ?? 'text';
  if (f !== 'text' && f !== 'json' && f !== 'sarif' && f !== 'github')
    throw new CliUsageError(`--format must be text, json, sarif or github, got '${f}'`);
  if (flag && flag !== f) throw new CliUsageError(`--${flag} contradicts --format ${f}`);
  return f;
}

/** A file's path relative to the current directory with `/` separators (stdin's name as it is). */
function relativePath(file: string): string {
  if (file === STDIN_NAME) return file;
  const root = process.cwd();
  return relative(root, resolve(root, file)).split(sep).join('/');
}
