// Loaded into the captured program with `node --import` (wgsl-lab capture sets NODE_OPTIONS):
// records every device that Dawn's native addon hands out (node-dawn.ts), whichever way the
// program reached it, counts the worker threads it starts (whose work is not recorded), and
// writes the capture when the program ends (node.ts).
import { hookDawnAddon } from './node-dawn.js';
import { installExitHooks, recorder } from './node.js';
import { countWorkerThreads } from './node-workers.js';

hookDawnAddon((gpu) => recorder.recordGpu(gpu));
countWorkerThreads();
installExitHooks();
