// Lesson 8 (subgroups) on the simulator at every subgroup size WebGPU allows: each example
// and solution passes its checkpoints at 4, 8, 16, 32, 64 and 128 lanes, each starting point
// fails, and each wrong solution of test/fixtures/wrong-solutions/08-subgroups fails a
// checkpoint at some size or has an error in Check (a wrong solution that assumes 32 lanes
// passes at 32 and nowhere else).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLessons } from '../src/lessons/load.js';
import { WEBGPU_SUBGROUP_SIZES } from '../src/lessons/subgroup-sizes.js';
import { judgeExample } from '../src/lessons/verify.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { checkSource } from '../src/runner/check-source.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WRONG = join(ROOT, 'test/fixtures/wrong-solutions/08-subgroups');
const SIZES = [...WEBGPU_SUBGROUP_SIZES];

const lesson = (await loadLessons(join(ROOT, 'lessons'))).find((l) => l.slug === '08-subgroups')!;

/** The sizes at which `source` fails a checkpoint or does not compile. */
function failingSizes(source: string, file: string): number[] {
  return SIZES.filter((subgroupSize) => {
    const r = runOnSimulatorFromSource(source, { file, subgroupSize });
    return !r.compile.ok || r.expects.some((e) => !e.ok);
  });
}

describe('lesson 8 at every subgroup size', () => {
  it('has its examples and three exercises', () => {
    expect(lesson.examples.map((e) => e.file)).toEqual([
      'subgroup-size.wgsl',
      'sum-workgroup.wgsl',
      'sum-subgroup.wgsl',
      'max-subgroup.wgsl',
      'scan-workgroup.wgsl',
      'scan-subgroup.wgsl',
      'scan-carry.wgsl',
      'shuffles.wgsl',
      'subgroup-in-branch.wgsl',
      'count-ballot.wgsl',
    ]);
    expect(lesson.examples.filter((e) => e.kind === 'exercise').every((e) => (e.hints?.length ?? 0) >= 2)).toBe(true);
  });

  for (const ex of lesson.examples) {
    const shader = ex.solution ?? ex;
    it(`${shader.path.slice(shader.path.lastIndexOf('/') + 1)} holds at sizes ${SIZES.join(', ')}`, () => {
      for (const subgroupSize of SIZES) {
        const r = runOnSimulatorFromSource(shader.source, { file: shader.path, subgroupSize });
        const verdict = judgeExample({ ...ex, racy: false }, r);
        expect(verdict.ok, `size ${subgroupSize}: ${verdict.summary}`).toBe(true);
        if (!ex.rejects) expect(r.expects.length).toBeGreaterThan(0);
      }
    });
    if (ex.kind === 'exercise') {
      it(`${ex.file}: the starting point fails at every size`, () => {
        expect(failingSizes(ex.source, ex.path)).toEqual(SIZES);
      });
    }
  }

  it('the scans equal a CPU exclusive scan in every element, and the count a CPU count, at every size', () => {
    const source = (file: string) => {
      const ex = lesson.examples.find((e) => e.file === file)!;
      return (ex.solution ?? ex).source;
    };
    for (const subgroupSize of SIZES) {
      for (const file of ['scan-subgroup.wgsl', 'scan-carry.wgsl']) {
        const [input, prefix] = runOnSimulatorFromSource(source(file), { subgroupSize }).buffers.map((b) => Array.from(b.values));
        let acc = 0;
        const want = input!.map((x) => {
          const before = acc;
          acc += x;
          return before;
        });
        expect(prefix, `${file} at ${subgroupSize}`).toEqual(want);
      }
      const [values, count] = runOnSimulatorFromSource(source('count-ballot.wgsl'), { subgroupSize }).buffers.map((b) =>
        Array.from(b.values),
      );
      expect(count).toEqual([values!.filter((x) => x >= 60).length]);
    }
  });

  it('the subgroup-size example reports the simulated size and subgroup count', () => {
    const ex = lesson.examples.find((e) => e.file === 'subgroup-size.wgsl')!;
    for (const subgroupSize of SIZES) {
      const lanes = runOnSimulatorFromSource(ex.source, { subgroupSize }).buffers[0]!.values;
      expect(Array.from(lanes)).toEqual([256, 256 / subgroupSize, 1, subgroupSize]);
    }
  });
});

describe('lesson 8 wrong solutions are not solutions', () => {
  const files = readdirSync(WRONG).filter((f) => f.endsWith('.wgsl'));
  it('has at least two per exercise, each saying its mistake', () => {
    for (const ex of lesson.examples.filter((e) => e.kind === 'exercise')) {
      const stem = ex.file.replace(/\.wgsl$/, '');
      expect(files.filter((f) => f.startsWith(`${stem}.`)).length, stem).toBeGreaterThanOrEqual(2);
    }
    for (const f of files) expect(readFileSync(join(WRONG, f), 'utf8'), f).toMatch(/^\/\/ mistake: \S/);
  });

  // What each wrong solution does at each size: the sizes where a checkpoint fails, and
  // whether Check (at 8 lanes, lavapipe's size) reports an error.
  const expected: Record<string, { fails: number[]; checkError: boolean }> = {
    'count-ballot.every-lane.wgsl': { fails: SIZES, checkError: false },
    'count-ballot.first-word.wgsl': { fails: [64, 128], checkError: false },
    'max-subgroup.size-32.wgsl': { fails: [4, 8, 16, 64, 128], checkError: true },
    'max-subgroup.subgroup-as-workgroup.wgsl': { fails: SIZES, checkError: false },
    'max-subgroup.zero-start.wgsl': { fails: SIZES, checkError: false },
    'scan-carry.inclusive.wgsl': { fails: SIZES, checkError: false },
    'scan-carry.no-barrier.wgsl': { fails: [], checkError: true },
    'scan-carry.own-run.wgsl': { fails: SIZES, checkError: false },
    'scan-carry.size-32.wgsl': { fails: [4, 8, 16, 64, 128], checkError: true },
  };
  it('lists every fixture', () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });
  for (const [file, want] of Object.entries(expected)) {
    it(`${file} fails where its mistake shows`, async () => {
      const source = readFileSync(join(WRONG, file), 'utf8');
      expect(failingSizes(source, file)).toEqual(want.fails);
      const report = (await checkSource(source, { file, subgroupSize: 8 })).report;
      expect(report.summary.errors > 0, JSON.stringify(report.summary)).toBe(want.checkError);
    });
  }
});
