// Which step of a lesson an address shows: `step/N` that step (clamped to the lesson),
// a section or `###` anchor the step holding that heading, else the first. Pure, so the
// mapping of old addresses is tested without a browser.
import { stepOfAnchor, type LessonStep } from '../../lessons/steps.js';

export interface StepTarget {
  /** 1-based step number. */
  step: number;
  /** The heading to scroll to within the step, when the address named one that exists. */
  anchor?: string;
}

export function stepTarget(steps: readonly LessonStep[], route: { section?: string; step?: number }): StepTarget {
  const count = Math.max(1, steps.length);
  if (route.step !== undefined) return { step: Math.min(Math.max(1, Math.floor(route.step)), count) };
  if (route.section !== undefined) {
    const s = stepOfAnchor(steps, route.section);
    if (s) return { step: s.number, anchor: route.section };
  }
  return { step: 1 };
}
