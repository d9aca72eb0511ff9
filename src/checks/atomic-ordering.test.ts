// The atomic-ordering check through the analyzer (simulator + checks, wgsl-lab's own front
// end): plain atomicLoad/atomicStore against other invocations' read-modify-writes of the
// same word, with and without a barrier between them.
import { describe, expect, it } from 'vitest';
import { analyze } from '../runner/analyze.js';

const WG = `
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
var<workgroup> count: atomic<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32) {
`;

const findings = (source: string, dispatch = 1) =>
  analyze(`//! dispatch ${dispatch}\n//! buffer 0 u32[256]\n${source}`)
    .diagnostics.filter((d) => d.kind === 'atomic-ordering')
    .map((d) => ({
      severity: d.severity,
      line: d.loc!.line,
      related: d.related.map((r) => r.loc.line),
      count: d.count,
      message: d.message,
    }));

describe('atomic ordering', () => {
  it('warns about a counter reset unordered with the other invocations’ atomicAdd, at the store, with the add as related', () => {
    const [f, ...rest] = findings(`${WG}  if (lane == 0u) { atomicStore(&count, 0u); }\n  atomicAdd(&count, 1u);\n}\n`);
    expect(rest).toEqual([]);
    // Line numbers: the header's two lines, WG's empty first line and four more: the store is on line 8.
    expect(f).toMatchObject({ severity: 'warning', line: 8, related: [9], count: 63 });
    expect(f!.message).toMatch(
      /^atomicStore of count \(workgroup variable 'count'\) by invocation 0 is unordered with atomicAdd of count by invocation \d+ \(line 9\): the store may land before, between or after the other updates/,
    );
  });

  it('is quiet when a workgroupBarrier() separates the reset from the adds', () => {
    expect(findings(`${WG}  if (lane == 0u) { atomicStore(&count, 0u); }\n  workgroupBarrier();\n  atomicAdd(&count, 1u);\n}\n`)).toEqual(
      [],
    );
  });

  it('warns about a load of the total taken before the adds are done, and not after a barrier', () => {
    const racy = findings(`${WG}  atomicOr(&count, 1u << (lane % 32u));\n  o[lane] = atomicLoad(&count);\n}\n`);
    expect(racy.map((f) => [f.line, f.related])).toEqual([[9, [8]]]);
    expect(racy[0]!.message).toContain('the load may see any number of the other updates');
    expect(findings(`${WG}  atomicOr(&count, 1u << (lane % 32u));\n  workgroupBarrier();\n  o[lane] = atomicLoad(&count);\n}\n`)).toEqual(
      [],
    );
  });

  it('exempts the store of the invocation whose own read-modify-write saw that it was last', () => {
    expect(findings(`${WG}  let t = atomicAdd(&count, 1u);\n  if (t == 63u) { atomicStore(&count, 0u); }\n}\n`)).toEqual([]);
  });

  it('does not pair an invocation with itself', () => {
    const one = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;
var<workgroup> count: atomic<u32>;
@compute @workgroup_size(1)
fn main() { atomicStore(&count, 5u); atomicAdd(&count, 1u); o[0] = atomicLoad(&count); }
`;
    expect(findings(one)).toEqual([]);
  });

  it('across workgroups: a store into a storage counter that other workgroups add to is reported; a load only against its own workgroup’s add', () => {
    const src = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@group(0) @binding(1) var<storage, read_write> counter: atomic<u32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) wg: vec3u) {
  if (lane == 0u && wg.x == 1u) { atomicStore(&counter, 0u); }
  if (lane == 0u && wg.x != 1u) { atomicAdd(&counter, 1u); }
  o[wg.x * 4u + lane] = atomicLoad(&counter);
}
`;
    const r = analyze(`//! dispatch 3\n//! buffer 0 u32[12]\n//! buffer 1 u32[1]\n${src}`).diagnostics.filter(
      (d) => d.kind === 'atomic-ordering',
    );
    // The load (line 10) pairs with the add of lane 0 of its own workgroup (no storageBarrier()),
    // never with another workgroup's.
    expect(r.map((d) => [d.loc!.line, d.related[0]!.loc.line])).toEqual([
      [8, 9],
      [10, 9],
    ]);
    expect(r[1]!.message).not.toContain('workgroup 1');
    expect(r[1]!.message).toContain('no storageBarrier() separates them');
    expect(r[0]!.message).toMatch(
      /by invocation 0 of workgroup 1 is unordered with atomicAdd of counter by invocation 0 of workgroup [02].*different workgroups of one dispatch are never ordered/,
    );
  });
});
