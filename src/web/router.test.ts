// Hash routes as a reader types or pastes them, malformed ones included.
import { describe, expect, it } from 'vitest';
import { parseRoute } from './router.js';

describe('parseRoute', () => {
  it('reads the index, lessons and their sections', () => {
    expect(parseRoute('')).toEqual({ page: 'index' });
    expect(parseRoute('#/')).toEqual({ page: 'index' });
    expect(parseRoute('#/lessons/02-workgroup-memory')).toEqual({ page: 'lesson', slug: '02-workgroup-memory' });
    expect(parseRoute('#/lessons/02-workgroup-memory/the-tile')).toEqual({
      page: 'lesson',
      slug: '02-workgroup-memory',
      section: 'the-tile',
    });
    expect(parseRoute('#/lessons/%30%31-first')).toEqual({ page: 'lesson', slug: '01-first' });
  });

  it('gives a malformed escape the not-found page instead of throwing (a blank page)', () => {
    expect(parseRoute('#%')).toEqual({ page: 'not-found', path: '%' });
    expect(parseRoute('#/lessons/%E0%A4%A')).toEqual({ page: 'not-found', path: '/lessons/%E0%A4%A' });
    expect(parseRoute('#/nowhere')).toEqual({ page: 'not-found', path: '/nowhere' });
  });
});
