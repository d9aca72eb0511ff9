// Edits the lab makes to an example's code on the reader's behalf: removing its barriers
// (the `toggle-barrier` switch) and changing a uniform's value in the header (the
// smoothing example's step count).

const BARRIER_CALL = /\bworkgroupBarrier\s*\(\s*\)\s*;/g;

/** The code with every `workgroupBarrier();` replaced by a comment (line numbers stay). */
export function removeBarriers(code: string): { code: string; removed: number } {
  let removed = 0;
  const out = code.replace(BARRIER_CALL, () => (removed++, '/* barrier removed */'));
  return { code: out, removed };
}

function uniformLine(binding: number): RegExp {
  return new RegExp(`^(//!\\s*uniform\\s+(?:0:)?${binding}\\s+\\w+\\s*=[ \\t]*)(.*)$`, 'm');
}

/** The init expression of `//! uniform BINDING TYPE = EXPR`, when the header has one. */
export function uniformValue(code: string, binding: number): string | undefined {
  return uniformLine(binding).exec(code)?.[2]?.trim();
}

export function setUniformValue(code: string, binding: number, value: string): string {
  return code.replace(uniformLine(binding), (_all, head: string) => head + value);
}

const EXPECT_LINE = /^(\s*\/\/!\s*expect\s+[^=\n]*=)[^\n]*$/gm;

/**
 * The code with every `//! expect … = VALUES` showing `?` for its values: what a prediction
 * exercise shows until the learner commits to a prediction (the values are the answer).
 */
export function hideExpectedValues(code: string): string {
  return code.replace(EXPECT_LINE, (_all, head: string) => `${head} ?`);
}
