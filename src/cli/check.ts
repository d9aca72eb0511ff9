// `wgsl-lab check FILE…`: compile with the real compiler (Tint through Dawn), then simulate
// and analyze. Exit 0: no errors; 1: errors found; 2: a file could not be analyzed.
import { parseArgs } from 'node:util';
import { analyze } from '../runner/analyze.js';
import type { CheckReport } from '../checks/report.js';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { compileWgsl } from '../gpu/compile.js';
import { GpuUnavailableError } from '../gpu/errors.js';
import { GpuSession } from '../gpu/session.js';
import { compileMessage } from '../runner/result.js';
import { formatCheckReport } from '../report/check-text.js';
import { toSarif } from '../report/sarif.js';
import { describeFailure } from './errors.js';
import { readKernelFiles, readSource } from './io.js';
import { toJson } from './json.js';
import { CliUsageError, positiveInt } from './options.js';

export const CHECK_USAGE = `usage: wgsl-lab check FILE... [--json | --sarif] [--banks 32|16] [--subgroup-size N] [--max-steps N] [--entry NAME]
  Compiles each file with the real WGSL compiler, then simulates every invocation of the
  dispatch its //! header describes (kernels without a header get zero-filled buffers) and
  reports data races, barrier divergence, out-of-bounds indices, reads of never-written
  workgroup memory, step-limit overruns and bank conflicts (n-way degree per access).
  Exit 0: no errors; 1: errors found; 2: a file could not be analyzed.`;

export async function checkCommand(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      sarif: { type: 'boolean' },
      banks: { type: 'string' },
      'subgroup-size': { type: 'string' },
      'max-steps': { type: 'string' },
      entry: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(CHECK_USAGE);
    return 0;
  }
  let banks: 32 | 16;
  let subgroupSize: number;
  let maxSteps: number;
  try {
    if (values.json && values.sarif) throw new CliUsageError('choose one of --json and --sarif');
    const b = positiveInt('--banks', values.banks, 32);
    if (b !== 32 && b !== 16) throw new CliUsageError(`--banks must be 32 or 16, got ${b}`);
    banks = b;
    subgroupSize = positiveInt('--subgroup-size', values['subgroup-size'], 32);
    if (subgroupSize > 128) throw new CliUsageError(`--subgroup-size must be at most 128, got ${subgroupSize}`);
    maxSteps = positiveInt('--max-steps', values['max-steps'], 50_000_000);
    if (!positionals.length) throw new CliUsageError('no file given');
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.err(`wgsl-lab check: ${e.message}\n${CHECK_USAGE}`);
    return 2;
  }

  const session = new GpuSession(nodeGpuProvider());
  let compilerMissing = false;
  const reports: CheckReport[] = [];
  const failures: unknown[] = [];
  let exit = 0;
  for (const file of positionals) {
    try {
      const source = await readSource(file);
      let compile;
      if (!compilerMissing) {
        try {
          const handle = await session.device();
          const c = await compileWgsl(handle.device, source);
          compile = { ok: c.ok, messages: c.diagnostics.map(compileMessage) };
        } catch (e) {
          if (!(e instanceof GpuUnavailableError)) throw e;
          compilerMissing = true;
          io.err(`wgsl-lab check: ${e.message}\nContinuing without the WGSL compiler (wgsl-lab's front end checks syntax and types; uniformity is not checked).`);
        }
      }
      const files = await readKernelFiles(file, source);
      const report = analyze(source, { file, compile, banks, subgroupSize, maxSteps, entry: values.entry, files });
      reports.push(report);
      if (!values.json && !values.sarif) io.out(formatCheckReport(report, source));
      exit = Math.max(exit, report.summary.errors ? 1 : 0);
    } catch (e) {
      const f = describeFailure(e, file);
      failures.push({ file, errors: f.json });
      if (!values.json && !values.sarif) io.err(f.lines.join('\n'));
      exit = Math.max(exit, f.exitCode);
    }
  }
  if (values.json) io.out(toJson(positionals.length === 1 && reports.length === 1 ? reports[0] : [...reports, ...failures]));
  if (values.sarif) io.out(JSON.stringify(toSarif(reports, '0.1.0'), null, 2));
  if (!values.json && !values.sarif && positionals.length > 1) {
    const errors = reports.reduce((a, r) => a + r.summary.errors, 0);
    const warnings = reports.reduce((a, r) => a + r.summary.warnings, 0);
    io.out(`checked ${positionals.length} files: ${errors} error(s), ${warnings} warning(s), ${failures.length} could not be analyzed`);
  }
  return exit;
}
