// A header's `entry` sections applied: the harness one @compute entry point runs with.
import type { Harness } from './types.js';

/**
 * The header as entry point `entry` sees it: its section's dispatch (else the file's), the
 * file's overrides with the section's added (the section's value wins for a name in both),
 * and the file's expectations followed by the section's. Without sections, or for an entry
 * point that has none, the file's lines alone; the result never has sections.
 */
export function harnessForEntry(harness: Harness, entry: string | undefined): Harness {
  if (!harness.entries?.length) return harness;
  const { entries, ...common } = harness;
  const section = entry === undefined ? undefined : entries.find((s) => s.name === entry);
  if (!section) return common;
  const overrides = [...common.overrides.filter((o) => !section.overrides.some((s) => s.name === o.name)), ...section.overrides];
  const textureExpects = [...(common.textureExpects ?? []), ...(section.textureExpects ?? [])];
  return {
    ...common,
    dispatch: section.dispatch ?? common.dispatch,
    ...((section.dispatchLocation ?? common.dispatchLocation)
      ? { dispatchLocation: section.dispatchLocation ?? common.dispatchLocation }
      : {}),
    overrides,
    expects: [...common.expects, ...section.expects],
    ...(textureExpects.length ? { textureExpects } : {}),
  };
}
