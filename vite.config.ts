// Build of the lab site (src/web) into site-dist/. `wgsl-lab serve` runs this build
// through Vite's JS API and serves the output with its own static server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repo = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: repo('./src/web'),
  // Relative asset URLs: the site works from any path prefix (and hash routing needs no
  // server rewrites).
  base: './',
  resolve: {
    // The lessons live at the repository root, outside Vite's root; the alias lets
    // import.meta.glob reach them (globs accept aliases, not paths above the root).
    alias: { '@lessons': repo('./lessons') },
  },
  build: {
    outDir: repo('./site-dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser with WebGPU supports modulepreload; the polyfill would only add code.
    modulePreload: { polyfill: false },
    // CodeMirror and the WGSL front end make one large chunk; that is expected.
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es' },
  server: { fs: { allow: [repo('./')] } },
});
