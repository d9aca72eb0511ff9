// Hash routes as a reader types or pastes them, malformed ones included.
import { describe, expect, it } from 'vitest';
import { parseRoute, stepHref } from './router.js';

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

  it('reads a step of a lesson, written with lessons or lesson', () => {
    expect(parseRoute(stepHref('04-reduction', 3))).toEqual({ page: 'lesson', slug: '04-reduction', step: 3 });
    expect(parseRoute('#/lesson/04-reduction/step/3/')).toEqual({ page: 'lesson', slug: '04-reduction', step: 3 });
    expect(parseRoute('#/lessons/04-reduction/step/0')).toEqual({ page: 'lesson', slug: '04-reduction', step: 1 });
    // A section whose heading is "Step" keeps its address; a step needs its number.
    expect(parseRoute('#/lessons/04-reduction/step')).toEqual({ page: 'lesson', slug: '04-reduction', section: 'step' });
    expect(parseRoute('#/lessons/04-reduction/step/x')).toEqual({ page: 'not-found', path: '/lessons/04-reduction/step/x' });
  });

  it('gives a malformed escape the not-found page instead of throwing (a blank page)', () => {
    expect(parseRoute('#%')).toEqual({ page: 'not-found', path: '%' });
    expect(parseRoute('#/lessons/%E0%A4%A')).toEqual({ page: 'not-found', path: '/lessons/%E0%A4%A' });
    expect(parseRoute('#/nowhere')).toEqual({ page: 'not-found', path: '/nowhere' });
  });
});
