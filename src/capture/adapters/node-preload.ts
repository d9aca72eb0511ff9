// Loaded into the captured program with `node --import` (wgsl-lab capture sets NODE_OPTIONS):
// records every device that Dawn's native addon hands out (node-dawn.ts), whichever way the
// program reached it, and writes the capture when the program ends (node.ts).
import { hookDawnAddon } from './node-dawn.js';
import { installExitHooks, recorder } from './node.js';

hookDawnAddon((gpu) => recorder.recordGpu(gpu));
installExitHooks();
