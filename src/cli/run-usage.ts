// The usage text of `wgsl-lab run`, on its own: the top-level help prints it without loading
// the run command's modules (main.ts loads each command only when it runs).
import { DEFAULT_GPU_TIMEOUT_SECONDS } from '../gpu/watchdog.js';

export const RUN_USAGE = `usage: wgsl-lab run FILE... [--sim [--max-steps N] [--subgroup-size N]] [--timeout SECONDS] [--max-memory SIZE] [--json] [--full] [--entry NAME]
  Runs each file's @compute entry point as its //! header says, prints the buffers and
  checks every expect line. Exit 0: all passed; 1: an expectation failed or the shader did
  not compile; 2: bad input (missing file, header error, binding mismatch, limits, over
  the memory budget);
  124: the GPU work did not finish within --timeout.
  --sim          run on the simulator instead of the GPU
  --max-steps N  with --sim: the step budget before a kernel counts as endless (default 50000000)
  --subgroup-size N  with --sim: lanes per subgroup, 1 to 128 (default 32)
  --timeout S    on the GPU: seconds a submission may take before the device is given up (default ${DEFAULT_GPU_TIMEOUT_SECONDS})
  --max-memory SIZE  refuse a kernel whose buffers would need more memory (512M, 4G, 1.5GiB,
                 bytes; default: half of this machine's memory, at most 16 GiB)
  --json         print a JSON result per file (an array when several files)
  --full         print every buffer element (default: long buffers are abbreviated)
  --entry NAME   the entry point to run when the shader has several`;
