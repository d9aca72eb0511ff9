// The naga_oil-style linker: preprocesses the checked file and, transitively, every module
// it imports (found by their `#define_import_path` in the index), rewrites qualified uses
// (`module::item`, `alias::item`) and imported items to the items' linked names (naga_oil's
// mangling), renames each module's own declarations the same way, and appends the modules
// after the checked file. The checked file's lines keep their line numbers; every piece of
// the result records where it came from.
import { ModuleError } from '../errors.js';
import type { LinkedSource } from '../linked-source.js';
import type { ShaderDefValue, ShaderDefs } from '../shader-defs.js';
import { MappedTextBuilder, type Place } from '../source-map.js';
import { declarations, type Declarations } from './declarations.js';
import { parseImportPaths } from './imports.js';
import type { NagaModuleIndex } from './index.js';
import { demangle, mangle } from './mangle.js';
import { preprocess, type ImportDirective } from './preprocess.js';
import { tokenize, type Token } from './tokens.js';

export interface NagaLinkInput {
  /** The checked file's name and text. */
  file: string;
  text: string;
  /** The files modules are looked up in (file → text), the checked file's folder tree. */
  files: ReadonlyMap<string, string>;
  index: NagaModuleIndex;
  /** Shader defs from the command line or the API; the file's `#define`s add to them. */
  defs?: ShaderDefs;
}

/** A preprocessed file ready to be written out. */
interface Unit {
  file: string;
  /** Module path; undefined for the checked file. */
  path?: string;
  lines: string[];
  tokens: Token[];
  decls: Declarations;
  /** Import bindings: name → module path, or name → item of a module. */
  modules: Map<string, string>;
  items: Map<string, { module: string; item: string }>;
}

export function linkNagaOil(input: NagaLinkInput): LinkedSource {
  const defs = new Map<string, ShaderDefValue>(input.defs ?? []);
  const units = new Map<string, Unit>(); // by module path
  const texts = new Map<string, string>([[input.file, input.text]]);
  const onStack: string[] = [];

  const load = (path: string, from: Place, length: number): Unit => {
    const done = units.get(path);
    if (done) return done;
    if (onStack.includes(path))
      throw new ModuleError(`import cycle: ${[...onStack.slice(onStack.indexOf(path)), path].join(' → ')}`, from, length);
    const owners = input.index.modules.get(path);
    if (!owners?.length) throw new ModuleError(`no module '${path}': no file declares '#define_import_path ${path}'`, from, length);
    if (owners.length > 1) throw new ModuleError(`module '${path}' is declared by more than one file: ${owners.join(', ')}`, from, length);
    const file = owners[0]!;
    const text = input.files.get(file)!;
    texts.set(file, text);
    onStack.push(path);
    const unit = prepare(file, text, path, false);
    onStack.pop();
    units.set(path, unit);
    return unit;
  };

  const prepare = (file: string, text: string, path: string | undefined, top: boolean): Unit => {
    const pre = preprocess(text, file, defs, top);
    const lines = pre.lines;
    let tokens = tokenize(lines);
    let decls = declarations(tokens);
    if (path !== undefined && decls.entryPoints.length) {
      // A module's entry points are not part of the importing shader: blanked out.
      for (const [a, b] of decls.entryPoints) blank(lines, tokens[a]!, tokens[b]!);
      tokens = tokenize(lines);
      decls = declarations(tokens);
    }
    const unit: Unit = { file, lines, tokens, decls, modules: new Map(), items: new Map(), ...(path ? { path } : {}) };
    for (const directive of pre.imports) bindImports(unit, directive);
    // Fully qualified uses need no #import: their modules are loaded too.
    for (const t of tokens) if (t.kind === 'path') resolvePath(unit, t);
    return unit;
  };

  const bindImports = (unit: Unit, d: ImportDirective): void => {
    const parsed = parseImportPaths(d.text);
    const at: Place = { file: unit.file, line: d.line, column: d.column };
    if ('error' in parsed) throw new ModuleError(parsed.error, at, d.text.length);
    for (const { path, name } of parsed) {
      const full = path.join('::');
      const col = d.text.indexOf(path[path.length - 1]!);
      const where: Place = { ...at, column: d.column + Math.max(0, col) };
      if (input.index.modules.has(full)) {
        load(full, where, full.length);
        unit.modules.set(name, full);
      } else if (path.length > 1 && input.index.modules.has(path.slice(0, -1).join('::'))) {
        const module = path.slice(0, -1).join('::');
        const item = path[path.length - 1]!;
        const target = load(module, where, full.length);
        if (!target.decls.names.has(item)) throw new ModuleError(`module '${module}' has no item '${item}'`, where, item.length);
        unit.items.set(name, { module, item });
      } else if ([...input.index.modules.keys()].some((k) => k.startsWith(full + '::'))) {
        unit.modules.set(name, full); // a package prefix: `pkg::sub::item` uses follow
      } else {
        const module = path.length > 1 ? path.slice(0, -1).join('::') : full;
        // Shown at the path's start: it is the module part that names nothing.
        throw new ModuleError(
          `cannot import '${full}': no file declares '#define_import_path ${module}'${module !== full ? ` (nor ${full})` : ''}`,
          { ...at, column: d.column + Math.max(0, d.text.indexOf(path[0]!)) },
          module.length,
        );
      }
    }
  };

  /** The module and item a qualified use names, loading the module. */
  const resolvePath = (unit: Unit, t: Token): { module: string; item: string } => {
    const segs = t.text.split('::');
    const alias = unit.modules.get(segs[0]!);
    const full = alias ? [...alias.split('::'), ...segs.slice(1)] : segs;
    const at: Place = { file: unit.file, line: t.line, column: t.column };
    const item = full[full.length - 1]!;
    const module = full.slice(0, -1).join('::');
    if (!input.index.modules.has(module)) {
      const longest = [...Array(full.length - 1).keys()]
        .map((n) => full.slice(0, n + 1).join('::'))
        .filter((p) => input.index.modules.has(p))
        .pop();
      throw new ModuleError(
        longest
          ? `'${t.text}': module '${longest}' has no item '${full[longest.split('::').length]}'`
          : `'${t.text}': no module '${module}' (no file declares '#define_import_path ${module}')`,
        at,
        t.text.length,
      );
    }
    const target = module === unit.path ? unit : load(module, at, t.text.length);
    if (!target.decls.names.has(item)) throw new ModuleError(`'${t.text}': module '${module}' has no item '${item}'`, at, t.text.length);
    return { module, item };
  };

  const entry = prepare(input.file, input.text, undefined, true);
  const out = new MappedTextBuilder();
  // Directives a module needs (`enable f16;`) must stand before every declaration.
  const enables = new Set<string>();
  for (const u of units.values()) for (const e of enableNames(u)) enables.add(e);
  for (const e of enableNames(entry)) enables.delete(e);
  if (enables.size) {
    out.append(`enable ${[...enables].join(', ')};`);
    out.newline();
  }
  write(out, entry, (u, t) => replacement(u, t, defs, resolvePath));
  for (const u of units.values()) write(out, u, (unit, t) => replacement(unit, t, defs, resolvePath));
  const mapped = out.build();
  return { source: mapped.text, entry: input.file, locate: mapped.locate, files: texts, demangle };
}

