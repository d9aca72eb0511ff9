// Lowers the CPU priority of the GPU process of a Chromium that this process launched. A
// kernel that never ends keeps one of SwiftShader's threads busy until the browser closes;
// at the lowest priority (nice 19) those threads use only the CPU that nothing else wants,
// so a test that strands kernels on purpose does not slow the other test files down, nor,
// through them, itself. Linux only (it reads /proc), as the browser tier is.
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The parent of `pid`, from /proc/PID/stat (undefined once the process is gone). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The GPU processes of the browsers this process started, with nice 19 for each of their
 * threads (Linux applies a nice value per thread; threads started later inherit it from
 * the thread that starts them). Returns how many GPU processes were lowered.
 */
export function lowerOwnGpuProcessPriority(): number {
  let lowered = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || !commandLine(pid).includes('--type=gpu-process')) continue;
    const browser = parentOf(pid);
    if (browser === undefined || parentOf(browser) !== process.pid) continue;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        setPriority(Number(task), 19);
      } catch (e) {
        // A thread that ended since the listing has nothing left to lower.
        if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
      }
    }
    lowered++;
  }
  return lowered;
}
