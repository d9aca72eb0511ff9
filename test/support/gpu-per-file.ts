// Set-up of every file in the gpu tier, whose files run one after another in a shared worker
// process: each starts with a live device (the previous file may have destroyed it), before
// the file is imported, so that its top-level code sees the new one too.
import { freshGpu } from './gpu.js';

await freshGpu();
