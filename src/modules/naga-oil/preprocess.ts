// naga_oil's preprocessor, line by line: `#ifdef` / `#ifndef` / `#if NAME OP VALUE`, their
// `#else` forms and `#endif` choose which lines stay; `#define NAME [VALUE]` (top-level
// shader only) adds a def; `#import …` and `#define_import_path …` are collected for the
// linker. Every directive line and every line of a branch not taken becomes an empty line,
// so the kept lines stay at their line numbers and columns.
import { ModuleError } from '../errors.js';
import { parseDefValue, type ShaderDefValue } from '../shader-defs.js';

/** An `#import` directive (its text may have spanned several lines, joined by spaces). */
export interface ImportDirective {
  /** What follows `#import`, comments and the trailing `;` removed. */
  text: string;
  line: number;
  /** 1-based column of the text after `#import`. */
  column: number;
}

export interface Preprocessed {
  /** The file's lines (same count), with directive lines and branches not taken emptied. */
  lines: string[];
  imports: ImportDirective[];
  /** The module path the file declares with `#define_import_path`. */
  modulePath?: { path: string; line: number; column: number };
}

interface Branch {
  /** Whether the lines of the current branch are kept. */
  active: boolean;
  /** Whether some branch of this `#if…` chain was taken already. */
  taken: boolean;
  /** Whether the enclosing region is kept. */
  outer: boolean;
  line: number;
  column: number;
}

/** A file's lines, split at `\n`, `\r\n` and `\r`. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * Preprocesses one file. `defs` holds the shader defs in effect; with `allowDefine` (the
 * shader being checked) its `#define` lines add to them, in order.
 */
export function preprocess(text: string, file: string, defs: Map<string, ShaderDefValue>, allowDefine: boolean): Preprocessed {
  const source = splitLines(text);
  const lines: string[] = [];
  const imports: ImportDirective[] = [];
  let modulePath: Preprocessed['modulePath'];
  const stack: Branch[] = [];
  const active = () => stack.every((b) => b.active);
  const err = (message: string, line: number, column: number, length = 1, missingDef?: string): ModuleError =>
    new ModuleError(message, { file, line, column }, length, missingDef);

  for (let i = 0; i < source.length; i++) {
    const raw = source[i]!;
    const line = i + 1;
    const m = /^(\s*)#\s*([A-Za-z_]+)\b(.*)$/.exec(raw);
    const keyword = m?.[2];
    if (!m || !keyword || !DIRECTIVES.has(keyword)) {
      lines.push(active() ? raw : '');
      continue;
    }
    const column = m[1]!.length + 1;
    const argColumn = raw.length - m[3]!.trimStart().length + 1;
    const rest = stripComment(m[3]!).trim();
    lines.push('');
    switch (keyword) {
      case 'ifdef':
      case 'ifndef':
      case 'if': {
        const outer = active();
        const holds = outer && condition(keyword, rest, defs, (msg, def) => err(msg, line, argColumn, Math.max(1, rest.length), def));
        stack.push({ active: holds, taken: holds, outer, line, column });
        break;
      }
      case 'else': {
        const top = stack[stack.length - 1];
        if (!top) throw err('#else without #ifdef, #ifndef or #if', line, column, 5);
        const chained = /^(ifdef|ifndef|if)\b(.*)$/.exec(rest);
        if (!chained && rest) throw err(`unexpected '${rest}' after #else (expected nothing, ifdef, ifndef or if)`, line, argColumn);
        let holds = top.outer && !top.taken;
        if (holds && chained)
          holds = condition(chained[1] as 'if', chained[2]!.trim(), defs, (msg, def) =>
            err(msg, line, argColumn, Math.max(1, rest.length), def),
          );
        top.active = holds;
        top.taken ||= holds;
        break;
      }
      case 'endif':
        if (!stack.pop()) throw err('#endif without #ifdef, #ifndef or #if', line, column, 6);
        break;
      case 'define': {
        if (!active()) break;
        const d = /^([A-Za-z_][A-Za-z0-9_]*)(?:\s+(.*))?$/.exec(rest);
        if (!d) throw err(`#define wants a name and an optional value, got '${rest}'`, line, argColumn);
        if (!allowDefine)
          throw err(`#define ${d[1]} in a module: shader defs are defined by the top-level shader (or --define)`, line, column);
        const value = parseDefValue(d[2] ?? '');
        if (value === undefined) throw err(`#define ${d[1]}: the value must be true, false or an integer, got '${d[2]}'`, line, argColumn);
        defs.set(d[1]!, value);
        break;
      }
      case 'define_import_path': {
        if (!active()) break;
        if (!/^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$/.test(rest))
          throw err(`#define_import_path wants a path such as my_crate::my_module, got '${rest}'`, line, argColumn);
        if (modulePath) throw err(`a second #define_import_path (the first is on line ${modulePath.line})`, line, column);
        modulePath = { path: rest, line, column: argColumn };
        break;
      }
      case 'import': {
        // An import's braces may span lines: the lines up to the closing one belong to it.
        let text = rest;
        while (depth(text) > 0 && i + 1 < source.length) {
          i++;
          lines.push('');
          text += ' ' + stripComment(source[i]!).trim();
        }
        if (depth(text) !== 0) throw err(`unbalanced braces in #import ${text}`, line, argColumn);
        if (active()) imports.push({ text: text.replace(/;\s*$/, '').trim(), line, column: argColumn });
        break;
      }
    }
  }
  const open = stack[stack.length - 1];
  if (open) throw err('#ifdef, #ifndef or #if without #endif', open.line, open.column);
  return { lines, imports, ...(modulePath ? { modulePath } : {}) };
}

