// Which subgroup sizes the lab's Check simulates: the GPU's when it runs the shader and
// reports them (both ends of a range), else the simulator's 32; and which report it shows.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { analyze } from '../../runner/analyze.js';
import { loadLessons } from '../../lessons/load.js';
import { checkVerdict, exerciseRules } from '../../lessons/solved.js';
import { usesSubgroups, WEBGPU_SUBGROUP_SIZES } from '../../lessons/subgroup-sizes.js';
import { checkSubgroupChoice, reportToShow, subgroupNote } from './check-subgroups.js';

const SUBGROUPS = 'enable subgroups;\n@compute @workgroup_size(64) fn main() { _ = subgroupAdd(1u); }';
const PLAIN = '@compute @workgroup_size(64) fn main() {}';
const gpu = (min?: number, max?: number, features = ['subgroups', 'timestamp-query']) => ({
  features,
  subgroupMinSize: min,
  subgroupMaxSize: max,
});

describe('checkSubgroupChoice', () => {
  it("takes the GPU's size, or both ends of its range", () => {
    expect(checkSubgroupChoice(SUBGROUPS, gpu(32, 32))).toEqual({ sizes: [32], why: "the size of this GPU's subgroups" });
    expect(checkSubgroupChoice(SUBGROUPS, gpu(4, 4))?.sizes).toEqual([4]);
    expect(checkSubgroupChoice(SUBGROUPS, gpu(32, 64))).toEqual({
      sizes: [32, 64],
      why: "both ends of this GPU's range (it may use any size from 32 to 64)",
    });
  });

  it("falls back to the simulator's 32 lanes where the GPU does not run the shader or does not say", () => {
    expect(checkSubgroupChoice(SUBGROUPS, undefined)).toEqual({ sizes: [32], why: 'as the simulator runs them without WebGPU' });
    expect(checkSubgroupChoice(SUBGROUPS, gpu(16, 16, ['timestamp-query']))?.why).toBe(
      'as Run does: this GPU has no subgroups, so the lab runs this shader on the simulator',
    );
    for (const [min, max] of [
      [undefined, undefined],
      [0, 0],
      [64, 32],
      [3, 128],
    ])
      expect(checkSubgroupChoice(SUBGROUPS, gpu(min, max))).toEqual({
        sizes: [32],
        why: "this GPU does not report its subgroup size, so the simulator's is assumed",
      });
  });

  it('leaves a shader without subgroups alone', () => {
    expect(checkSubgroupChoice(PLAIN, gpu(4, 128))).toBeUndefined();
    expect(checkSubgroupChoice('// enable subgroups;\n' + PLAIN, gpu(4, 128))).toBeUndefined();
  });
});

describe('the report shown and its note', () => {
  /** Lane i stores at word 32·i: a 32-way bank conflict in subgroups of 32 lanes, 4-way in subgroups of 4. */
  const STRIDED = `enable subgroups;
//! buffer 0 f32[64]
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> tile: array<f32, 2048>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i * 32u] = f32(i);
  workgroupBarrier();
  out[i] = tile[i * 32u] + subgroupAdd(1.0);
}
`;

  it('shows the size that found the most, and says what the other found', () => {
    const choice = checkSubgroupChoice(STRIDED, gpu(4, 32))!;
    const reports = choice.sizes.map((subgroupSize) => analyze(STRIDED, { subgroupSize }));
    expect(reports.map((r) => r.summary.maxBankWays)).toEqual([4, 32]);
    const shown = reportToShow(reports);
    expect(shown).toBe(reports[1]);
    expect(subgroupNote(choice, reports, shown)).toBe(
      "Check simulated subgroups of 4 and of 32 lanes, both ends of this GPU's range (it may use any size from 4 to 32); shown: the report at 32 lanes, which found more (at 4 lanes: 0 error(s), 0 warning(s), worst bank conflict 4-way).",
    );
  });

  it('keeps the first report on a tie, and says both found the same', () => {
    const choice = checkSubgroupChoice(SUBGROUPS, gpu(8, 16))!;
    const reports = choice.sizes.map((subgroupSize) => analyze(SUBGROUPS, { subgroupSize }));
    expect(reportToShow(reports)).toBe(reports[0]);
    expect(subgroupNote(choice, reports, reports[0]!)).toBe(
      "Check simulated subgroups of 8 and of 16 lanes, both ends of this GPU's range (it may use any size from 8 to 16); both found the same, shown at 8 lanes.",
    );
    const one = checkSubgroupChoice(SUBGROUPS, gpu(32, 32))!;
    expect(subgroupNote(one, [reports[0]!], reports[0]!)).toBe("Check simulated subgroups of 32 lanes, the size of this GPU's subgroups.");
  });
});

describe("the lessons' solutions under Check at every size a GPU may report", () => {
  it('stay clean: a GPU with other subgroups than 32 lanes still calls them Solved', async () => {
    const lessons = await loadLessons(fileURLToPath(new URL('../../../lessons', import.meta.url)));
    const exercises = lessons.flatMap((l) => l.examples.filter((e) => e.kind === 'exercise' && e.solution && usesSubgroups(e.source)));
    expect(exercises.map((e) => e.file)).toEqual(['max-subgroup.wgsl', 'scan-carry.wgsl', 'count-ballot.wgsl']);
    for (const e of exercises)
      for (const subgroupSize of WEBGPU_SUBGROUP_SIZES) {
        const report = analyze(e.solution!.source, { subgroupSize, maxInvocations: 1 << 15 });
        expect(checkVerdict(exerciseRules(e, e.source), report, 'the compiler'), `${e.file} at ${subgroupSize} lanes`).toBeUndefined();
      }
  });
});
