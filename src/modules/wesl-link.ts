// WESL modules (`import package::a::b;`, `import super::x::{y, z};`, `@if(…)`) linked by the
// `wesl` package, the reference linker. Its result carries a source map from the linked
// WGSL back to each module's text; the checked file's `//!` header lines, which the linker
// does not keep, go first, each mapped to its line.
import type { SrcMap } from 'wesl/core';
import { lineStarts, spanOfOffset } from '../diagnostics/index.js';
import { ModuleError } from './errors.js';
import type { LinkedSource } from './linked-source.js';
import { splitLines } from './naga-oil/preprocess.js';
import type { Place } from './source-map.js';

export interface WeslLinkInput {
  /** The checked file's name and text. */
  file: string;
  text: string;
  /** The package's files (file → text), the checked file among them or not. */
  files: ReadonlyMap<string, string>;
  /** The package root: the folder `package::` names, as a prefix of the file names ('' for the current folder). */
  root: string;
  /** Conditions of `@if(NAME)`: shader defs given on the command line, as booleans. */
  conditions?: Record<string, boolean>;
}

/** Whether a file uses WESL's module syntax: an `import` statement or a conditional attribute. */
export function usesWesl(text: string): boolean {
  return /^\s*import\s+[A-Za-z_][A-Za-z0-9_]*\s*::/m.test(text) || /@(if|elif|else)\b/.test(text);
}

/** The file's path below `root` with `/` separators, or undefined when it is not below it. */
export function pathBelow(root: string, file: string): string | undefined {
  const f = file.replace(/\\/g, '/').replace(/^\.\//, '');
  const r = root
    .replace(/\\/g, '/')
    .replace(/^\.\/?/, '')
    .replace(/\/$/, '');
  if (!r) return f.startsWith('/') || f.startsWith('../') ? undefined : f;
  return f.startsWith(r + '/') ? f.slice(r.length + 1) : undefined;
}

export async function linkWesl(input: WeslLinkInput): Promise<LinkedSource> {
  // Loaded on first use: most files link nothing, and every `check` would load it at start.
  const { link, withLoggerAsync } = await import('wesl/core');
  // The linker's keys are './' plus the path below the root; only paths WESL can name.
  const keyOf = new Map<string, string>();
  const fileOf = new Map<string, string>();
  const weslSrc: Record<string, string> = {};
  const add = (file: string, text: string) => {
    const rel = pathBelow(input.root, file);
    if (rel === undefined || !/^([A-Za-z_][A-Za-z0-9_]*\/)*[A-Za-z_][A-Za-z0-9_]*\.w[eg]sl$/.test(rel)) return;
    keyOf.set(file, `./${rel}`);
    fileOf.set(`./${rel}`, file);
    weslSrc[`./${rel}`] = text;
  };
  for (const [file, text] of input.files) add(file, text);
  add(input.file, input.text);
  const root = keyOf.get(input.file);
  if (!root)
    throw new ModuleError(
      `the file's path below the package root '${input.root || '.'}' is not a WESL module path (folder and file names must be identifiers)`,
      { file: input.file, line: 1, column: 1 },
    );
  const texts = new Map<string, string>([[input.file, input.text]]);
  let linked;
  try {
    linked = await withLoggerAsync(
      () => {},
      () => link({ weslSrc, rootModuleName: root, keepComments: false, conditions: input.conditions ?? {} }),
    );
  } catch (e) {
    throw weslError(e, fileOf, input);
  }

  const header = splitLines(input.text)
    .map((text, i) => ({ text, line: i + 1 }))
    .filter((l) => /^\s*\/\/!/.test(l.text));
  const prefix = header.map((l) => l.text + '\n').join('');
  const destStarts = lineStarts(linked.dest);
  const sourceMap: SrcMap = linked.sourceMap;
  const locate = (line: number, column?: number): Place | undefined => {
    if (line <= header.length) return { file: input.file, line: header[line - 1]!.line, column: column ?? 1 };
    const start = destStarts[line - header.length - 1];
    if (start === undefined) return undefined;
    const src = sourceMap.destToSrc(start + (column ?? firstNonBlank(linked.dest, start)) - 1);
    const file = src.src.path !== undefined ? fileOf.get(src.src.path) : undefined;
    if (!file) return undefined;
    const span = spanOfOffset(src.src.text, src.position);
    return { file, line: span.line, column: span.column };
  };
  // The package's modules, for excerpts of findings in them.
  for (const [key, file] of fileOf) texts.set(file, weslSrc[key]!);
  return { source: prefix + linked.dest, entry: input.file, locate, files: texts, demangle: (t) => t };
}

/** 1-based column of the first non-blank character of the line starting at `start`. */
function firstNonBlank(text: string, start: number): number {
  let i = start;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return i - start + 1;
}

interface WeslLocation {
  file?: string;
  line?: number;
  column?: number;
  length?: number;
}

/** The linker's error as a ModuleError at its place in the original file. */
function weslError(e: unknown, fileOf: ReadonlyMap<string, string>, input: WeslLinkInput): unknown {
  if (!(e instanceof Error)) return e;
  const parse = e as Error & {
    span?: [number, number];
    src?: { debugFilePath?: string; src?: string };
    diagnostics?: { message: string }[];
  };
  if (parse.span && parse.src?.src !== undefined) {
    const file = fileOf.get(parse.src.debugFilePath ?? '') ?? input.file;
    const span = spanOfOffset(parse.src.src, parse.span[0]);
    const message = parse.diagnostics?.[0]?.message ?? firstLine(e.message).replace(/^\S+:\d+:\d+ error: /, '');
    return new ModuleError(message, { file, line: span.line, column: span.column }, Math.max(1, parse.span[1] - parse.span[0]));
  }
  const cause = (e as { cause?: unknown }).cause;
  const loc = (e as { weslLocation?: WeslLocation }).weslLocation;
  const message = firstLine(e.message || (cause instanceof Error ? cause.message : '')).replace(/ in file: \S+$/, '');
  if (!loc) return new ModuleError(`WESL: ${message}`, { file: input.file, line: 1, column: 1 });
  const file = fileOf.get(loc.file ?? '') ?? input.file;
  const text = file === input.file ? input.text : input.files.get(file);
  // An unresolved import is best shown at the import statement that names it.
  const at = (text !== undefined && importPlace(text, message)) || {
    line: loc.line ?? 1,
    column: loc.column ?? 1,
    length: loc.length ?? 1,
  };
  return new ModuleError(message, { file, line: at.line, column: at.column }, at.length);
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}

/** The place in `text` of the import statement a "module not found" or "no exported" message is about. */
function importPlace(text: string, message: string): { line: number; column: number; length: number } | undefined {
  const m = /module not found for '([^']+)'/.exec(message) ?? /no exported '([^']+)' in module '([^']+)'/.exec(message);
  if (!m) return undefined;
  const path = m[2] ? `${m[2]}::${m[1]}` : m[1]!;
  const segments = path.split('::').filter((s) => s !== 'package' && s !== 'super' && s !== 'self');
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const start = /^(\s*import\s+)/.exec(lines[i]!);
    if (!start) continue;
    // The statement may span lines up to its `;`; it is the one naming every segment.
    let statement = '';
    for (let j = i; j < lines.length && !statement.includes(';'); j++) statement += lines[j] + '\n';
    if (segments.every((seg) => new RegExp(`\\b${seg}\\b`).test(statement)))
      return { line: i + 1, column: start[1]!.length + 1, length: Math.max(1, lines[i]!.trim().length - start[1]!.trim().length - 1) };
  }
  return undefined;
}