const DIRECTIVES = new Set(['ifdef', 'ifndef', 'if', 'else', 'endif', 'define', 'define_import_path', 'import']);

/** The text of a directive line before a `//` comment. */
function stripComment(s: string): string {
  const at = s.indexOf('//');
  return at < 0 ? s : s.slice(0, at);
}

function depth(s: string): number {
  let d = 0;
  for (const c of s) d += c === '{' ? 1 : c === '}' ? -1 : 0;
  return d;
}

/** Whether `#ifdef NAME`, `#ifndef NAME` or `#if NAME OP VALUE` holds. */
function condition(
  keyword: 'ifdef' | 'ifndef' | 'if',
  rest: string,
  defs: ReadonlyMap<string, ShaderDefValue>,
  err: (message: string, missingDef?: string) => ModuleError,
): boolean {
  if (keyword !== 'if') {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(rest)) throw err(`#${keyword} wants one shader def name, got '${rest}'`);
    return defs.has(rest) === (keyword === 'ifdef');
  }
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*(==|!=|>=|<=|>|<)\s*(\S+)$/.exec(rest);
  if (!m) throw err(`#if wants NAME OP VALUE (OP one of == != > >= < <=), got '${rest}'`);
  const [, name, op, text] = m as unknown as [string, string, string, string];
  const have = defs.get(name);
  if (have === undefined) throw err(`#if ${name}: no shader def '${name}' (give it with #define or --define ${name}=VALUE)`, name);
  const want = parseDefValue(text);
  if (want === undefined || text === '') throw err(`#if ${name}: '${text}' is neither true, false nor an integer`);
  if (typeof have !== typeof want)
    throw err(`#if ${name}: the def is ${typeof have === 'boolean' ? 'a boolean' : 'an integer'}, compared with '${text}'`);
  if (typeof have === 'boolean') {
    if (op !== '==' && op !== '!=') throw err(`#if ${name}: a boolean def compares only with == or !=`);
    return (have === want) === (op === '==');
  }
  const a = have;
  const b = want as number;
  return op === '==' ? a === b : op === '!=' ? a !== b : op === '>' ? a > b : op === '>=' ? a >= b : op === '<' ? a < b : a <= b;
}
