// Finds the `//!` header lines of a .wgsl file. They are ordinary WGSL line
// comments, so they may appear anywhere; only lines whose first non-blank
// characters are `//!` count (a `//!` after code is just a comment).

export interface HeaderLine {
  /** 1-based line number in the file. */
  line: number;
  /** The whole file line (so columns index into it directly). */
  text: string;
  /** 0-based index in `text` just after `//!`, where the directive starts. */
  contentStart: number;
}

const HEADER_RE = /^\s*\/\/!/;

/**
 * Returns every header line that has content. A bare `//!` (or `//!` followed
 * only by blanks) is a visual separator and is skipped. Lines end at \n, \r\n
 * or \r, matching how editors number them; a leading byte-order mark is
 * ignored so line 1 columns match what the editor shows.
 */
export function findHeaderLines(source: string): HeaderLine[] {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const lines = text.split(/\r\n|\r|\n/);
  const out: HeaderLine[] = [];
  lines.forEach((lineText, idx) => {
    const m = HEADER_RE.exec(lineText);
    if (!m) return;
    const contentStart = m[0].length;
    if (lineText.slice(contentStart).trim() === '') return;
    out.push({ line: idx + 1, text: lineText, contentStart });
  });
  return out;
}
