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
  stoppedExit,
  type CaptureSettings,
} from './capture.js';
import type { CheckReport } from '../checks/report.js';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { checkRunJson, type CheckFailureJson } from '../report/check-json.js';
import { checkSourceEntries, type CheckSourceOptions } from '../runner/check-source.js';
import { AnalysisPool } from '../runner/node/analysis-pool.js';
import { analyzeInParallel } from '../runner/node/parallel-analyze.js';
import { formatCheckReport } from '../report/check-text.js';
import { githubFailureCommands, githubReportCommands } from '../report/github-commands.js';
import { toSarif, type SarifCapturedKernel, type SarifFailure } from '../report/sarif.js';
import { describeFailure } from './errors.js';
import { colorEnabled } from './color.js';
import { expandInputs, readSource, STDIN_NAME } from './io.js';
import { readKernelFiles } from './kernel-files.js';
import { jsonChunks } from '../report/json.js';
import { PACKAGE_VERSION } from './version.js';
import { CliUsageError, maxStepsOption, positiveInt } from './options.js';
import { defaultMemoryBudget, memoryBudgetOption } from './memory-option.js';
import type { MemoryBudget } from '../runner/memory-budget.js';
import { CheckPolicy, POLICY_OPTIONS, POLICY_USAGE, PolicyFileError } from './check-policy.js';
import { checkWithModules } from '../modules/check-modules.js';
import { ModuleRepository } from '../modules/node/repository.js';
import { parseDefineOption, type ShaderDefValue } from '../modules/shader-defs.js';

