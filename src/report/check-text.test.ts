// The text form's bank-conflict lines for atomics: lanes' read-modify-writes on one word are
// reported as serialized atomics, not as an unexplained n-way bank conflict.
import { describe, expect, it } from 'vitest';
import { analyze } from '../runner/analyze.js';
import { formatCheckReport } from './check-text.js';

const SOURCE = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;
var<workgroup> counter: atomic<u32>;
var<workgroup> bins: array<atomic<u32>, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32) {
  atomicAdd(&counter, 1u);
  atomicAdd(&bins[(lane % 2u) * 32u], 1u);
  workgroupBarrier();
  o[lane] = atomicLoad(&counter);
}
`;

describe('bank-conflict text for atomics', () => {
  const text = formatCheckReport(analyze(SOURCE, { file: 'k.wgsl' }), SOURCE);
  const line = (n: number) => text.split('\n').find((l) => l.startsWith(`k.wgsl:${n}:`));

  it("says N lanes' atomics on one word serialize", () => {
    expect(line(6)).toContain("warning: 32 lanes' atomics on one word serialize (32-way) at counter: 64 wavefronts where 2 would do");
  });

  it('names both causes when distinct words of one bank add to the serialization', () => {
    // Even lanes on word 0, odd lanes on word 32: 16 per word, both words in bank 0.
    expect(line(7)).toContain(
      "32-way bank conflict atomically accessing bins[(lane % 2u) * 32u] (16 lanes' atomics on one word serialize, other words share their bank)",
    );
  });

  it('prints no line for an atomicLoad of one word by every lane (a broadcast)', () => {
    expect(line(9)).toBeUndefined();
  });
});
