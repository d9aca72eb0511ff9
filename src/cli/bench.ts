// `wgsl-lab bench`: benchmarks the primitives on the GPU, with a progress bar on stderr;
// writes bench.json and bench.svg, and prints a table (or, with --json, the report).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { progressBar } from '../bench/progress.js';
import type { BenchReport } from '../bench/report.js';
import { runBench, selectCases } from '../bench/run.js';
import { reportSvg } from '../bench/svg.js';
import { describeFailure } from './errors.js';
import { ensureWritableDir, OutputError, writeFileAtomic } from './output-files.js';
import { toJson } from '../report/json.js';

export const BENCH_USAGE = `usage: wgsl-lab bench [--quick] [--json] [--out DIR] [--filter TEXT] [--defaults] [--runs N]
  Benchmarks every primitive and the variants the lessons compare, plus a vec4 copy kernel
  as the bandwidth reference. Each configuration is validated once against the CPU, then
  timed: warm-up runs discarded, the median of 30 runs (20 with --quick), GPU time from timestamp
  queries. GB/s counts bytes read and written once. Writes DIR/bench.json and DIR/bench.svg.
  Exit 0: every configuration validated; 1: one did not; 2: no GPU, or bad options; 3: the results
  could not be written (DIR is checked before anything is measured).
  --quick        small sizes, for a CPU implementation (about a minute on lavapipe)
  --json         also print the report on stdout
  --out DIR      where bench.json and bench.svg go (default: bench-results)
  --filter TEXT  only configurations whose name or variant contains TEXT
  --defaults     only the library's default variant of each primitive (no variants, no sweep)
  --runs N       timed runs per configuration (1 to 1000): 1 validates every configuration
                 quickly, its time is then one sample`;

/** The most timed runs --runs accepts: enough for any median, not enough to look like a hang. */
const MAX_RUNS = 1000;

export interface BenchCommandIO {
  out: (s: string) => void;
  err: (s: string) => void;
}

export async function benchCommand(argv: string[], io: BenchCommandIO): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      filter: { type: 'string' },
      defaults: { type: 'boolean' },
      runs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(BENCH_USAGE);
    return 0;
  }
  let runs: number | undefined;
  if (values.runs !== undefined) {
    runs = Number(values.runs);
    if (!/^\d+$/.test(values.runs) || runs < 1 || runs > MAX_RUNS) {
      io.err(`wgsl-lab bench: --runs takes a whole number from 1 to ${MAX_RUNS}, not '${values.runs}'`);
      return 2;
    }
  }
  const dir = values.out ?? 'bench-results';
  try {
    await ensureWritableDir(dir);
  } catch (e) {
    io.err(`wgsl-lab bench: ${(e as Error).message}`);
    return 3;
  }
  let report: BenchReport;
  try {
    const gpu = await new GpuSession(nodeGpuProvider()).device();
    const options = { quick: !!values.quick, filter: values.filter, defaults: !!values.defaults, runs };
    if (!selectCases(gpu, options).length) {
      io.err(`wgsl-lab bench: no configuration matches --filter '${values.filter}'`);
      return 2;
    }
    report = await runBench(gpu, { ...options, progress: progressBar(process.stderr) });
    // Numbers under extra Dawn flags are not what WebGPU gives: the report says which were set.
    const flags = (process.env.WGSL_LAB_DAWN_FLAGS ?? '').split(/\s+/).filter(Boolean);
    if (flags.length) report.settings.dawnFlags = flags;
  } catch (e) {
    const f = describeFailure(e);
    io.err(f.lines.join('\n'));
    return f.exitCode;
  }
  // The report reaches stdout first: should the files fail after all (the disk filled up
  // while measuring), the numbers are not lost.
  if (values.json) io.out(toJson(report));
  else io.out(formatTable(report));
  try {
    await writeFileAtomic(join(dir, 'bench.json'), toJson(report) + '\n');
    await writeFileAtomic(join(dir, 'bench.svg'), reportSvg(report));
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    io.err(`wgsl-lab bench: ${e.message}`);
    return 3;
  }
  const failed = report.results.filter((r) => !r.validated);
  io.err(
    `${report.results.length} configurations, ${failed.length ? `${failed.length} NOT validated` : 'all validated'}; wrote ${join(dir, 'bench.json')} and ${join(dir, 'bench.svg')}`,
  );
  return failed.length ? 1 : 0;
}

function formatTable(report: BenchReport): string {
  const rows = report.results.map((r) => [
    r.group === 'sweep' ? `(sweep) ${r.name}` : r.name,
    // Arithmetic cases give their rate too: GB/s says little about a matrix multiply.
    r.GFLOPs != null ? `${r.variant}, ${r.GFLOPs} GFLOP/s` : r.variant,
    String(r.n),
    r.ms === null ? '-' : r.ms.toFixed(4),
    r.GBps === null ? '-' : r.GBps.toFixed(1),
    r.ratioToCopy === null ? '-' : r.ratioToCopy.toFixed(2),
    r.validated ? 'ok' : `FAILED${r.error ? `: ${r.error}` : ''}`,
  ]);
  const head = ['configuration', 'variant', 'n', 'ms', 'GB/s', '×copy', 'validated'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (i < 6 ? r[i]!.length : 0))));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i < 6 ? c.padStart(widths[i]!) : i < 6 ? c.padEnd(widths[i]!) : c)).join('  ');
  return [`${report.device.description} (${report.device.timing}, ${report.mode} mode)`, line(head), ...rows.map(line)].join('\n');
}
