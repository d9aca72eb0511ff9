import { describe, expect, it } from 'vitest';
import { RecentSources } from './recent-sources.js';

describe('RecentSources', () => {
  it('remembers the most recent sources up to its capacity, a repeated one moving to the front', () => {
    const recent = new RecentSources(2);
    recent.add('a');
    recent.add('b');
    recent.add('a');
    recent.add('c');
    expect(['a', 'b', 'c'].map((s) => recent.has(s))).toEqual([true, false, true]);
  });
});
