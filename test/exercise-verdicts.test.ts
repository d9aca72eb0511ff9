// "Solved means solved", on the simulator (fast tier): for every exercise of every lesson,
// its solution is Solved, its starting point is not, and so is none of the plausible wrong
// solutions in test/fixtures/wrong-solutions/<lesson>/<exercise>.<mistake>.wgsl (at least
// two per exercise, each starting with a `// mistake:` line). A lesson added later is
// covered as soon as it is in lessons/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadLessons } from '../src/lessons/load.js';
import { exerciseVerdictOnSimulator } from '../src/lessons/verify-exercise.js';
import type { RunResult } from '../src/runner/result.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const lessons = await loadLessons(join(root, 'lessons'));
const wrongDir = join(root, 'test/fixtures/wrong-solutions');

const exercises = lessons.flatMap((l) =>
  l.examples.filter((e) => e.kind === 'exercise').map((e) => ({ slug: l.slug, stem: basename(e.file, '.wgsl'), e })),
);

function wrongSolutions(slug: string, stem: string): { name: string; source: string }[] {
  const dir = join(wrongDir, slug);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${stem}.`) && f.endsWith('.wgsl') && f.split('.').length === 3)
    .sort()
    .map((f) => ({ name: f, source: readFileSync(join(dir, f), 'utf8') }));
}

describe('exercise verdicts on the simulator', () => {
  it('finds the exercises of the lessons', () => {
    expect(exercises.length).toBeGreaterThanOrEqual(10);
  });

  for (const { slug, stem, e } of exercises) {
    describe(`${slug}/${e.file}`, () => {
      const files = { ref: e, original: e.source, solution: e.solution!.source };
      const cache = new Map<string, RunResult>();

      it('has at least two wrong solutions, each saying its mistake', () => {
        const wrong = wrongSolutions(slug, stem);
        expect(wrong.length, `${wrongDir}/${slug}/${stem}.<mistake>.wgsl`).toBeGreaterThanOrEqual(2);
        for (const w of wrong) expect(w.source, w.name).toMatch(/^\/\/ mistake: \S/);
      });

      it('is Solved by its solution, and not by its starting point', async () => {
        const solved = await exerciseVerdictOnSimulator(files, e.solution!.source, cache);
        expect(solved.text).toMatch(/^Solved: every checkpoint passes on the shown data/);
        expect(solved.solved).toBe(true);
        const start = await exerciseVerdictOnSimulator(files, e.source, cache);
        expect(start.solved, start.text).toBe(false);
        expect(start.text).toMatch(/^Not solved yet: /);
      });

      for (const w of wrongSolutions(slug, stem)) {
        it(`is not Solved by ${w.name}`, async () => {
          const v = await exerciseVerdictOnSimulator(files, w.source, cache);
          expect(v.solved, v.text).toBe(false);
          expect(v.text).toMatch(/^Not solved yet: /);
          if (process.env.SHOW_VERDICTS) console.log(`${w.name}: ${v.text}`);
        });
      }
    });
  }
});
