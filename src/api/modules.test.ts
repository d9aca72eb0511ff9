// check() of a source that imports modules given by name: the same linking and the same
// original-file locations as `wgsl-lab check` on files (docs/modules.md).
import { describe, expect, it } from 'vitest';
import { check, type CheckReportJson } from './index.js';
import { gpu } from '../../test/support/gpu.js';

const RING = `#define_import_path lab::ring

var<workgroup> ring: array<u32, 32>;

// Hands each lane's value to its left neighbour through workgroup memory.
fn pass_left(lane: u32, value: u32) -> u32 {
  ring[lane] = value;
#ifdef SYNCED
  workgroupBarrier();
#endif
  return ring[(lane + 1u) % 32u];
}
`;

const MAIN = `//! buffer 0 u32[32] = i
#import lab::ring::pass_left

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) lane: u32) {
  data[lane] = pass_left(lane, data[lane]);
}
`;

describe('check() with modules', () => {
  it('links the modules it is given and reports the race in the module, unless a define removes it', async () => {
    const modules = { 'wgsl/ring.wgsl': RING };
    const report = (await check(MAIN, { device: gpu.device, file: 'wgsl/main.wgsl', modules })).files[0] as CheckReportJson;
    expect(report.summary).toMatchObject({ errors: 1, races: 1 });
    expect(report.diagnostics[0]).toMatchObject({
      kind: 'data-race',
      file: 'wgsl/ring.wgsl',
      line: 11,
      column: 10,
      variable: 'lab::ring::ring',
      related: [{ file: 'wgsl/ring.wgsl', line: 7, column: 3, message: 'conflicting write by invocation 1' }],
    });
    const synced = (await check(MAIN, { device: gpu.device, file: 'wgsl/main.wgsl', modules, defines: { SYNCED: true } }))
      .files[0] as CheckReportJson;
    expect(synced.summary).toMatchObject({ errors: 0, races: 0 });
  });

  it('reports an import nothing provides as a compile error at the import', async () => {
    const report = (await check(MAIN, { device: gpu.device, file: 'wgsl/main.wgsl' })).files[0] as CheckReportJson;
    expect(report.compile.ok).toBe(false);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        kind: 'compile-error',
        line: 2,
        column: 9,
        message: expect.stringContaining("cannot import 'lab::ring::pass_left'"),
      }),
    ]);
  });
});
