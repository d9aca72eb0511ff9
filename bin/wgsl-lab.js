#!/usr/bin/env node
// Launcher: runs the compiled CLI (built by `npm ci` through the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('wgsl-lab is not built yet: run `npm ci` (or `npm run build`) in the wgsl-lab folder.\n');
  process.exit(2);
}
const argv = process.argv.slice(2);
// A document on stdout (--json, --sarif, --format github) is written by a child process, so
// that what Dawn prints natively on stdout lands on stderr instead (src/cli/document-output.ts).
const isolation = await import(new URL('../dist/cli/document-output.js', import.meta.url).href);
if (isolation.wantsIsolatedDocument(argv)) process.exit(await isolation.runIsolated(fileURLToPath(import.meta.url), argv));
const { main } = await import(entry.href);
const code = await main(argv);
// Dawn keeps native handles alive; exit explicitly once output is flushed.
process.stdout.write('', () => process.exit(code));