/** What a token becomes in the linked text, or undefined to keep it. */
function replacement(
  unit: Unit,
  t: Token,
  defs: ReadonlyMap<string, ShaderDefValue>,
  resolvePath: (u: Unit, t: Token) => { module: string; item: string },
): string | undefined {
  if (t.kind === 'def') {
    const name = t.text.replace(/^#\{?|\}$/g, '');
    const value = defs.get(name);
    if (value === undefined)
      throw new ModuleError(
        `no shader def '${name}' to substitute (give it with #define or --define ${name}=VALUE)`,
        at(unit, t),
        t.text.length,
        name,
      );
    return String(value);
  }
  if (t.kind === 'path') {
    const { module, item } = resolvePath(unit, t);
    return mangle(item, module);
  }
  return undefined;
}

function at(unit: Unit, t: Token): Place {
  return { file: unit.file, line: t.line, column: t.column };
}

/** Writes a unit's lines with its tokens rewritten: defs, qualified uses, imported items and (in a module) its own names. */
function write(out: MappedTextBuilder, unit: Unit, replace: (u: Unit, t: Token) => string | undefined): void {
  const byLine = new Map<number, { column: number; length: number; text: string }[]>();
  unit.tokens.forEach((t, i) => {
    let text = replace(unit, t);
    if (text === undefined && t.kind === 'ident' && !unit.decls.notReferences.has(i)) {
      if (unit.path !== undefined && unit.decls.names.has(t.text)) text = mangle(t.text, unit.path);
      else if (!unit.decls.names.has(t.text)) {
        const imported = unit.items.get(t.text);
        if (imported) text = mangle(imported.item, imported.module);
      }
    }
    if (text === undefined) return;
    const list = byLine.get(t.line) ?? [];
    list.push({ column: t.column, length: t.text.length, text });
    byLine.set(t.line, list);
  });
  unit.lines.forEach((line, i) => {
    const n = i + 1;
    let col = 1;
    for (const r of byLine.get(n) ?? []) {
      if (r.column > col) out.append(line.slice(col - 1, r.column - 1), { file: unit.file, line: n, column: col });
      out.append(r.text, { file: unit.file, line: n, column: r.column }, r.length);
      col = r.column + r.length;
    }
    // A `//!` line of a module is not part of the checked file's header.
    const rest = line.slice(col - 1);
    const text = unit.path !== undefined && col === 1 ? rest.replace(/^(\s*)\/\/!/, '$1// ') : rest;
    if (text.length) out.append(text, { file: unit.file, line: n, column: col });
    out.newline();
  });
}

/** Replaces the text from token `a` through token `b` with blanks (line breaks kept). */
function blank(lines: string[], a: Token, b: Token): void {
  for (let l = a.line; l <= b.line; l++) {
    const text = lines[l - 1]!;
    const from = l === a.line ? a.column - 1 : 0;
    const to = l === b.line ? b.column - 1 + b.text.length : text.length;
    lines[l - 1] = text.slice(0, from) + ' '.repeat(Math.max(0, to - from)) + text.slice(to);
  }
}

/** The extensions a unit enables (`enable f16, subgroups;`), removed from its lines. */
function enableNames(unit: Unit): string[] {
  const names: string[] = [];
  const t = unit.tokens;
  for (let i = 0; i < t.length; i++) {
    if (t[i]!.text !== 'enable' || t[i]!.kind !== 'ident' || (i > 0 && t[i - 1]!.text !== ';')) continue;
    let j = i + 1;
    while (j < t.length && t[j]!.text !== ';') {
      if (t[j]!.kind === 'ident') names.push(t[j]!.text);
      j++;
    }
    if (unit.path !== undefined && t[j]) blank(unit.lines, t[i]!, t[j]!);
  }
  return names;
}
