// Loaded into the captured program with `node --import` (wgsl-lab capture sets NODE_OPTIONS):
// redirects the program's `import … from 'webgpu'` to a wrapper whose create() records every
// device (node-hooks.ts, node-webgpu.ts), and writes the capture when the program ends.
import { register } from 'node:module';
import { installExitHooks } from './node.js';

register('./node-hooks.js', import.meta.url);
installExitHooks();
