#!/usr/bin/env node
// Launcher: runs the CLI, bundled into one file by `npm run build` (the `prepare` script of
// `npm ci` runs it; scripts/bundle-cli.mjs says why one file).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/bundle/wgsl-lab.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('wgsl-lab is not built yet: run `npm ci` (or `npm run build`) in the wgsl-lab folder.\n');
  process.exit(2);
}
const cli = await import(entry.href);
const argv = process.argv.slice(2);
// A document on stdout (--json, --sarif, --format github) is written by a child process, so
// that what Dawn prints natively on stdout lands on stderr instead (src/cli/document-output.ts).
if (cli.wantsIsolatedDocument(argv)) process.exit(await cli.runIsolated(fileURLToPath(import.meta.url), argv));
const code = await cli.main(argv);
// Dawn keeps native handles alive; exit explicitly once output is flushed.
process.stdout.write('', () => process.exit(code));
