// A kernel's header parsed once per run. Reading its data files, planning each entry
// point's analysis or run, and the check's own questions (are there `pass` lines?) all
// start from the header; a 3 MB header takes a noticeable time to parse, so the last text
// parsed is remembered with its result, which callers share and must not change.
import { parseHarness, type ParseResult } from './parse.js';

let last: { source: string; result: ParseResult } | undefined;
let parses = 0;

/** The header of `source`: parsed unless it is the text parsed last. */
export function parsedHeader(source: string): ParseResult {
  if (last?.source === source) return last.result;
  parses++;
  const result = parseHarness(source);
  last = { source, result };
  return result;
}

/** How many headers parsedHeader has parsed so far (a run of one kernel parses one). */
export function headerParses(): number {
  return parses;
}
