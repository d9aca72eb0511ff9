// The sort pass kernel's workgroup memory, read from its generated var<workgroup>
// declarations by the project's front end (sort-wgsl.ts's sortWorkgroupBytes): checked
// against a model of what each stage declares, against the hand-written count it replaced
// (right for the default shape, off by the differences below elsewhere), and against the
// device limit for the kernels the options resolve to on devices of several sizes. No GPU.
import { describe, expect, it } from 'vitest';
import { SimDevice } from '../../../test/support/sim-device.js';
import { sortPassSpec } from '../internal.js';
import { sortWorkgroupBytes, type SortEarly, type SortMatch, type SortShaderSpec } from '../sort-wgsl.js';

const RADIX = 256;
const WORKGROUP = 256;

/** The count sort-wgsl.ts used to write by hand, in words (kept here as the reference). */
function handWrittenWords(s: SortShaderSpec): number {
  const countsAreEarly = (s.startsInCounters && s.early !== 'none') || (s.reuseDigitArrays && s.early !== 'none');
  const shiftsOverFirsts = s.reuseDigitArrays && s.compact;
  const matchWords = s.match === 'atomic-or' ? (s.slots * RADIX) / Math.max(1, 32 / s.maxLanes) : 0;
  const counters = (s.slots * RADIX) / 2 + matchWords;
  const staging = WORKGROUP * Math.ceil(s.keysPerThread / s.stagingRounds) + (s.stagingRounds > 1 ? 1 : 0);
  const arrays = 1 + (countsAreEarly ? 0 : 1) + (shiftsOverFirsts ? 0 : 1) + (s.early === 'none' ? 0 : 1) + (s.compact ? 0 : 1);
  const digits = arrays * RADIX + 64 + 8;
  const emulation = s.subgroups ? 0 : 2 * WORKGROUP;
  return (s.compact ? Math.max(counters, staging) : counters + staging) + digits + emulation;
}

/**
 * Where the hand-written count differed from the declarations, in bytes (positive: it
 * counted more). It counted the reduce-then-scan pass's running starts (1 KiB when not
 * compact) for onesweep too; the subgroup scan's 64 sums without subgroups too; 8 words for
 * the single-word variables, which are 16 bytes each in WebGPU's count (the subgroups'
 * claims word, onesweep's tile index). And it did not round the staging array up to 16
 * bytes: with two rounds it holds 256·⌈K/2⌉ + 1 words, 12 bytes short of the rounded size
 * (the count was then too small, where the staging array is the larger of the two it
 * shares with the counters).
 */
function handWrittenExcess(s: SortShaderSpec): number {
  const onesweep = s.mode === 'onesweep';
  const running = onesweep && !s.compact ? 4 * RADIX : 0;
  const subgroupSums = s.subgroups ? 0 : 4 * 64;
  const singleWords = 32 - (s.subgroups ? 16 : 0) - (onesweep ? 16 : 0);
  const staged = WORKGROUP * Math.ceil(s.keysPerThread / s.stagingRounds) + (s.stagingRounds > 1 ? 1 : 0);
  const counters = (s.slots * RADIX) / 2 + (s.match === 'atomic-or' ? (s.slots * RADIX) / Math.max(1, 32 / s.maxLanes) : 0);
  const stagingWords = s.compact ? Math.max(staged, counters) : staged;
  const padding = Math.ceil((4 * stagingWords) / 16) * 16 - 4 * stagingWords;
  return running + subgroupSums + singleWords - padding;
}

function variants(): SortShaderSpec[] {
  const out: SortShaderSpec[] = [];
  for (const mode of ['onesweep', 'scatter'] as const)
    for (const lanes of [0, 8, 32, 64])
      for (const keysPerThread of [1, 3, 20, 30])
        for (const stagingRounds of [1, 2] as const)
          for (const compact of [false, true])
            for (const reuseDigitArrays of [false, true])
              for (const match of ['ballots', 'atomic-or'] as SortMatch[])
                for (const early of (mode === 'onesweep' ? ['none', 'counts', 'look-back'] : ['none']) as SortEarly[])
                  for (const startsInCounters of early === 'none' ? [false] : [false, true]) {
                    const subgroups = lanes !== 0;
                    if (match === 'atomic-or' && (!subgroups || lanes > 32)) continue;
                    out.push({
                      mode,
                      pairs: false,
                      keysPerThread,
                      subgroups,
                      slots: subgroups ? WORKGROUP / lanes : 8,
                      wide: lanes > 32,
                      window: 4,
                      order: 'launch',
                      unrolled: false,
                      compact,
                      early,
                      match,
                      maxLanes: subgroups ? lanes : 32,
                      reuseDigitArrays,
                      stagingRounds,
                      packPositions: true,
                      startsInCounters,
                    });
                  }
  return out;
}

