// The package's version, read from its package.json (two folders above dist/cli/), so
// `--version`, `wgsl-lab version` and SARIF's tool version never drift from the release.
import { readFileSync } from 'node:fs';

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string') throw new Error("wgsl-lab's package.json has no version");
  return pkg.version;
}

export const PACKAGE_VERSION = readVersion();
