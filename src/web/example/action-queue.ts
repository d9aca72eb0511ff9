// The presses an example could not start at once: Run pressed during Check, Check during a
// run, Watch during either. Each waits its turn in the order pressed (a second press of one
// already waiting adds nothing), and the example says so in words, so no press is ever
// dropped silently; Stop cancels the waiting ones and says which.

export type Task = (signal: AbortSignal) => Promise<void>;

export interface Action {
  /** The button's name, as the reader pressed it: "Run", "Check", "Run 10×", … */
  name: string;
  task: Task;
}

export class ActionQueue {
  private waiting: Action[] = [];

  /** Queues `action` after those waiting; false when one of the same name already waits. */
  add(action: Action): boolean {
    if (this.waiting.some((a) => a.name === action.name)) return false;
    this.waiting.push(action);
    return true;
  }

  next(): Action | undefined {
    return this.waiting.shift();
  }

  /** Drops every waiting action; their names, in order. */
  cancel(): string[] {
    const names = this.waiting.map((a) => a.name);
    this.waiting = [];
    return names;
  }

  names(): string[] {
    return this.waiting.map((a) => a.name);
  }
}

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** What the example says while `running` runs and `waiting` wait; '' when nothing waits. */
export function queueStatus(running: string, waiting: string[]): string {
  if (!waiting.length) return '';
  const then = waiting.length === 1 ? `${waiting[0]} starts` : `${list(waiting)} start in that order`;
  return `${running} is still running; ${then} when it finishes (Stop cancels them all).`;
}

/** What the example says after Stop cancelled `cancelled` (nothing when none waited). */
export function cancelledStatus(cancelled: string[]): string {
  if (!cancelled.length) return '';
  return `Stopped: ${list(cancelled)}, pressed while it ran, did not start.`;
}
