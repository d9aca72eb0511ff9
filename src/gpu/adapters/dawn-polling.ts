// Dawn's Node binding resolves its promises (mapAsync, onSubmittedWorkDone, pipeline creation)
// by polling: while any is pending it calls the global setImmediate with a native callback
// that processes Dawn's events and queues itself again. That loop holds a core for as long
// as the GPU works, many polls per millisecond, and on a CPU adapter (lavapipe) the core
// it takes is one the kernel could have used. throttleDawnPolling() gives Dawn a setImmediate
// that lets the first millisecond of a wait poll at full speed (a short wait is not delayed)
// and then polls once a millisecond (a long wait ends at most a millisecond late).

/** How long a wait polls at full speed before it polls once per POLL_INTERVAL_MS. */
export const FULL_SPEED_MS = 1;
export const POLL_INTERVAL_MS = 1;

/** Polls closer together than this belong to the same wait. */
const SAME_WAIT_MS = 2 * POLL_INTERVAL_MS + 1;

/**
 * Decides, poll by poll, whether Dawn's next poll runs at once or after POLL_INTERVAL_MS:
 * at once for the first FULL_SPEED_MS of a wait, later after that. `now` is in ms.
 */
export function pollPacer(): (now: number) => 'now' | 'later' {
  let waitStart = -Infinity;
  let lastPoll = -Infinity;
  return (now) => {
    if (now - lastPoll > SAME_WAIT_MS) waitStart = now;
    lastPoll = now;
    return now - waitStart < FULL_SPEED_MS ? 'now' : 'later';
  };
}

/**
 * Dawn's poll callback: a native function without a name (Napi::Function::New). Node's own
 * native functions have names, and JavaScript callbacks are not native.
 */
export function isDawnPoll(callback: unknown): boolean {
  return (
    typeof callback === 'function' && callback.name === '' && /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(callback))
  );
}

let installed = false;

/** Whether throttleDawnPolling() has run in this process (the Node provider runs it when it loads Dawn). */
export function dawnPollingPaced(): boolean {
  return installed;
}

/** Installs the paced setImmediate on globalThis, once per process; other callbacks are untouched. */
export function throttleDawnPolling(): void {
  if (installed) return;
  installed = true;
  const immediate = globalThis.setImmediate;
  const pace = pollPacer();
  const paced = function (this: unknown, callback: (...args: unknown[]) => void, ...args: unknown[]) {
    if (isDawnPoll(callback) && pace(performance.now()) === 'later') return setTimeout(callback, POLL_INTERVAL_MS, ...args);
    return Reflect.apply(immediate, this, [callback, ...args]) as NodeJS.Immediate;
  };
  // util.promisify(setImmediate) and anything else that reads its properties see the original's.
  Object.defineProperties(paced, Object.getOwnPropertyDescriptors(immediate));
  globalThis.setImmediate = paced as typeof setImmediate;
}
