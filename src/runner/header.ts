// A kernel's `//!` header as the runs use it: parsed, with the contents of its files
// attached. Every problem of the header (syntax, a file missing or of the wrong size) is
// thrown at once as HarnessErrors.
import {
  attachFiles,
  harnessForEntry,
  HarnessError,
  parsedHeader,
  type EntrySection,
  type FileContents,
  type Harness,
} from '../harness/index.js';
import { sortHarnessErrors } from '../harness/errors.js';
import { entryPointStages, type EntryPointStage } from '../wgsl/entry-stages.js';
import { HarnessErrors } from './errors.js';

/**
 * `entry`: the @compute entry point that runs, whose `entry` section of the header applies
 * (harnessForEntry); when it is not given, the only @compute entry point's, if there is one.
 */
export function readHeader(source: string, files: FileContents = new Map(), entry?: string): Harness {
  const parsed = parsedHeader(source);
  const harness = parsed.harness;
  // A copy: the parse is shared with the run's other steps.
  const errors = [...parsed.errors];
  let runs = entry;
  if (harness.entries?.length) {
    const stages = entryPointStages(source);
    const computes = stages.filter((e) => e.stage === 'compute');
    // A source the lexer cannot read has no entry points here: the compiler's error says why.
    if (stages.length) errors.push(...harness.entries.flatMap((s) => sectionProblems(s, stages)));
    if (runs === undefined && computes.length === 1) runs = computes[0]!.name;
  }
  if (errors.length) throw new HarnessErrors(sortHarnessErrors(errors));
  const attached = attachFiles(harnessForEntry(harness, runs), files);
  if (attached.errors.length) throw new HarnessErrors(attached.errors);
  return attached.harness;
}

/** Why an `entry` section names no @compute entry point of the shader (none when it does). */
function sectionProblems(section: EntrySection, stages: readonly EntryPointStage[]): HarnessError[] {
  const found = stages.find((e) => e.name === section.name);
  if (found?.stage === 'compute') return [];
  const computes = stages.filter((e) => e.stage === 'compute').map((e) => e.name);
  const what = found ? `'${section.name}' is a @${found.stage} entry point` : `the shader has no entry point '${section.name}'`;
  return [
    new HarnessError(
      `${what}; entry sections are for @compute entry points (the shader has: ${computes.join(', ') || 'none'})`,
      section.nameLoc,
    ),
  ];
}

/** The header's `override` values as pipeline constants (undefined when it has none). */
export function overrideValues(harness: Harness): Record<string, number> | undefined {
  if (!harness.overrides.length) return undefined;
  return Object.fromEntries(harness.overrides.map((o) => [o.name, o.value]));
}
