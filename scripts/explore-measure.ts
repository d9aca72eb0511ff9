// What the exploration scripts (explore*.ts) share: a variant is made,
// validated when a check is given, timed with timestamp queries (5 warm-up runs, median of
// 30), and reported as one JSON line on stdout; the rows are kept for the script's table.
// The last 'copy' row timed is the reference every later row's ratio is taken against;
// printTable writes the rows as a markdown table at the end; openDevice prints the device
// first.
import { nodeGpuProvider } from '../src/gpu/adapters/node.js';
import { GpuSession, type DeviceHandle } from '../src/gpu/session.js';
import type { KernelPlan } from '../src/kernels/index.js';
import { timePlan } from '../src/bench/measure.js';

export interface Row {
  what: string;
  variant: string;
  ms: number | null;
  GBps: number | null;
  ratioToCopy?: number;
  spread?: string;
  validated?: boolean | string;
  error?: string;
}

/**
 * The run's device, announced as the first JSON line on stdout: its description, the named
 * limits, then what `extra` adds (settings of the run, facts read from the device).
 */
export async function openDevice(
  limits: (keyof GPUSupportedLimits)[],
  extra: (gpu: DeviceHandle) => Record<string, unknown> = () => ({}),
): Promise<DeviceHandle> {
  const gpu = await new GpuSession(nodeGpuProvider()).device();
  const l = gpu.device.limits;
  const named = Object.fromEntries(limits.map((k) => [k, l[k]]));
  process.stdout.write(JSON.stringify({ device: gpu.description, ...named, ...extra(gpu) }) + '\n');
  return gpu;
}

const rows: Row[] = [];
let copyGBps = 0;

export async function measure(
  gpu: DeviceHandle,
  what: string,
  variant: string,
  bytes: number,
  make: () => Promise<KernelPlan>,
  validate?: (plan: KernelPlan) => Promise<string | undefined>,
): Promise<void> {
  let plan: KernelPlan | undefined;
  const row: Row = { what, variant, ms: null, GBps: null };
  try {
    plan = await make();
    if (validate) {
      const t0 = performance.now();
      const verdict = await validate(plan);
      row.validated = verdict ?? true;
      process.stderr.write(`  validated ${what} ${variant} in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${verdict ?? 'ok'}\n`);
    }
    const t = await timePlan(gpu, plan, 5, 30);
    const runs = t.runs ?? [t.ms];
    row.ms = Math.round(t.ms * 1e5) / 1e5;
    row.GBps = Math.round((bytes / (t.ms * 1e6)) * 10) / 10;
    const sorted = [...runs].sort((a, b) => a - b);
    row.spread = `${sorted[0]!.toFixed(4)}–${sorted[sorted.length - 1]!.toFixed(4)}`;
    if (what === 'copy') copyGBps = row.GBps;
    if (copyGBps) row.ratioToCopy = Math.round((row.GBps / copyGBps) * 1000) / 1000;
  } catch (e) {
    row.error = (e as Error).message.split('\n').slice(0, 3).join(' | ');
  } finally {
    plan?.destroy();
    plan?.output.destroy();
    (plan as { values?: GPUBuffer } | undefined)?.values?.destroy();
  }
  rows.push(row);
  process.stdout.write(JSON.stringify(row) + '\n');
}

/** The rows timed so far (explore-copy.ts times the fastest again). */
export function timedRows(): readonly Row[] {
  return rows;
}

/** The rows so far as a markdown table on stderr, with the script's name and time since t0. */
export function printTable(script: string, t0: number): void {
  const table = [
    `| what | variant | ms | GB/s | ×copy | min–max ms | validated |`,
    `| --- | --- | ---: | ---: | ---: | --- | --- |`,
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.variant} | ${r.ms ?? '–'} | ${r.GBps ?? '–'} | ${r.ratioToCopy ?? '–'} | ${r.spread ?? r.error ?? ''} | ${r.validated ?? ''} |`,
    ),
  ];
  process.stderr.write(`\n${table.join('\n')}\n\n${script}: ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
}
