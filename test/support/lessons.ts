// The lesson files as the repository holds them, for tests that need a lesson's own text.
import { readFileSync } from 'node:fs';

/** The text of `lessons/PATH` (for example '01-first-kernel/square.wgsl'). */
export const lessonFile = (path: string): string => readFileSync(new URL(`../../lessons/${path}`, import.meta.url), 'utf8');
