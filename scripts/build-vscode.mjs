// `npm run build:vscode`: the VS Code extension as one .vsix. esbuild bundles
// editors/vscode/src/main.js, which pulls in the client, the language server and the
// analysis worker from src/, into editors/vscode/dist/extension.js (only `vscode` stays
// external: VS Code provides it); then vsce packages the folder (--no-dependencies: the
// bundle needs no node_modules) into editors/vscode/dist/wgsl-lab-<version>.vsix.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ext = join(root, 'editors/vscode');
const { version, name } = JSON.parse(readFileSync(join(ext, 'package.json'), 'utf8'));
const vsix = join(ext, 'dist', `${name}-${version}.vsix`);

rmSync(join(ext, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [join(ext, 'src/main.js')],
  outfile: join(ext, 'dist/extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: ['vscode'],
  minify: true,
  legalComments: 'none',
  // The server's default worker file comes from import.meta.url, which a CommonJS bundle
  // lacks; the bundle names itself as the worker instead (src/server.js), so it is unused.
  define: { 'import.meta.url': 'undefined' },
  logLevel: 'warning',
});

const vsce = join(root, 'node_modules/@vscode/vsce/vsce');
const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], { cwd: ext, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
console.log(vsix);
