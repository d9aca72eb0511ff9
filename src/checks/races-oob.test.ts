// Races that exist only because an out-of-bounds index was clamped onto another invocation's
// element are reported as consequences of that out-of-bounds access (a warning pointing at
// it, not counted as a race); the out-of-bounds access stays an error. Through the analyzer
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
});
