// The front end's view of a document for hover and definitions: the typed module when the
// text resolves (uniformity findings do not matter here), else just the syntax tree, else
// nothing; kept for the last texts read, so requests on one version of a document read it once.
import { parsedHeader, type Harness } from '../harness/index.js';
import { overrideValues } from '../runner/header.js';
import type * as A from '../wgsl/ast.js';
import type { ModuleInfo } from '../wgsl/module-info.js';
import { parseWgsl } from '../wgsl/parser.js';
import { resolveModule } from '../wgsl/resolve.js';

export interface DocumentModule {
  harness: Harness;
  ast?: A.ModuleAst;
  module?: ModuleInfo;
}

/**
 * The texts read last, with their views: hover, completion and definitions ask about the same
 * text (one version of a document) again and again, and a megabyte document takes seconds
 * to read. Two entries: completion also reads a variant of the text.
 */
const recent: { text: string; doc: DocumentModule }[] = [];

export function documentModule(text: string): DocumentModule {
  const known = recent.find((r) => r.text === text);
  if (known) return known.doc;
  const doc = readDocumentModule(text);
  recent.unshift({ text, doc });
  recent.length = Math.min(recent.length, 2);
  return doc;
}

function readDocumentModule(text: string): DocumentModule {
  const header = parsedHeader(text);
  let ast: A.ModuleAst;
  try {
    ast = parseWgsl(text);
  } catch {
    return { harness: header.harness };
  }
  try {
    const overrides = header.errors.length ? undefined : overrideValues(header.harness);
    return { harness: header.harness, ast, module: resolveModule(ast, overrides ? { overrides } : {}) };
  } catch {
    return { harness: header.harness, ast };
  }
}

/** The `@group`/`@binding` of a module-scope variable, as written (literal arguments only). */
export function bindingOf(d: A.VarDecl): { group: number; binding: number } | undefined {
  const arg = (name: string) => {
    const a = d.attrs.find((x) => x.name === name)?.args[0];
    return a?.kind === 'lit' && typeof a.value === 'number' ? a.value : undefined;
  };
  const group = arg('group');
  const binding = arg('binding');
  return group === undefined || binding === undefined ? undefined : { group, binding };
}

/** The identifier-like word around `offset`, with its start. */
export function wordAt(text: string, offset: number): { word: string; offset: number } | undefined {
  let a = offset;
  let b = offset;
  while (a > 0 && /\w/.test(text[a - 1]!)) a--;
  while (b < text.length && /\w/.test(text[b]!)) b++;
  return b > a ? { word: text.slice(a, b), offset: a } : undefined;
}
