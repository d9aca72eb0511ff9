// What bin/wgsl-lab.js needs from the CLI, in one module: the entry point that
// scripts/bundle-cli.mjs bundles into dist/bundle/wgsl-lab.js.
export { runIsolated, wantsIsolatedDocument } from './document-output.js';
export { main } from './main.js';
