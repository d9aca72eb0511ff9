// Build of the lab site (src/web) into site-dist/. `wgsl-lab serve` runs this build
// through Vite's JS API and serves the output with its own static server.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { CSP_META } from './src/cli/site-policy.js';
import { lessonHtml } from './scripts/lesson-html-plugin.js';

const repo = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The server's Content-Security-Policy as a <meta> tag right after the charset (before any
 * script or style, which a meta policy would not cover), so that the site keeps it on
 * static hosts that send no headers (`wgsl-lab build-site`).
 */
function securityPolicyMeta(): Plugin {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${CSP_META.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" />`;
  return {
    name: 'wgsl-lab-csp-meta',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const charset = /<meta charset="utf-8" \/>/;
        if (!charset.test(html)) throw new Error('src/web/index.html must start its <head> with <meta charset="utf-8" />');
        return html.replace(charset, (m) => `${m}\n    ${tag}`);
      },
    },
  };
}

export default defineConfig({
  root: repo('./src/web'),
  plugins: [securityPolicyMeta(), lessonHtml(repo('./lessons'))],
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
    rollupOptions: {
      // The front end's modules only declare (tables built by helper calls Rollup cannot
      // prove pure): the page imports run-gpu.ts, which can reflect a shader, but the lab
      // reflects in its worker, so the parser must not be kept in the page for them.
      treeshake: { moduleSideEffects: (id) => !/[\\/]src[\\/]wgsl[\\/]/.test(id) },
    },
  },
  worker: { format: 'es' },
  server: { fs: { allow: [repo('./')] } },
});