describe('the sort pass kernel’s workgroup memory', () => {
  it('is the hand-written count less its known excess, for every shape of the pass', () => {
    const all = variants();
    expect(all.length).toBeGreaterThan(500);
    let exact = 0;
    for (const s of all) {
      const bytes = sortWorkgroupBytes(s);
      expect(bytes, JSON.stringify(s)).toBe(4 * handWrittenWords(s) - handWrittenExcess(s));
      if (bytes === 4 * handWrittenWords(s)) exact++;
    }
    // The default shape (onesweep, subgroups, compact, one round or a staging array no
    // larger than the counters) is where the hand-written count was right.
    expect(exact).toBeGreaterThan(0);
    const defaultShape = all.find(
      (s) =>
        s.mode === 'onesweep' &&
        s.subgroups &&
        s.slots === 8 &&
        s.compact &&
        s.stagingRounds === 1 &&
        s.early === 'counts' &&
        s.keysPerThread === 20,
    )!;
    expect(sortWorkgroupBytes(defaultShape)).toBe(4 * handWrittenWords(defaultShape));
  });

  it('counts what the entry point uses: not unrolling, values or the window; grid order has no tile word', () => {
    const s = variants()[7]!;
    expect(s.mode).toBe('onesweep');
    const bytes = sortWorkgroupBytes(s);
    expect(sortWorkgroupBytes({ ...s, unrolled: true, pairs: true, window: 32, packPositions: false })).toBe(bytes);
    // In grid order the tile index is the workgroup's: wg_tile is declared but unused, and
    // WebGPU counts only the variables an entry point uses.
    expect(sortWorkgroupBytes({ ...s, order: 'grid' })).toBe(bytes - 16);
  });

  // Devices of 16, 32 and 48 KiB of workgroup memory with subgroups of 8 or 32 lanes, or
  // none: the options' defaults (and the longest tiles asked for) resolve to kernels
  // that fit, the default tile as long as fits.
  const devices = [16384, 32768, 49152].flatMap((memory) => [0, 8, 32].map((lanes) => [memory, lanes] as const));
  it.each(devices)('with %i bytes and %i-lane subgroups, the resolved pass fits', (memory, lanes) => {
    const device = new SimDevice({ subgroups: lanes !== 0, subgroupSize: lanes || 32, maxWorkgroupStorageBytes: memory });
    for (const pairs of [false, true])
      for (const algorithm of ['onesweep', 'reduce-then-scan'] as const) {
        const spec = sortPassSpec(device.gpu, 1 << 20, { algorithm }, pairs);
        const bytes = sortWorkgroupBytes(spec);
        expect(bytes, `${memory} bytes, ${lanes} lanes, ${algorithm}, pairs ${pairs}`).toBeLessThanOrEqual(memory);
        // One key more per invocation would not fit, or the tile is the default's.
        const longer = sortWorkgroupBytes({ ...spec, keysPerThread: spec.keysPerThread + 1 });
        expect(longer > memory || spec.keysPerThread === (spec.stagingRounds === 2 ? 30 : 20)).toBe(true);
      }
    // 40 keys per invocation in one round stage 40 KiB.
    if (memory < 40 * 1024)
      expect(() => sortPassSpec(device.gpu, 1 << 20, { keysPerThread: 40, stagingRounds: 1 }, false)).toThrow(
        `sort: keysPerThread 40 needs more than this device's ${memory} bytes of workgroup memory`,
      );
    else
      expect(sortWorkgroupBytes(sortPassSpec(device.gpu, 1 << 20, { keysPerThread: 40, stagingRounds: 1 }, false))).toBeLessThanOrEqual(
        memory,
      );
  });
});
