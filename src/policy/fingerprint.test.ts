// Fingerprints survive lines added above a finding and change with the lines involved.
import { describe, expect, it } from 'vitest';
import { analyze } from '../runner/analyze.js';
import { applyPolicy } from './apply.js';

const RACY = `@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> tile: array<f32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = f32(lane);
  out[lane] = tile[(lane + 1u) % 64u];
}
`;

function raceFingerprints(source: string, file = 'k.wgsl', entryPoint = 'main'): string[] {
  const report = applyPolicy([analyze(source, { file })], source, { file, entryPoint })[0]!;
  return report.diagnostics.filter((d) => d.kind === 'data-race').map((d) => d.fingerprint!);
}

describe('finding fingerprints', () => {
  const base = raceFingerprints(RACY);

  it('gives the race a 16-digit fingerprint', () => {
    expect(base).toHaveLength(1);
    expect(base[0]).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps it when lines are inserted above and indentation changes', () => {
    const moved = `// a comment\n\n// and another\n${RACY.replace('  tile[lane] = f32(lane);', '      tile[lane]   =   f32(lane);')}`;
    expect(raceFingerprints(moved)).toEqual(base);
  });

  it('changes it when a line of the race changes, or the file or entry point differ', () => {
    expect(raceFingerprints(RACY.replace('(lane + 1u) % 64u', '(lane + 2u) % 64u'))).not.toEqual(base);
    expect(raceFingerprints(RACY.replace('tile[lane] = f32(lane);', 'tile[lane] = f32(lane) + 1.0;'))).not.toEqual(base);
    expect(raceFingerprints(RACY, 'other.wgsl')).not.toEqual(base);
    expect(raceFingerprints(RACY, 'k.wgsl', 'other')).not.toEqual(base);
  });
});
