import type { Loc } from './source.js';

export type TokenKind = 'ident' | 'int' | 'float' | 'bool' | 'punct' | 'eof';

export interface Token extends Loc {
  kind: TokenKind;
  text: string;
}

// Longest first, so the lexer's greedy match picks `>>=` over `>>` over `>`.
export const PUNCTUATION = [
  '>>=', '<<=',
  '->', '&&', '||', '==', '!=', '>=', '<=', '>>', '<<', '++', '--',
  '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=',
  '&', '@', '/', '!', '[', ']', '{', '}', ':', ',', '=', '>', '<', '%', '-', '.', '+', '|',
  '(', ')', ';', '*', '~', '^',
] as const;

/** Words WGSL reserves as keywords (a subset matters to the parser; all are refused as names). */
export const KEYWORDS = new Set([
  'alias', 'break', 'case', 'const', 'const_assert', 'continue', 'continuing', 'default',
  'diagnostic', 'discard', 'else', 'enable', 'false', 'fn', 'for', 'if', 'let', 'loop',
  'override', 'requires', 'return', 'struct', 'switch', 'true', 'var', 'while',
]);
