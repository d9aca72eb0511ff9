// The second step of `npm run build`: the `wgsl-lab` command as one file. tsc writes a
// module per source file into dist/; Node then reads and compiles some two hundred of them
// at every start, which costs more than most commands' work. esbuild joins dist/cli/launch.js
// and what it imports into dist/bundle/wgsl-lab.js, which bin/wgsl-lab.js loads, and each
// subcommand's modules (imported on demand by main.ts) into a chunk of their own beside it,
// so that a command loads only its own code; packages stay external. The per-file modules
// stay in dist/ for the library entry points and for the worker threads and child processes,
// which start from their own files.
//
// A module that finds its files through import.meta.url (the worker scripts next to it, the
// package root above it) must see its own location, not the bundle's: the plugin replaces
// import.meta.url in each module by the URL that module has in dist/.
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const outdir = join(dist, 'bundle');

/** esbuild plugin: each dist module's import.meta.url, as the URL of its own file. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async (args) => {
      if (!args.path.startsWith(dist + sep)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split(sep).join('/');
      const own = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

// Chunk names are content hashes: the last build's would stay beside the new ones.
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { 'wgsl-lab': join(dist, 'cli/launch.js') },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [ownImportMetaUrl],
  logLevel: 'warning',
});
