// Inline suppression comments, as ESLint writes them:
//   // wgsl-lab-disable-next-line data-race, bank-conflict -- why this is fine
//   x = tile[i]; // wgsl-lab-disable-line out-of-bounds
// `disable-next-line` covers the line after the comment, `disable-line` the comment's own
// line; without a rule list a comment covers every rule (ESLint does the same). Only line
// comments count: text inside a block comment is no directive.
import { lineEndAt, lineStarts } from '../diagnostics/index.js';

export interface Suppression {
  /** Where the comment starts (`//`), 1-based. */
  line: number;
  column: number;
  /** Length of the comment, to the end of its line. */
  length: number;
  /** Index of the comment's first character in the source. */
  offset: number;
  /** The line whose findings it covers. */
  target: number;
  directive: 'disable-next-line' | 'disable-line';
  /** Rule ids as written; empty: every rule. */
  rules: { id: string; column: number }[];
  /** The text after ` -- `, when there is one. */
  reason?: string;
}

const DIRECTIVE = /^\/\/\s*wgsl-lab-(disable-next-line|disable-line)(?=\s|$)/;

export function parseSuppressions(source: string): Suppression[] {
  const out: Suppression[] = [];
  const starts = lineStarts(source);
  let line = 0;
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    while (line + 1 < starts.length && starts[line + 1]! <= i) line++;
    const c = source[i];
    const next = source[i + 1];
    if (depth > 0) {
      // WGSL block comments nest.
      if (c === '*' && next === '/') {
        depth--;
        i++;
      } else if (c === '/' && next === '*') {
        depth++;
        i++;
      }
      continue;
    }
    if (c === '/' && next === '*') {
      depth = 1;
      i++;
      continue;
    }
    if (c !== '/' || next !== '/') continue;
    // The comment ends at any WGSL line break, as the compiler ends it.
    const end = lineEndAt(source, i);
    const text = source.slice(i, end);
    const m = DIRECTIVE.exec(text);
    if (m) out.push(suppressionOf(text, m, { line: line + 1, column: i - starts[line]! + 1, offset: i }));
    i = end - 1;
  }
  return out;
}

function suppressionOf(text: string, m: RegExpExecArray, at: { line: number; column: number; offset: number }): Suppression {
  const directive = m[1] as Suppression['directive'];
  const rest = text.slice(m[0].length);
  const dashes = /(?:^|\s)--(?:\s|$)/.exec(rest);
  const list = dashes ? rest.slice(0, dashes.index) : rest;
  const reason = dashes ? rest.slice(dashes.index + dashes[0].length).trim() : undefined;
  const rules: Suppression['rules'] = [];
  const ruleRe = /[^\s,]+/g;
  for (let r = ruleRe.exec(list); r; r = ruleRe.exec(list)) rules.push({ id: r[0], column: at.column + m[0].length + r.index });
  return {
    ...at,
    length: text.length,
    target: directive === 'disable-next-line' ? at.line + 1 : at.line,
    directive,
    rules,
    ...(reason ? { reason } : {}),
  };
}

/** Whether the comment names the rule (or names none, which covers all). */
export function suppressionCovers(s: Suppression, rule: string): boolean {
  return s.rules.length === 0 || s.rules.some((r) => r.id === rule);
}
