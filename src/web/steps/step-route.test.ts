// Addresses to steps: step numbers (clamped), old section addresses and `###` anchors land
// on the step holding the heading, an unknown section on the first step.
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../../lessons/format.js';
import { lessonSteps } from '../../lessons/steps.js';
import { parseRoute, sectionHref, stepHref } from '../router.js';
import { stepTarget } from './step-route.js';

const steps = lessonSteps(parseLesson('---\ntitle: T\n---\nLead.\n\n## A\n\n::: example a.wgsl\n\n### Deeper\n\nText.\n\n## B\n\nMore.\n'));

function target(hash: string) {
  const route = parseRoute(hash);
  if (route.page !== 'lesson') throw new Error(`not a lesson route: ${hash}`);
  return stepTarget(steps, route);
}

describe('stepTarget', () => {
  it('maps step numbers, clamped to the lesson', () => {
    expect(steps.map((s) => s.anchors)).toEqual([['a'], ['deeper'], ['b']]);
    expect(target(stepHref('x', 2))).toEqual({ step: 2 });
    expect(target(stepHref('x', 99))).toEqual({ step: 3 });
    expect(target('#/lessons/x')).toEqual({ step: 1 });
  });

  it('lands a section or ### address on the step holding the heading', () => {
    expect(target(sectionHref('x', 'b'))).toEqual({ step: 3, anchor: 'b' });
    expect(target(sectionHref('x', 'deeper'))).toEqual({ step: 2, anchor: 'deeper' });
    expect(target(sectionHref('x', 'a'))).toEqual({ step: 1, anchor: 'a' });
    expect(target(sectionHref('x', 'gone'))).toEqual({ step: 1 });
  });
});
