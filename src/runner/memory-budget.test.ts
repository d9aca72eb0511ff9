// The budget's parts: sizes as written, the estimate against what the simulator and the
// checks really allocate (ArrayBuffer bytes, measured around a real simulation), and the
// refusal's message.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { RACE_BYTES_PER_TOUCHED_WORD } from '../checks/tracking-cost.js';
import { RaceDetector } from '../checks/races.js';
import { NeverWrittenReads } from '../checks/uninitialized.js';
import { MemoryBudgetError, estimateMemory, type MemoryBudget, type MemoryEstimate, type MemoryMode } from './memory-budget.js';
import { formatBytes, parseMemorySize } from './memory-size.js';
import { loadKernel, readBack, simulate, type Simulation } from './simulate.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MiB = 2 ** 20;

describe('memory sizes', () => {
  it('reads bytes and binary units, case-insensitively, with or without B/iB', () => {
    expect(parseMemorySize('1048576')).toBe(MiB);
    expect(parseMemorySize('512M')).toBe(512 * MiB);
    expect(parseMemorySize('4G')).toBe(4 * 2 ** 30);
    expect(parseMemorySize('1.5GiB')).toBe(1.5 * 2 ** 30);
    expect(parseMemorySize('64 kb')).toBe(64 * 1024);
    expect(parseMemorySize(' 2T ')).toBe(2 * 2 ** 40);
    expect(parseMemorySize('.5M')).toBe(MiB / 2);
  });

  it('says what is wrong with anything else', () => {
    expect(parseMemorySize('')).toMatch(/expected a size such as 512M/);
    expect(parseMemorySize('-1')).toMatch(/expected a size/);
    expect(parseMemorySize('1e9')).toMatch(/expected a size .* got '1e9'/);
    expect(parseMemorySize('12X')).toMatch(/unknown unit 'X'/);
    expect(parseMemorySize('0')).toMatch(/at least 1 byte/);
    expect(parseMemorySize('0.1')).toMatch(/at least 1 byte/);
    expect(parseMemorySize('2000T')).toMatch(/at most 1 PiB/);
    expect(parseMemorySize('NaN')).toMatch(/expected a size/);
  });

  it('prints bytes with one decimal from KiB up', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(12.3 * 2 ** 30)).toBe('12.3 GiB');
  });
});

/** The estimate the plan makes for `source` in `mode` (read off the refusal of a 1-byte budget). */
function estimateOf(source: string, mode: Exclude<MemoryMode, 'gpu'>): MemoryEstimate {
  const tiny: MemoryBudget = { bytes: 1, source: 'test' };
  try {
    simulate(loadKernel(source), { memory: { mode, budget: tiny }, ...(mode === 'check' ? { maxInvocations: 1 << 17 } : {}) });
  } catch (e) {
    if (e instanceof MemoryBudgetError) return e.estimate;
    throw e;
  }
  throw new Error('a 1-byte budget was not refused');
}

/** Collects garbage until the ArrayBuffer total settles (V8 frees backing stores concurrently, after gc() returns). */
async function settledArrayBuffers(): Promise<number> {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
    const now = process.memoryUsage().arrayBuffers;
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** ArrayBuffer bytes `f` allocates and keeps reachable through its result. */
async function allocatedBy<T>(f: () => T): Promise<{ kept: T; bytes: number }> {
  const before = await settledArrayBuffers();
  const kept = f();
  return { kept, bytes: (await settledArrayBuffers()) - before };
}

// A 4 MiB buffer the kernel writes everywhere, a 1 MiB one it only reads, a uniform, and a
// 16 MiB buffer it never uses (no expect line: never allocated).
const KERNEL = `//! dispatch 16
//! buffer 0 u32[1048576] = i
//! buffer 1 u32[262144] = 7
//! buffer 2 f32[4194304] = 1
//! uniform 3 u32 = 3
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> unused: array<f32>;
@group(0) @binding(3) var<uniform> k: u32;
@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) g: vec3u) {
  for (var j = g.x; j < 1048576u; j += 4096u) { data[j] = data[j] * k + src[j % 262144u]; }
}
`;

describe('the estimate against what is allocated', () => {
  it('run --sim: plan data, simulator memory and read-back of each used buffer; nothing for the unused one', async () => {
    const estimate = estimateOf(KERNEL, 'sim');
    expect(estimate.items.map((i) => [i.what, i.bytes])).toEqual([
      ["buffer 0:0 'data'", 3 * 4 * MiB],
      ["buffer 0:1 'src'", 3 * MiB],
      ["uniform 0:3 'k'", 2 * 16],
    ]);
    const { kept, bytes } = await allocatedBy(() => {
      const run = simulate(loadKernel(KERNEL), {});
      return { run, back: readBack(run.plan, run.memory) };
    });
    expect(kept.back[0]![5]).toBe(5 * 3 + 7);
    // The simulator's own arrays (registers, masks, the site table) are small beside these.
    expect(bytes).toBeGreaterThanOrEqual(estimate.total * 0.98);
    expect(bytes).toBeLessThan(estimate.total * 1.05 + MiB);
  });

  it('check: plan data and simulator memory of each used buffer, and the race tables of the writable one', async () => {
    const estimate = estimateOf(KERNEL, 'check');
    const data = estimate.items.find((i) => i.what === "buffer 0:0 'data'")!;
    expect(data.dataBytes).toBe(2 * 4 * MiB);
    expect(data.extra).toEqual([{ what: 'race table', bytes: ((4 * MiB) / 4) * RACE_BYTES_PER_TOUCHED_WORD }]);
    const src = estimate.items.find((i) => i.what === "buffer 0:1 'src'")!;
    expect(src).toMatchObject({ dataBytes: 2 * MiB, extra: [] });
    const { kept, bytes } = await allocatedBy(() => {
      const subscribers = [new RaceDetector(), new NeverWrittenReads()];
      const run: Simulation = simulate(loadKernel(KERNEL), { subscribers, maxInvocations: 1 << 17 });
      return { run, subscribers };
    });
    expect(kept.run.stepLimit).toBeUndefined();
    expect(bytes).toBeGreaterThanOrEqual(estimate.total * 0.98);
    expect(bytes).toBeLessThan(estimate.total * 1.05 + MiB);
  });
});

describe('the refusal', () => {
  it('names the total, the budget and where it came from, and the three largest items with their tables', () => {
    const estimate = estimateMemory(
      {
        buffers: [0, 1, 2, 3].map((b) => ({
          label: `buffer 0:${b} '${'abcd'[b]}'`,
          kind: 'storage' as const,
          bytes: 2 ** 30,
          used: true,
          materialized: true,
          writable: b !== 3,
          granule: 4 as const,
          f16: false,
        })),
        textures: [],
        workgroupBytes: 0,
      },
      'check',
    );
    const e = new MemoryBudgetError(estimate, { bytes: 9.6 * 2 ** 30, source: '--max-memory', advice: 'Use smaller buffers.' });
    expect(e.message).toBe(
      "memory budget exceeded: needs 86.0 GiB, budget 9.6 GiB (--max-memory). Largest: buffer 0:0 'a' 2.0 GiB (+ race table 26.0 GiB), buffer 0:1 'b' 2.0 GiB (+ race table 26.0 GiB), buffer 0:2 'c' 2.0 GiB (+ race table 26.0 GiB), and 1 more. Use smaller buffers.",
    );
  });
});
