// When the CLI colours its text: FORCE_COLOR, then NO_COLOR, then whether it writes to a terminal.
import { describe, expect, it } from 'vitest';
import { colorEnabled } from './color.js';

describe('colorEnabled', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  it('colours a terminal and nothing else by default', () => {
    expect(colorEnabled(tty, {})).toBe(true);
    expect(colorEnabled(pipe, {})).toBe(false);
    expect(colorEnabled({}, {})).toBe(false);
  });
  it('NO_COLOR turns it off, FORCE_COLOR on (and wins, as in Node); FORCE_COLOR=0 turns it off', () => {
    expect(colorEnabled(tty, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(colorEnabled(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorEnabled(tty, { FORCE_COLOR: 'false' })).toBe(false);
  });
});
