// The memory budget: before a plan allocates anything, what its buffers, textures and the
// analysis' tables will take, item by item, and a refusal naming the largest items when the
// total passes the budget. Pure and environment-neutral: the CLI derives its default budget
// from the machine (src/cli/memory-option.ts), the lab and the API pass fixed ones.
import {
  BUFFER_COPIES,
  F16_RESULT_FACTOR,
  PART_RACE_BYTES_PER_LOCATION,
  RACE_BYTES_PER_LOCATION,
  TEXTURE_BYTES_PER_TEXEL,
  TEXTURE_LOCATIONS_PER_TEXEL,
} from './memory-costs.js';
import { CHECKS } from '../checks/registry.js';
import { MAX_MEMORY_SIZE, formatBytes, parseMemorySize } from './memory-size.js';
import { InputError } from './errors.js';

/** What is being planned: a GPU run, a simulator run (`run --sim`) or the analysis (`check`). */
export type MemoryMode = 'gpu' | 'sim' | 'check';

/** One buffer of the plan, as the budget sees it (plan.ts fills these in before allocating). */
export interface BudgetBuffer {
  /** How the message names it: `buffer 0:1 'data'`. */
  label: string;
  kind: 'storage' | 'uniform';
  bytes: number;
  /** Some pass's entry point uses it; an unused one is allocated neither on the GPU nor in the simulator. */
  used: boolean;
  /** Unused, but its initial values are computed (an expect line checks them). */
  materialized: boolean;
  /** A read_write storage buffer: the analysis tracks races on it. */
  writable: boolean;
  /** Bytes per tracked location: 2 when the variable holds f16 values. */
  granule: 2 | 4;
  f16: boolean;
}

export interface BudgetTexture {
  label: string;
  texels: number;
  /** A storage texture the shader can write: the analysis tracks races on its texels. */
  writable: boolean;
}

export interface BudgetInput {
  buffers: readonly BudgetBuffer[];
  textures: readonly BudgetTexture[];
  /** Workgroup memory of the largest pass, in bytes (tracked per location by the analysis). */
  workgroupBytes: number;
}

/** One line of the estimate: the data itself, then what the analysis adds for it. */
export interface EstimateItem {
  what: string;
  /** The copies of the data (plan, device or simulator, read-back). */
  dataBytes: number;
  /** What grows with it besides: the race table, never-written tracking. */
  extra: { what: string; bytes: number }[];
  bytes: number;
}

export interface MemoryEstimate {
  mode: MemoryMode;
  total: number;
  /** Largest first. */
  items: EstimateItem[];
}

export interface MemoryBudget {
  bytes: number;
  /** Where the number came from, for the message: `--max-memory`, `default: half of this machine's 23.4 GiB`. */
  source: string;
  /** What to do to allow more, ending the message. */
  advice?: string;
}

function item(what: string, dataBytes: number, extra: { what: string; bytes: number }[]): EstimateItem {
  const kept = extra.filter((e) => e.bytes > 0);
  return { what, dataBytes, extra: kept, bytes: dataBytes + kept.reduce((a, e) => a + e.bytes, 0) };
}

/**
 * The checks' tracking tables over `locations` locations of workgroup or writable storage
 * memory, as each check counts them (Check.cost); none outside the analysis.
 */
function trackingTables(mode: MemoryMode, space: 'workgroup' | 'storage', locations: number): { what: string; bytes: number }[] {
  if (mode !== 'check') return [];
  return CHECKS.flatMap((c) => {
    const perLocation = c.cost?.[space];
    return c.cost && perLocation ? [{ what: c.cost.what, bytes: Math.ceil(locations * perLocation) }] : [];
  });
}

/** The itemised estimate of a plan's memory in a mode (memory-costs.ts says where each factor comes from). */
export function estimateMemory(input: BudgetInput, mode: MemoryMode): MemoryEstimate {
  const items: EstimateItem[] = [];
  for (const b of input.buffers) {
    if (!b.used) {
      if (b.materialized) items.push(item(`${b.label} (unused; initial values for its expect lines)`, b.bytes, []));
      continue;
    }
    const copies = BUFFER_COPIES[mode][b.kind];
    const f16Result = b.f16 && b.kind === 'storage' && mode !== 'check' ? b.bytes * F16_RESULT_FACTOR : 0;
    const tracked = b.kind === 'storage' && b.writable ? b.bytes / b.granule : 0;
    items.push(item(b.label, b.bytes * copies + f16Result, trackingTables(mode, 'storage', tracked)));
  }
  for (const t of input.textures) {
    const tracked = t.writable ? t.texels * TEXTURE_LOCATIONS_PER_TEXEL : 0;
    items.push(item(t.label, t.texels * TEXTURE_BYTES_PER_TEXEL[mode], trackingTables(mode, 'storage', tracked)));
  }
  if (mode !== 'gpu' && input.workgroupBytes > 0) {
    const locations = Math.ceil(input.workgroupBytes / 2);
    items.push(item('workgroup memory', input.workgroupBytes, trackingTables(mode, 'workgroup', locations)));
  }
  items.sort((a, b) => b.bytes - a.bytes);
  return { mode, total: items.reduce((a, i) => a + i.bytes, 0), items };
}

