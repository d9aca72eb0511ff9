// The entry points of a WGSL source and their shader stages, found from the tokens alone:
// `check` needs them to decide what to simulate (each @compute entry point) and what only
// to validate (vertex and fragment shaders, helper files), also for sources the front end
// cannot resolve (render builtins it does not model) or the compiler refused.
import { tokenize } from './lexer.js';
import type { Token } from './tokens.js';
import type { Loc } from './source.js';

export type ShaderStage = 'compute' | 'vertex' | 'fragment';

export interface EntryPointStage {
  name: string;
  stage: ShaderStage;
  /** Where the function's name is written. */
  loc: Loc;
}

const STAGES = new Set<string>(['compute', 'vertex', 'fragment']);

/**
 * Every `@compute`, `@vertex` and `@fragment` function, in source order. A source the lexer
 * cannot read (a stray character) has none: the compiler's error then says what is wrong.
 */
export function entryPointStages(source: string): EntryPointStage[] {
  let tokens: Token[];
  try {
    tokens = tokenize(source);
  } catch {
    return [];
  }
  const out: EntryPointStage[] = [];
  let stage: ShaderStage | undefined;
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct') {
      // Attributes and functions of interest are at module scope; bodies are skipped by depth.
      if (t.text === '{') depth++;
      else if (t.text === '}') depth = Math.max(0, depth - 1);
      else if (t.text === ';' && depth === 0) stage = undefined;
      else if (t.text === '@' && depth === 0) {
        const next = tokens[i + 1];
        if (next?.kind === 'ident' && STAGES.has(next.text)) stage = next.text as ShaderStage;
      }
      continue;
    }
    if (depth === 0 && t.kind === 'ident' && t.text === 'fn') {
      const name = tokens[i + 1];
      if (stage && name?.kind === 'ident')
        out.push({ name: name.text, stage, loc: { line: name.line, column: name.column, offset: name.offset, length: name.length } });
      stage = undefined;
    }
  }
  return out;
}

/**
 * The stage a validated-only report names: `vertex` or `fragment` when every entry point is of
 * that stage, `render` for a file with both, `none` for a file with no entry point (a helper).
 */
export function renderStage(entries: readonly EntryPointStage[]): 'vertex' | 'fragment' | 'render' | 'none' {
  const stages = new Set(entries.map((e) => e.stage).filter((s) => s !== 'compute'));
  if (stages.size === 0) return 'none';
  if (stages.size === 2) return 'render';
  return stages.has('vertex') ? 'vertex' : 'fragment';
}
