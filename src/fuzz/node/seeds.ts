// The kernels the mutation fuzzer starts from, read from a checkout: every lesson example,
// the analyzer's corpus and the feature kernels. The fuzz tests and the many-core runner
// (scripts/fuzz-shards.ts) mutate the same files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SeedFile {
  /** The path relative to the checkout's root. */
  name: string;
  source: string;
}

/** The seed kernels under `root`, in a fixed order (folders and files sorted). */
export function seedFiles(root: string): SeedFile[] {
  const out: SeedFile[] = [];
  const add = (dir: string) => {
    for (const f of readdirSync(join(root, dir))
      .filter((x) => x.endsWith('.wgsl'))
      .sort())
      out.push({ name: `${dir}/${f}`, source: readFileSync(join(root, dir, f), 'utf8') });
  };
  for (const l of readdirSync(join(root, 'lessons')).sort()) add(`lessons/${l}`);
  add('corpus');
  add('test/kernels');
  return out;
}
