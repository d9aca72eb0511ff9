import { describe, expect, it } from 'vitest';
import { ActionQueue, cancelledStatus, queueStatus } from './action-queue.js';

const task = async () => {};

describe('ActionQueue', () => {
  it('keeps presses in order, one per button, and cancels them all', () => {
    const q = new ActionQueue();
    expect(q.add({ name: 'Run', task })).toBe(true);
    expect(q.add({ name: 'Watch', task })).toBe(true);
    expect(q.add({ name: 'Run', task })).toBe(false);
    expect(q.names()).toEqual(['Run', 'Watch']);
    expect(q.next()?.name).toBe('Run');
    expect(q.add({ name: 'Check', task })).toBe(true);
    expect(q.cancel()).toEqual(['Watch', 'Check']);
    expect(q.next()).toBeUndefined();
  });

  it('says what waits for what, and what Stop cancelled', () => {
    expect(queueStatus('Check', [])).toBe('');
    expect(queueStatus('Check', ['Run'])).toBe('Check is still running; Run starts when it finishes (Stop cancels them all).');
    expect(queueStatus('Run', ['Check', 'Watch', 'Run 10×'])).toBe(
      'Run is still running; Check, Watch and Run 10× start in that order when it finishes (Stop cancels them all).',
    );
    expect(cancelledStatus([])).toBe('');
    expect(cancelledStatus(['Run', 'Check'])).toBe('Stopped: Run and Check, pressed while it ran, did not start.');
  });
});
