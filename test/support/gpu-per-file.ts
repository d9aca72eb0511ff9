// Set-up of every file in the gpu tier, whose files run one after another in a shared worker
// process: each starts with a live device (the previous file may have destroyed it), before
// the file is imported, so that its top-level code sees the new one too.
import { freshGpu, gpu } from './gpu.js';

await freshGpu();

// A file that failed between pushing and popping an error scope leaves it on the device, and
// the next file's WebGPU errors would land in it instead of failing that file: pop what is
// left (popping with no scope left rejects).
for (let left = 0; left < 64; left++) {
  try {
    await gpu.device.popErrorScope();
  } catch {
    break;
  }
}
