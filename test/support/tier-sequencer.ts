// The order in which one `vitest run` of every tier (`./lab test`) hands files to its
// workers. Vitest's own order runs the projects by name, each project's longest files first,
// which left the package tier's two long files last, one worker idle while the other ran
// them. Projects with long files go first here and the fast tier, mostly files of under a
// second, last: the run ends on small files, spread over both workers. Within a project the
// order stays vitest's (the files that took longest in the last run first).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Projects in the order they start; a project not named runs after these, in vitest's order. */
export const PROJECT_ORDER = ['browser', 'package', 'gpu-own-process', 'gpu', 'fuzz', 'fast-mocking', 'fast'];

export class TierSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => {
      const at = PROJECT_ORDER.indexOf(spec.project.name);
      return at < 0 ? PROJECT_ORDER.length : at;
    };
    // Array.prototype.sort is stable: vitest's order holds within each project.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
