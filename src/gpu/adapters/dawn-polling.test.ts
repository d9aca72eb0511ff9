// The pacing of Dawn's event polling (dawn-polling.ts): full speed for the first millisecond
// of a wait, once per millisecond after that, full speed again for the next wait; only
// Dawn's native, nameless callback is paced.
import { describe, expect, it } from 'vitest';
import { FULL_SPEED_MS, isDawnPoll, POLL_INTERVAL_MS, pollPacer } from './dawn-polling.js';

describe('pollPacer', () => {
  it('polls at once for the first millisecond of a wait, then once per interval', () => {
    const pace = pollPacer();
    // Polls 0.01 ms apart, as Dawn's loop makes them.
    const early = Array.from({ length: 50 }, (_, i) => pace(100 + i * 0.01));
    expect(early.every((p) => p === 'now')).toBe(true);
    expect(pace(100 + FULL_SPEED_MS)).toBe('later');
    // Paced polls arrive an interval apart: the same wait, still paced.
    expect(pace(100 + FULL_SPEED_MS + POLL_INTERVAL_MS)).toBe('later');
    expect(pace(100 + FULL_SPEED_MS + 2 * POLL_INTERVAL_MS)).toBe('later');
  });

  it('treats a poll after a pause as a new wait, at full speed', () => {
    const pace = pollPacer();
    pace(0);
    expect(pace(5)).toBe('now');
    expect(pace(5 + FULL_SPEED_MS + 0.5)).toBe('later');
    expect(pace(50)).toBe('now');
  });
});

describe('isDawnPoll', () => {
  it('recognises a native function without a name, and nothing else', () => {
    // A bound function of a nameless function is native and nameless, like Dawn's callback.
    const nativeNameless = function () {}.bind(null);
    Object.defineProperty(nativeNameless, 'name', { value: '' });
    expect(isDawnPoll(nativeNameless)).toBe(true);
    expect(isDawnPoll(() => {})).toBe(false);
    expect(isDawnPoll(function named() {})).toBe(false);
    expect(isDawnPoll(Math.max)).toBe(false);
    expect(isDawnPoll(undefined)).toBe(false);
  });
});
