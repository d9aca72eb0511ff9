// The module-scope structure a linker needs from a file's tokens: the names it declares
// (functions, structs, variables, constants, overrides, aliases), the extent of its entry
// points (a module's entry points are left out of the shader that imports it), and the
// tokens that are never references to a module-scope name (struct member names, member
// accesses after `.`, the words inside `@builtin(…)` and similar attributes).
import type { Token } from './tokens.js';

export interface Declarations {
  /** Declared module-scope names, with the token index of each name. */
  names: Map<string, number>;
  /** Token index ranges [first, last] of entry-point functions, attributes included. */
  entryPoints: [number, number][];
  /** Indices of name tokens that must not be rewritten. */
  notReferences: Set<number>;
}

const DECLARING = new Set(['fn', 'struct', 'var', 'const', 'override', 'alias']);
const STAGES = new Set(['compute', 'vertex', 'fragment']);
/** Attributes whose arguments are enumerants, not expressions. */
const ENUM_ATTRIBUTES = new Set(['builtin', 'interpolate', 'diagnostic']);

export function declarations(tokens: readonly Token[]): Declarations {
  const names = new Map<string, number>();
  const entryPoints: [number, number][] = [];
  const notReferences = new Set<number>();
  let braces = 0;
  let parens = 0;
  let declStart = -1; // first token of the current module-scope declaration
  let stage = false; // the current declaration carries @compute/@vertex/@fragment
  let inEntry = false;
  let structDepth = -1; // brace depth of the struct body being read, or -1
  let enumParens = -1; // paren depth of an enumerant attribute's arguments, or -1

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    if (t.kind === 'ident' && prev?.text === '.') notReferences.add(i);
    if (braces === 0 && parens === 0 && declStart < 0 && t.text !== ';') declStart = i;
    if (t.kind === 'punct') {
      if (t.text === '{') braces++;
      else if (t.text === '}') {
        braces--;
        if (braces === structDepth - 1) structDepth = -1;
        if (braces === 0 && parens === 0) {
          if (inEntry) entryPoints.push([declStart, i]);
          inEntry = false;
          stage = false;
          declStart = -1;
        }
      } else if (t.text === '(') parens++;
      else if (t.text === ')') {
        if (parens === enumParens) enumParens = -1;
        parens--;
      } else if (t.text === ';' && braces === 0 && parens === 0) {
        stage = false;
        declStart = -1;
      }
      continue;
    }
    if (t.kind !== 'ident') continue;
    if (enumParens >= 0) notReferences.add(i);
    if (prev?.text === '@') {
      if (braces === 0 && STAGES.has(t.text)) stage = true;
      if (ENUM_ATTRIBUTES.has(t.text) && tokens[i + 1]?.text === '(') enumParens = parens + 1;
      notReferences.add(i);
      continue;
    }
    // A struct member's name: `name :` directly inside the struct's braces.
    if (structDepth >= 0 && braces === structDepth && parens === 0 && tokens[i + 1]?.text === ':') notReferences.add(i);
    if (braces !== 0 || parens !== 0 || !DECLARING.has(t.text)) continue;
    let j = i + 1;
    if (t.text === 'var' && tokens[j]?.text === '<') {
      while (j < tokens.length && tokens[j]!.text !== '>') j++;
      j++;
    }
    const name = tokens[j];
    if (name?.kind !== 'ident') continue;
    names.set(name.text, j);
    if (t.text === 'struct') structDepth = 1;
    if (t.text === 'fn' && stage) inEntry = true;
  }
  return { names, entryPoints, notReferences };
}
