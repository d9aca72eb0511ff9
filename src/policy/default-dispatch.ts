// An override's `dispatch` (docs/config.md): the workgroup counts of a kernel whose header
// has no dispatch (or pass) line. It is given as one more `//!` header line after the
// source's last line, so that every line of the file keeps its number in the findings.
import { findHeaderLines } from '../harness/scan.js';
import type { Dispatch } from './config.js';

export function withDefaultDispatch(source: string, dispatch: Dispatch | undefined): string {
  if (!dispatch) return source;
  const hasDispatch = findHeaderLines(source).some((h) => /^\s*(?:dispatch|pass)\b/.test(h.text.slice(h.contentStart)));
  if (hasDispatch) return source;
  const newline = source === '' || /[\r\n]$/.test(source) ? '' : '\n';
  return `${source}${newline}//! dispatch ${dispatch.join(', ')}\n`;
}
