// WGSL's line breaks and blankspace (WGSL § "Blankspace and Line Breaks"). Every part of
// wgsl-lab that numbers lines or ends a `//` comment uses these, so line numbers and what
// is code agree with the compiler (Tint splits lines the same way):
//   line breaks: LF, VT, FF, CR, CR LF (one break), NEL (U+0085), LS (U+2028), PS (U+2029);
//   blankspace: the line breaks plus tab, space, LRM (U+200E) and RLM (U+200F).
// Editors speaking LSP split lines on LF, CR LF and CR only: src/lsp/ranges.ts converts.

/** The code points that end a line (CR LF counts once: see lineBreakLength). */
export const LINE_BREAK_CODE_POINTS: readonly number[] = [0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029];

/** Every blankspace code point: the line breaks plus tab, space, LRM and RLM. */
export const BLANKSPACE_CODE_POINTS: readonly number[] = [...LINE_BREAK_CODE_POINTS, 0x09, 0x20, 0x200e, 0x200f];

export function isLineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0b || code === 0x0c || code === 0x0d || code === 0x85 || code === 0x2028 || code === 0x2029;
}

export function isBlankspace(code: number): boolean {
  return isLineBreak(code) || code === 0x09 || code === 0x20 || code === 0x200e || code === 0x200f;
}

/** The length (in UTF-16 code units) of the line break at `i`: 2 for CR LF, 1, or 0 for none. */
export function lineBreakLength(source: string, i: number): number {
  const c = source.charCodeAt(i);
  if (c === 0x0d && source.charCodeAt(i + 1) === 0x0a) return 2;
  return isLineBreak(c) ? 1 : 0;
}

/** The index of the first line break at or after `from` (the text's length when none). */
export function lineEndAt(source: string, from: number): number {
  let i = from;
  while (i < source.length && !isLineBreak(source.charCodeAt(i))) i++;
  return i;
}

/** The lines of `source`, without their line breaks (as WGSL numbers them: line n is [n - 1]). */
export function splitLines(source: string): string[] {
  return source.split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/);
}
