// The checks' tracking tables follow the words a kernel touches, not the buffers it
// declares: a few accesses to a 64 MiB storage buffer allocate a few pages. Dense tables
// (the earlier design) cost 92 bytes per word of the buffer, 1.5 GB here. Measured on the
// process (ArrayBuffer bytes), not on the tables' own bookkeeping.
import { describe, expect, it } from 'vitest';
import type { AccessBatch, SiteInfo } from '../sim/hooks.js';
import { maskOf } from '../sim/mask.js';
import { Region } from '../sim/memory.js';
import { SiteTable } from '../sim/sites.js';
import { RaceDetector } from './races.js';
import { NeverWrittenReads } from './uninitialized.js';
import { INIT_BYTES_PER_TOUCHED_WORD, RACE_BYTES_PER_TOUCHED_WORD, TRACKING_PAGE_WORDS } from './tracking-cost.js';

const LANES = [0, 1, 2, 3];

function batch(site: SiteInfo, region: Region, kind: 'read' | 'write', addr: (lane: number) => number): AccessBatch {
  return {
    site,
    region,
    kind,
    rmw: false,
    mask: maskOf(LANES),
    addr: Float64Array.from(LANES, addr),
    bytes: 4,
    width: 4,
    bits: kind === 'write' ? Uint32Array.from(LANES) : undefined,
  };
}

const arrayBufferBytes = () => process.memoryUsage().arrayBuffers;

describe('tracking tables are paged', () => {
  it('a few accesses to a 64 MiB buffer cost a few pages, and a race there is still found', () => {
    const sites = new SiteTable();
    const store = sites.add({ line: 4, column: 3, offset: 0, length: 4 }, 'big', 'big[i]');
    const load = sites.add({ line: 5, column: 11, offset: 0, length: 4 }, 'big', 'big[0]');
    const big = new Region('big', 'storage', new Uint8Array(64 << 20), true, true);
    const before = arrayBufferBytes();
    const races = new RaceDetector();
    const touchedPages = 3;
    races.passStart();
    races.workgroupStart({ pass: 0, id: [0, 0, 0], linear: 0 });
    // Lanes write words 0..3, one word in the middle and one at the end of the buffer.
    races.access(batch(store, big, 'write', (l) => 4 * l));
    races.access(batch(store, big, 'write', (l) => (32 << 20) + 4 * l));
    races.access(batch(store, big, 'write', (l) => (64 << 20) - 16 + 4 * l));
    races.workgroupStart({ pass: 0, id: [1, 0, 0], linear: 1 });
    races.access(batch(load, big, 'read', () => 0));
    const grown = arrayBufferBytes() - before;
    // Interval and cross-workgroup tables of readers and writers: at most the documented
    // bytes per word of each touched page.
    expect(grown).toBeLessThanOrEqual(touchedPages * TRACKING_PAGE_WORDS * RACE_BYTES_PER_TOUCHED_WORD);
    const found = races.diagnostics(sites);
    expect(found).toMatchObject([{ kind: 'data-race', hazard: 'RAW', variable: 'big', count: 4 }]);
  });

  it('the never-written-read table stamps words per workgroup instead of clearing them', () => {
    const sites = new SiteTable();
    const store = sites.add({ line: 4, column: 3, offset: 0, length: 4 }, 'tile', 'tile[i]');
    const load = sites.add({ line: 5, column: 11, offset: 0, length: 4 }, 'tile', 'tile[i]');
    const tile = Region.zeroed('tile', 'workgroup', 32768, true);
    const uninit = new NeverWrittenReads();
    const before = arrayBufferBytes();
    for (let wg = 0; wg < 64; wg++) {
      uninit.workgroupStart();
      // Every workgroup but the last writes before it reads.
      if (wg < 63) uninit.access(batch(store, tile, 'write', (l) => 4 * l));
      uninit.access(batch(load, tile, 'read', (l) => 4 * l));
    }
    // One page for the whole run, whatever the number of workgroups.
    expect(arrayBufferBytes() - before).toBeLessThanOrEqual(TRACKING_PAGE_WORDS * INIT_BYTES_PER_TOUCHED_WORD);
    expect(uninit.diagnostics()).toMatchObject([{ kind: 'never-written-read', count: 4 }]);
  });
});
