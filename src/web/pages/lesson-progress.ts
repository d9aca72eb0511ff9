// A lesson's progress: how many of its exercises this browser has marked solved (kept in
// localStorage by the exercise widget), for the index.
import { lessonExamples } from '../../lessons/format.js';
import type { SiteLesson } from '../content/lessons.js';
import * as storage from '../storage.js';

export interface LessonProgress {
  solved: number;
  total: number;
}

export function lessonProgress(l: SiteLesson): LessonProgress {
  const exercises = l.lesson ? lessonExamples(l.lesson).filter((e) => e.kind === 'exercise') : [];
  const solved = exercises.filter((e) => storage.load(storage.keys.solved(l.slug, e.file)) === '1').length;
  return { solved, total: exercises.length };
}
