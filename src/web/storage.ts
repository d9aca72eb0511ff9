// Persistence of the reader's work (edited code, answers, solved exercises) in
// localStorage. Every access is guarded: storage can be disabled or full, and the lab must
// keep working without it.

const PREFIX = 'wgsl-lab:v1:';

export function load(key: string): string | undefined {
  try {
    return localStorage.getItem(PREFIX + key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function save(key: string, value: string): void {
  try {
    localStorage.setItem(PREFIX + key, value);
  } catch {
    // Quota or privacy mode: the edit still lives in the page.
  }
}

export function remove(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // As above.
  }
}

export const keys = {
  code: (slug: string, file: string) => `code:${slug}/${file}`,
  answer: (slug: string, line: number) => `answer:${slug}/${line}`,
  solved: (slug: string, file: string) => `solved:${slug}/${file}`,
  /** What the learner predicted for a prediction exercise, before seeing its checkpoints. */
  prediction: (slug: string, file: string) => `prediction:${slug}/${file}`,
  /** Set while the example's code runs: left behind when a run never finished. */
  running: (slug: string, file: string) => `running:${slug}/${file}`,
};