export const CHECK_USAGE = `usage: wgsl-lab check FILE... [--json | --sarif | --format FORMAT] [--banks 32|16] [--subgroup-size N] [--max-steps N] [--max-memory SIZE] [--entry NAME] [--jobs N]
       [--config FILE] [--baseline FILE] [--write-baseline FILE] [--max-warnings N] [--define NAME[=VALUE]]...
       wgsl-lab check --capture [--out DIR [--force]] [--app-output FILE] [--tolerance ULPS] [--timeout SECONDS] [options] -- CMD [ARG...]
  Compiles each file with the real WGSL compiler, then simulates every invocation of the
  dispatch its //! header describes for each @compute entry point (kernels without a header
  get zero-filled buffers) and reports data races, barrier divergence, out-of-bounds
  indices, reads of never-written workgroup memory, step-limit overruns and bank conflicts
  (n-way degree per access). Files with only vertex/fragment entry points, or none, are
  validated (compiled) only. --entry NAME analyzes only that entry point.
  FILE may be a directory (every .wgsl and .wesl file below it, sorted; node_modules, .git
  and what .gitignore ignores are skipped) or - (the source on stdin, named <stdin>). --format is text (the default), json (= --json), sarif
  (= --sarif) or github (GitHub Actions ::error/::warning commands, one per finding).
  With --capture, runs the Node program CMD under 'wgsl-lab capture' (into DIR, which must
  be empty unless --force, or a temporary folder removed at the end) and checks every
  distinct kernel it dispatched, one report each, with where the program created its shader
  module. The program's stdout and stderr go to stderr (or --app-output FILE).
  --timeout SECONDS stops the program after that long and checks what it captured (exit
  at least 124).
  --jobs N simulates the workgroups of a big dispatch on N worker threads (default: the
  number of cores; 1: the calling thread only); the report is the same for every N.
  --max-memory SIZE (512M, 4G, 1.5GiB, bytes) refuses a kernel whose buffers and analysis
  tables would need more (default: half of this machine's memory, at most 16 GiB).
  A file that imports modules (WESL 'import', naga_oil '#import') is linked first and
  findings are reported in the files they lie in (docs/modules.md); --define NAME[=VALUE]
  sets a shader def for naga_oil's #ifdef/#if and WESL's @if (repeatable).
${POLICY_USAGE}
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
      define: { type: 'string', multiple: true },
      ...CAPTURE_OPTIONS,
      help: { type: 'boolean', short: 'h' },
      ...POLICY_OPTIONS,
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
  let policy: CheckPolicy;
  let modules: ModuleRepository;
  let settings: CaptureSettings = {};
  try {
    modules = new ModuleRepository(shaderDefsOption(values.define));
    format = outputFormat(values);
    const b = positiveInt('--banks', values.banks, 32);
    if (b !== 32 && b !== 16) throw new CliUsageError(`--banks must be 32 or 16, got ${b}`);
    banks = b;
    subgroupSize = positiveInt('--subgroup-size', values['subgroup-size'], 32);
    if (subgroupSize > 128) throw new CliUsageError(`--subgroup-size must be at most 128, got ${subgroupSize}`);
    // Without --max-steps the analysis sizes the budget to the dispatch (analysisStepBudget).
    maxSteps = values['max-steps'] === undefined ? undefined : maxStepsOption(values['max-steps'], 0);
    jobs = positiveInt('--jobs', values.jobs, availableParallelism());
    memoryBudget = memoryBudgetOption(values['max-memory']);
    if (!positionals.length)
      throw new CliUsageError(values.capture ? 'no program given: put it after --, e.g. -- node app.mjs' : 'no file given');
    for (const option of ['out', 'force', 'app-output', 'tolerance', 'timeout'] as const)
      if (values[option] !== undefined && !values.capture) throw new CliUsageError(`--${option} goes with --capture`);
    if (values.force && values.out === undefined) throw new CliUsageError('--force goes with --out DIR');
    settings = captureSettings(values);
    if (values.capture && values.entry !== undefined)
      throw new CliUsageError('--entry cannot be combined with --capture: each captured kernel names its entry point');
    policy = CheckPolicy.load(values);
  } catch (e) {
    if (e instanceof PolicyFileError) {
      io.err(`wgsl-lab check: ${e.message}`);
      return 2;
    }
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
  if (!values.capture) {
    try {
      let skipped: string[];
      ({ files, skipped } = await expandInputs(positionals));
      for (const s of skipped) io.err(`wgsl-lab check: note: ${s}`);
      files = policy.checkedFiles(files, (s) => io.err(`wgsl-lab check: note: ${s}`), positionals);
    } catch (e) {
      if (e instanceof PolicyFileError) {
        io.err(`wgsl-lab check: ${e.message}`);
        return 2;
      }
      if (!(e instanceof CliUsageError)) throw e;
      io.err(`wgsl-lab check: ${e.message}`);
      return 2;
    }
  }
  let captured: Captured | undefined;
  // 124 when --timeout stopped the captured program (what it captured is still checked).
  let stopped: number | undefined;
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
    stopped = stoppedExit(outcome, settings, io, 'check');
    const problem = captureProblem(outcome);
    if (problem) {
      io.err(`wgsl-lab check: ${problem}`);
      return stopped ?? 2;
    }
    if (outcome.interrupted) return stopped ?? 130;
    const { exitCode } = outcome;
    const index = outcome.index!;
    if (exitCode !== 0 && !outcome.timedOut)
      io.err(`wgsl-lab check: the program exited with code ${exitCode}; checking what it dispatched`);
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
  // A broken parallel analysis still gives the one-thread report; it is said once per run.
  let toldFailure = false;
  const analyzer: FileCheckContext['analyzer'] =
    pool &&
    (async (src, options) => {
      const analysis = await analyzeInParallel(src, options, pool);
      if (analysis.failure !== undefined && !toldFailure) {
        toldFailure = true;
        io.err(`wgsl-lab check: --jobs ${jobs}: the worker threads failed (${analysis.failure}); analyzing on one thread instead`);
      }
      return analysis.report;
    });
  const context: FileCheckContext = {
    compiler: new GpuSession(nodeGpuProvider()),
    options: { banks, subgroupSize, maxSteps, entry: values.entry, memoryBudget },
    analyzer,
    modules,
    warn: (message) => io.err(`wgsl-lab check: ${message}`),
  };
  const reports: CheckReport[] = [];
  const failures: CheckFailureJson[] = [];
  // Reports and failures in file order, as `check --json` lists them.
  const results: (CheckReport | CheckFailureJson)[] = [];
  const sarifFailures: SarifFailure[] = [];
  const sources = new Map<string, string>();
  let exit = 0;
  for (const file of files) {
    try {
      const kernel = kernels.get(file);
      if (kernel && text) io.out(kernelSiteLine(file, kernel));
      const source = policy.prepare(file, await readSource(file));
      sources.set(file, source);
      const checked = await checkFile(file, source, context);
      for (const [f, t] of checked.files) if (!sources.has(f)) sources.set(f, t);
      const fileReports = policy.apply(checked.reports, file, source, values.entry);
      reports.push(...fileReports);
      results.push(...fileReports);
      for (const report of fileReports) {
        if (text) io.out(formatCheckReport(report, source, { color, heading: fileReports.length > 1, sources }));
        if (github) io.out(githubReportCommands(report, source, relativePath(file)).join('\n'));
        exit = Math.max(exit, report.summary.errors ? 1 : 0);
      }
    } catch (e) {
      const f = describeFailure(e, file);
      const failure: CheckFailureJson = { file, errors: f.json };
      failures.push(failure);
      results.push(failure);
      const diagnostics = diagnosticsOf(e);
      sarifFailures.push({ file, diagnostics });
      if (text) io.err(f.lines.join('\n'));
      if (github) io.out(githubFailureCommands(diagnostics, relativePath(file)).join('\n'));
      exit = Math.max(exit, f.exitCode);
    }
  }
  await pool?.close();
  exit = Math.max(exit, policy.finish(reports, io.err));
  if (json) {
    // A captured kernel's report says where the program created its shader module.
    const doc = checkRunJson(results);
    const withOrigins = { ...doc, files: doc.files.map((r) => ('errors' in r ? r : withOrigin(r, kernels.get(r.file)?.origin))) };
    await io.outChunks(jsonChunks(withOrigins));
  }
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
  if (text && (files.length > 1 || reports.length > 1 || captured)) {
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
      const computes = reports.filter((r) => r.stage === 'compute').length;
      io.out(
        `checked ${files.length} file(s) (${computes} compute entry point(s), ${reports.length - computes} validated only): ${errors} error(s), ${warnings} warning(s), ${failures.length} could not be analyzed`,
      );
    }
  }
  // Kernels that could not be written, or dispatches not captured, were not checked.
  if (captured && (captured.index.notWritten.length || captured.index.uncaptured.length)) exit = Math.max(exit, 2);
  return Math.max(exit, stopped ?? 0);
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

/** The shader defs of `--define NAME[=VALUE]` options, later ones winning. */
function shaderDefsOption(list: string[] | undefined): Map<string, ShaderDefValue> {
  const defs = new Map<string, ShaderDefValue>();
  for (const text of list ?? []) {
    const d = parseDefineOption(text);
    if ('error' in d) throw new CliUsageError(d.error);
    defs.set(d.name, d.value);
  }
  return defs;
}

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

/** What every file's check shares: the compiler, the command line's options, the worker threads. */
export interface FileCheckContext {
  /** The compiler's session; dropped once it turns out to be unavailable (said once, through warn). */
  compiler?: GpuSession;
  options: Pick<CheckSourceOptions, 'banks' | 'subgroupSize' | 'maxSteps' | 'entry' | 'memoryBudget'>;
  analyzer?: CheckSourceOptions['analyzer'];
  /** Where imported modules are found (WESL and naga_oil); without it files are checked unlinked. */
  modules?: ModuleRepository;
  warn: (message: string) => void;
}

/**
 * The check of one file: linked with its modules first when it imports, then every @compute
 * entry point analyzed (or the one --entry names), or the file validated only; one report
 * each, located in the original files. `files` holds the texts those locations lie in (the
 * file and its modules). Throws what makes the file "could not be analyzed" (unreadable
 * header files, WGSL beyond the analyzer, over the memory budget).
 */
export async function checkFile(
  file: string,
  source: string,
  context: FileCheckContext,
): Promise<{ reports: CheckReport[]; files: ReadonlyMap<string, string> }> {
  // One budget for the data files and the analysis' plan. stdin's kernel names its
  // header's files relative to the current directory.
  const memoryBudget = context.options.memoryBudget ?? defaultMemoryBudget();
  const contents = await readKernelFiles(file === STDIN_NAME ? './-' : file, source, memoryBudget);
  const { reports, compilerUnavailable, files } = await checkWithModules(
    file,
    source,
    file === STDIN_NAME || !context.modules ? undefined : await context.modules.contextFor(file, source),
    (text) =>
      checkSourceEntries(text, {
        ...context.options,
        memoryBudget,
        file,
        compiler: context.compiler,
        files: contents,
        analyzer: context.analyzer,
      }),
    context.options,
  );
  if (compilerUnavailable) {
    context.compiler = undefined;
    context.warn(
      `${compilerUnavailable.message}\nContinuing without the WGSL compiler (wgsl-lab's front end checks syntax, types and uniformity).`,
    );
  }
  return { reports, files };
}
