// Differential fuzzing of what is code and where: real kernels (lessons, corpus, feature
// kernels) with blankspace, line comments and block comments inserted between tokens,
// made of every WGSL line-break and blankspace code point, bidi and zero-width characters
// and '$' (src/fuzz/blankspace-gen.ts). The front end and Tint (Dawn) must agree on the
// line and column of the first error, or both accept: a comment that one ends and the
// other does not, or a line one counts and the other does not, shows here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertionArb, withInsertions } from '../../src/fuzz/blankspace-gen.js';
import { campaign, count, testTimeoutMs } from '../../src/fuzz/node/campaign.js';
import { compileWgsl } from '../../src/gpu/compile.js';
import { frontEndModule } from '../../src/runner/simulate.js';
import { gpu } from '../support/gpu.js';
import { seedFiles } from './support.js';

type Verdict = string;

/**
 * Tint's first error as line:column, or 'accepted'. `atCharacter` is false when Tint puts
 * an invalid character's error elsewhere: inside a template list (`var<$storage>`) its
 * template discovery stops at the character and it reports a "missing closing '>'" at the
 * '<' instead; then only the verdict is compared.
 */
async function tintVerdict(source: string): Promise<{ verdict: Verdict; atCharacter: boolean }> {
  const e = (await compileWgsl(gpu.device, source)).diagnostics.find((d) => d.severity === 'error');
  if (!e) return { verdict: 'accepted', atCharacter: true };
  return { verdict: `${e.loc?.line ?? 0}:${e.loc?.column ?? 0}`, atCharacter: /invalid character/.test(e.message) };
}

function ownVerdict(source: string): Verdict {
  const e = frontEndModule(source).messages.find((m) => m.severity === 'error');
  return e ? `${e.line}:${e.column}` : 'accepted';
}

describe('fuzz: line breaks and blankspace, front end vs Tint', () => {
  it(
    'inserted blankspace and comments: the same first error (or none) in both',
    async () => {
      const files = seedFiles();
      // Only kernels both accept as they are: then every error comes from an insertion.
      const accepted = new Map<number, boolean>();
      const stats: Record<string, number> = {};
      const r = await campaign({
        name: 'line-breaks',
        arbitrary: fc.record({
          file: fc.nat({ max: files.length - 1 }),
          insertions: fc.array(insertionArb, { minLength: 1, maxLength: 8 }),
        }),
        show: ({ file, insertions }) =>
          `// ${files[file]!.name} with ${JSON.stringify(insertions)}\n${withInsertions(files[file]!.source, insertions)}`,
        stats,
        check: async ({ file, insertions }) => {
          const seed = files[file]!.source;
          if (!accepted.has(file)) accepted.set(file, ownVerdict(seed) === 'accepted' && (await tintVerdict(seed)).verdict === 'accepted');
          if (!accepted.get(file)) {
            count(stats, 'seed refused');
            return;
          }
          const source = withInsertions(seed, insertions);
          const tint = await tintVerdict(source);
          const own = ownVerdict(source);
          if (tint.verdict === 'accepted' || tint.atCharacter) {
            count(stats, tint.verdict === 'accepted' ? 'both accept' : 'both refuse');
            expect(own, 'front end vs Tint: first error (line:column) or accepted').toBe(tint.verdict);
          } else {
            count(stats, 'Tint refuses at a template list');
            expect(own, 'the front end refuses what Tint refuses').not.toBe('accepted');
          }
        },
      });
      expect(r.failure?.message).toBeUndefined();
      expect(r.cases).toBeGreaterThan(20);
      expect(stats['both refuse'] ?? 0).toBeGreaterThan(0);
      expect(stats['both accept'] ?? 0).toBeGreaterThan(0);
    },
    testTimeoutMs('line-breaks'),
  );
});
