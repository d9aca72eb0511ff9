#!/usr/bin/env bash
# Builds self-contained programs for a GPU host with no node_modules:
#   .gpuhost/wgsl-lab-bench.mjs   the bench CLI and everything it imports, one ESM file
#   .gpuhost/bank-truth.mjs       the bank-conflict model vs hardware suite (src/bench/bank-truth-cli.ts)
#   .gpuhost/explore.mjs          candidate variants of scan, transpose and sort, timed (scripts/explore.ts)
#   .gpuhost/explore-sort.mjs     one radix sort pass taken apart, and sort variants, timed (scripts/explore-sort.ts)
#   .gpuhost/explore-matmul.mjs   matmul variants on 4096³ f32, validated and timed (scripts/explore-matmul.ts)
#   .gpuhost/explore-copy.mjs     copy kernel shapes and register transposes, timed (scripts/explore-copy.ts)
#   .gpuhost/dawn.node            the `webgpu` package's native Dawn, loaded from beside it
# Run from the project root after `npm ci`:  scripts/gpuhost-bundle.sh [DIR]   (DIR: .gpuhost)
# Then: node DIR/wgsl-lab-bench.mjs --json --out OUT  (with a packed node and the
# Vulkan loader on a bare host: see bench/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-.gpuhost}
mkdir -p "$dir"
cp node_modules/webgpu/dist/linux-x64/dawn.node "$dir/dawn.node"
node --input-type=module - "$dir" <<'JS'
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';

const dir = process.argv[2];
// The webgpu package finds dawn.node under dist/<platform>-<arch>/ beside its index.js;
// in the bundle, import.meta.url is the bundle's, so point it at the file next to it.
const dawnBesideBundle = {
  name: 'dawn-beside-bundle',
  setup(b) {
    b.onLoad({ filter: /node_modules[\\/]webgpu[\\/]index\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const pattern = /join\(__dirname, 'dist', `\$\{process\.platform\}-\$\{arch\}`, 'dawn\.node'\)/;
      if (!pattern.test(source)) throw new Error(`webgpu's index.js no longer locates dawn.node as expected: update scripts/gpuhost-bundle.sh`);
      return { contents: source.replace(pattern, `join(__dirname, 'dawn.node')`), loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [dawnBesideBundle],
  logLevel: 'warning',
};

await build({
  ...common,
  stdin: {
    contents: `import { benchCommand } from './src/cli/bench.ts';
const io = { out: (s) => process.stdout.write(s + '\\n'), err: (s) => process.stderr.write(s + '\\n') };
const code = await benchCommand(process.argv.slice(2), io);
// Dawn keeps native handles alive; exit once the output is flushed.
process.stdout.write('', () => process.exit(code));
`,
    resolveDir: process.cwd(),
    sourcefile: 'gpuhost-bench-entry.ts',
    loader: 'ts',
  },
  outfile: `${dir}/wgsl-lab-bench.mjs`,
});

await build({ ...common, entryPoints: ['src/bench/bank-truth-cli.ts'], outfile: `${dir}/bank-truth.mjs` });
await build({ ...common, entryPoints: ['scripts/explore.ts'], outfile: `${dir}/explore.mjs` });
await build({ ...common, entryPoints: ['scripts/explore-sort.ts'], outfile: `${dir}/explore-sort.mjs` });
await build({ ...common, entryPoints: ['scripts/explore-matmul.ts'], outfile: `${dir}/explore-matmul.mjs` });
await build({ ...common, entryPoints: ['scripts/explore-copy.ts'], outfile: `${dir}/explore-copy.mjs` });
JS
ls -l "$dir/wgsl-lab-bench.mjs" "$dir/bank-truth.mjs" "$dir/explore.mjs" "$dir/explore-sort.mjs" "$dir/explore-matmul.mjs" "$dir/explore-copy.mjs" "$dir/dawn.node"
