// Where a syntax error is. Tint reports a missing terminator at the next token, which can be
// lines below the statement that lacks it (past comments and blank lines); wgsl-lab's own
// parser reports it just past the last token of that statement. When both refuse the source
// for a syntax error, the compiler's error keeps its words and takes the parser's place, so
// every path (GPU run, check, the lab) points at the same line:column.
import type { CompileMessage } from './result.js';
import { parseWgsl } from '../wgsl/parser.js';
import { WgslSyntaxError } from '../wgsl/source.js';

/** The own parser's syntax error, or undefined when the source parses. */
export function frontEndSyntaxError(source: string): WgslSyntaxError | undefined {
  try {
    parseWgsl(source);
    return undefined;
  } catch (e) {
    if (e instanceof WgslSyntaxError) return e;
    throw e;
  }
}

/**
 * The compiler's messages with its first error moved to where the own parser found the
 * syntax error, when the parser found one at or before the compiler's error (the same
 * mistake, seen earlier). Anything else is left as the compiler said it.
 */
export function locateSyntaxError(messages: readonly CompileMessage[], source: string): CompileMessage[] {
  const first = messages.findIndex((m) => m.severity === 'error');
  if (first < 0) return [...messages];
  const tint = messages[first]!;
  const syntax = frontEndSyntaxError(source);
  if (!syntax || (tint.line > 0 && syntax.loc.offset > tint.offset)) return [...messages];
  const { line, column, offset, length } = syntax.loc;
  const out = [...messages];
  out[first] = { ...tint, line, column, offset, length: Math.max(1, length) };
  return out;
}
