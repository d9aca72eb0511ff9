// The benchmark report (the `bench --json` contract): the device, then one result per
// configuration with name, primitive, variant, n, ms (median), GBps, ratioToCopy,
// validated, plus the details that make a row reproducible.
import type { DeviceDescription } from '../runner/result.js';

export interface BenchResult {
  name: string;
  primitive: string;
  variant: string;
  n: number;
  /** Median GPU time of one run, in milliseconds; null when the case failed. */
  ms: number | null;
  /** (bytes read + bytes written) / median time, in 10^9 bytes per second. */
  GBps: number | null;
  /** Floating-point operations per second over the median time, in 10^9, for arithmetic cases (matmul: 2·M·N·K per run). */
  GFLOPs?: number | null;
  /** GBps over the copy kernel's GBps at the same n. */
  ratioToCopy: number | null;
  /** The output matched the CPU reference (exactly, or within the f32 bound). */
  validated: boolean;
  group: 'main' | 'sweep';
  bytes: number;
  runs: number;
  minMs: number | null;
  maxMs: number | null;
  /** Every timed run in order, in milliseconds: shows whether a slow median was steady or came and went. */
  runsMs?: number[];
  /** When the warm-up before the timed runs began (ISO time): to line a row up with logs of the GPU's clocks. */
  timedAt?: string;
  /** Sets of runs timed, when more than one: the earlier ones were not steady (clocks changed under them) and were discarded. */
  timingAttempts?: number;
  details?: Record<string, number | string>;
  /** Why validation or the run failed. */
  error?: string;
}

export interface BenchReport {
  tool: string;
  mode: 'quick' | 'full';
  date: string;
  device: DeviceDescription & {
    timing: 'timestamp-query' | 'wall-clock';
    maxStorageBufferBindingSize: number;
    maxBufferSize: number;
  };
  settings: {
    warmup: number;
    runs: number;
    filter?: string;
    /** Only the default variant of each primitive was run (--defaults). */
    defaults?: boolean;
    /** The extra Dawn instance flags of the run (WGSL_LAB_DAWN_FLAGS), when there were any. */
    dawnFlags?: string[];
  };
  results: BenchResult[];
}

/** Sets ratioToCopy: GBps over the copy kernel's at the same n, measured in the same group (main or sweep) where there is one. */
export function addCopyRatios(results: BenchResult[]): void {
  const copy = new Map<string, number>();
  for (const r of results) if (r.primitive === 'copy' && r.GBps !== null && r.validated) copy.set(`${r.group} ${r.n}`, r.GBps);
  for (const r of results) {
    const reference = copy.get(`${r.group} ${r.n}`) ?? copy.get(`${r.group === 'main' ? 'sweep' : 'main'} ${r.n}`);
    r.ratioToCopy = r.GBps !== null && reference ? round(r.GBps / reference, 3) : null;
  }
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