/**
 * The estimate of a parallel analysis (`check --jobs N`): every worker thread simulates its
 * range of workgroups with its own copy of the memory and its own tables, and logs its
 * storage accesses instead of keeping cross-workgroup tables; the main thread merges the
 * logs of the words several ranges share (memory-costs.ts PART_RACE_BYTES_PER_LOCATION).
 */
export function inParts(estimate: MemoryEstimate, parts: number): MemoryEstimate {
  if (parts <= 1) return estimate;
  const times = (i: EstimateItem): EstimateItem => {
    const extra = i.extra.flatMap((e) => {
      if (e.what !== 'race table' || i.what === 'workgroup memory') return [{ what: e.what, bytes: e.bytes * parts }];
      // Storage buffers and textures: their race tables count RACE_BYTES_PER_LOCATION.storage a location.
      const locations = e.bytes / RACE_BYTES_PER_LOCATION.storage;
      return [
        { what: 'race table and log', bytes: Math.ceil(locations * PART_RACE_BYTES_PER_LOCATION.part) * parts },
        { what: 'merge of shared words', bytes: Math.ceil(locations * PART_RACE_BYTES_PER_LOCATION.merge) },
      ];
    });
    return {
      what: `${i.what} × ${parts} worker threads`,
      dataBytes: i.dataBytes * parts,
      extra,
      bytes: i.dataBytes * parts + extra.reduce((a, e) => a + e.bytes, 0),
    };
  };
  const items = estimate.items.map(times).sort((a, b) => b.bytes - a.bytes);
  return { mode: estimate.mode, total: items.reduce((a, i) => a + i.bytes, 0), items };
}

/** `buffer 0:1 'data' 4.0 GiB (+ race table 92.0 GiB)` */
export function describeItem(i: EstimateItem): string {
  return `${i.what} ${formatBytes(i.dataBytes)}${i.extra.map((e) => ` (+ ${e.what} ${formatBytes(e.bytes)})`).join('')}`;
}

/** A plan that would need more memory than the budget allows: bad input (exit 2), refused before allocating. */
export class MemoryBudgetError extends InputError {
  override name = 'MemoryBudgetError';
  constructor(
    readonly estimate: MemoryEstimate,
    readonly budget: MemoryBudget,
  ) {
    const largest = estimate.items.slice(0, 3).map(describeItem).join(', ');
    const more = estimate.items.length > 3 ? `, and ${estimate.items.length - 3} more` : '';
    super(
      `memory budget exceeded: needs ${formatBytes(estimate.total)}, budget ${formatBytes(budget.bytes)} (${budget.source}). Largest: ${largest}${more}${budget.advice ? `. ${budget.advice}` : ''}`,
    );
  }
}

/** Throws MemoryBudgetError when the estimate passes the budget. */
export function enforceBudget(estimate: MemoryEstimate, budget: MemoryBudget): void {
  if (estimate.total > budget.bytes) throw new MemoryBudgetError(estimate, budget);
}

/**
 * The lab's budget: a browser tab (and its worker) gets far less than the machine, and the
 * page cannot ask how much; 1 GiB is what a tab can take on any desktop browser.
 */
export const LAB_MEMORY_BUDGET: MemoryBudget = {
  bytes: 2 ** 30,
  source: 'the lab allows 1 GiB',
  advice: 'Use smaller buffers: the lab cannot raise its budget.',
};

/** The budget when the caller gives none (the API): fixed, since shared code cannot ask the machine. */
export const DEFAULT_MEMORY_BUDGET_BYTES = 4 * 2 ** 30;

/**
 * The budget of a `maxMemory` option (the API's): bytes, or a size as `--max-memory` takes it
 * (`'512M'`, `'4G'`); the fixed default without one. A bad value is an InputError naming the option.
 */
export function budgetFromOption(value: number | string | undefined, option = 'maxMemory'): MemoryBudget {
  const advice = `Use smaller buffers (or fewer), or raise ${option}.`;
  if (value === undefined) return { bytes: DEFAULT_MEMORY_BUDGET_BYTES, source: `the default; ${option} to change`, advice };
  const bytes = typeof value === 'string' ? parseMemorySize(value) : value;
  if (typeof bytes === 'string') throw new InputError(`${option}: ${bytes}`);
  if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 1 || bytes > MAX_MEMORY_SIZE)
    throw new InputError(`${option} must be a whole number of bytes from 1 to 2^50, or a size such as '4G', got ${String(value)}`);
  return { bytes, source: option, advice };
}
