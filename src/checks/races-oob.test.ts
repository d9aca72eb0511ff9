// Races that exist only because an out-of-bounds index was clamped onto another invocation's
// element are reported as consequences of that out-of-bounds access (a warning pointing at
// it, not counted as a race); the out-of-bounds access stays an error. Whether an access was
// clamped is decided for that access, not for its site and invocation: in a loop the same
// invocation's in-bounds accesses at a site still race on their own. Through the analyzer
// (simulator + checks, wgsl-lab's own front end).
import { describe, expect, it } from 'vitest';
import { analyze } from '../runner/analyze.js';

const kernel = (body: string) => `//! buffer 0 u32[64]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32) {
  ${body}
}
`;

describe('races caused by a clamped out-of-bounds index', () => {
  it('are a warning that names the out-of-bounds site, and do not count as races', () => {
    // Lanes 32..63 index 64..126, clamped onto tile[63]: they collide only because of the clamp.
    const r = analyze(kernel('tile[lane * 2u] = lane;\n  workgroupBarrier();\n  o[lane] = tile[lane];'));
    const race = r.diagnostics.find((d) => d.kind === 'data-race')!;
    expect(race).toMatchObject({ severity: 'warning', hazard: 'WAW', consequenceOf: 'out-of-bounds', loc: { line: 6, column: 3 } });
    expect(race.message).toContain('a consequence of the out-of-bounds index at line 6:3 (tile[lane * 2u])');
    expect(race.related.map((x) => [x.loc.line, x.message])).toEqual([
      [6, expect.stringMatching(/^conflicting write by invocation \d+$/)],
      [6, 'the out-of-bounds index clamped onto this word (the race is its consequence)'],
    ]);
    const oob = r.diagnostics.find((d) => d.kind === 'out-of-bounds')!;
    expect(oob).toMatchObject({ severity: 'error', count: 32 });
    // (The other warning is a never-written read of the odd elements.)
    expect(r.summary).toMatchObject({ errors: 1, warnings: 2, races: 0 });
  });

  it('a race that also has unclamped pairs stays an independent error', () => {
    // Lane 62 writes tile[63] in bounds; lane 63 writes tile[64], clamped onto it; and every
    // lane l > 0 writes tile[l], which lane l - 1 also writes (tile[l - 1 + 1]): unclamped.
    const r = analyze(kernel('tile[lane] = 1u;\n  tile[lane + 1u] = 2u;\n  workgroupBarrier();\n  o[lane] = tile[lane];'));
    const races = r.diagnostics.filter((d) => d.kind === 'data-race');
    expect(races.map((d) => [d.severity, d.consequenceOf])).toEqual([
      ['error', undefined],
      ['warning', 'out-of-bounds'],
    ]);
    expect(r.summary.races).toBe(1);
  });

  it('a race through an index that is never out of bounds is unaffected', () => {
    const r = analyze(kernel('tile[lane / 2u] = lane;\n  workgroupBarrier();\n  o[lane] = tile[lane];'));
    const [race] = r.diagnostics.filter((d) => d.kind === 'data-race');
    expect(race).toMatchObject({ severity: 'error', hazard: 'WAW' });
    expect(race!.consequenceOf).toBeUndefined();
    expect(r.summary.races).toBe(1);
  });

  it('an in-bounds access in a loop races on its own though the same invocation was clamped at that site in another iteration', () => {
    // Iteration 0: lane l writes tile[l], in bounds. Iteration 1: lanes 0..31 write
    // tile[32..63], in bounds, where lanes 32..63 wrote in iteration 0 (a real race), while
    // lanes 32..63 index 64..95, clamped onto tile[63]. Lane 32's write that lane 0 races
    // with is its in-bounds one of iteration 0, not its clamped one.
    const r = analyze(
      kernel('for (var i = 0u; i < 2u; i++) {\n    tile[lane + i * 32u] = lane;\n  }\n  workgroupBarrier();\n  o[lane] = tile[lane];'),
    );
    const races = r.diagnostics.filter((d) => d.kind === 'data-race');
    expect(races).toHaveLength(1);
    expect(races[0]).toMatchObject({ severity: 'error', hazard: 'WAW', loc: { line: 7, column: 5 } });
    expect(races[0]!.consequenceOf).toBeUndefined();
    expect(races[0]!.message).toBe(
      "data race (WAW) on workgroup variable 'tile': invocation 0 writes tile[lane + i * 32u] while invocation 32 writes tile[lane + i * 32u] (line 7); no workgroupBarrier() separates them.",
    );
    expect(races[0]!.related).toHaveLength(1);
    expect(r.diagnostics.find((d) => d.kind === 'out-of-bounds')).toMatchObject({ severity: 'error', count: 32 });
    expect(r.summary).toMatchObject({ errors: 2, races: 1 });
  });

  it('across workgroups, an in-bounds write races on its own though its workgroup was clamped there in a later iteration', () => {
    // Workgroup 0 writes o[64..127] in iteration 0 and indexes 128..191 in iteration 1
    // (clamped onto o[127]); workgroup 1 writes o[64..127] in bounds in iteration 1: a race
    // with workgroup 0's in-bounds writes of iteration 0. (Workgroup 0's clamped writes onto
    // o[127] race among themselves too, consequences that fold into the same finding.)
    const source = `//! buffer 0 u32[128]
//! dispatch 2
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) wid: vec3u) {
  for (var i = 0u; i < 2u; i++) {
    o[lane + 64u * (i + 1u - wid.x)] = wid.x;
  }
}
`;
    const r = analyze(source);
    const races = r.diagnostics.filter((d) => d.kind === 'data-race');
    expect(races).toHaveLength(1);
    expect(races[0]).toMatchObject({ severity: 'error', hazard: 'WAW', variable: 'o', loc: { line: 7, column: 5 } });
    expect(races[0]!.consequenceOf).toBeUndefined();
    expect(r.diagnostics.find((d) => d.kind === 'out-of-bounds')).toMatchObject({ severity: 'error', count: 64 });
    expect(r.summary.races).toBe(1);
  });

  it('a race whose only conflicting access by the other invocation was clamped stays a consequence, in a loop too', () => {
    // Iteration 0 is in bounds for every lane and races with nothing; in iteration 1 every
    // lane is clamped onto tile[63], where lane 63 wrote in bounds in iteration 0.
    const r = analyze(
      kernel('for (var i = 0u; i < 2u; i++) {\n    tile[lane + i * 64u] = lane;\n  }\n  workgroupBarrier();\n  o[lane] = tile[lane];'),
    );
    const races = r.diagnostics.filter((d) => d.kind === 'data-race');
    expect(races.map((d) => [d.severity, d.consequenceOf])).toEqual([['warning', 'out-of-bounds']]);
    expect(r.summary.races).toBe(0);
  });

  it('an access pairs with an in-bounds access of a word before a clamped one', () => {
    // tile[64u - lane]: lane 0 is clamped onto tile[63], lane 1 writes it in bounds (their
    // race is a consequence); lane 5's write of tile[63] races with lane 1's in-bounds write.
    const r = analyze(
      kernel('tile[64u - lane] = 1u;\n  if (lane == 5u) {\n    tile[63] = 2u;\n  }\n  workgroupBarrier();\n  o[lane] = tile[lane];'),
    );
    const races = r.diagnostics.filter((d) => d.kind === 'data-race');
    expect(races.map((d) => [d.loc?.line, d.severity, d.consequenceOf])).toEqual([
      [6, 'warning', 'out-of-bounds'],
      [8, 'error', undefined],
    ]);
    expect(races[1]!.message).toContain('invocation 5 writes tile[63] while invocation 1 writes tile[64u - lane] (line 6)');
    expect(r.summary.races).toBe(1);
  });
});
