// Every fast-check property of the suite runs the same cases on every run: a fixed seed,
// so a CI result does not depend on luck and a failure reproduces. fast-check prints the
// seed (and the path of the shrunk case) when a property fails. FC_SEED=<integer> runs
// other cases, to explore. Loaded by vitest.config.ts (setupFiles) before every test file.
// The fuzz campaigns (test/fuzz) pass their own seeds (FUZZ_SEED, src/fuzz/node/campaign.ts),
// which take precedence over this one.
import fc from 'fast-check';

const DEFAULT_SEED = 1_296_379_873;

function seedFromEnvironment(): number {
  const raw = process.env.FC_SEED?.trim();
  if (raw === undefined || raw === '') return DEFAULT_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got '${raw}'`);
  return seed | 0;
}

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: seedFromEnvironment() });
