// Which file declares which naga_oil module: every `#define_import_path` of the files being
// linked against (a repository's shaders), found by a plain scan of their lines.
import { splitLines } from './preprocess.js';

export interface NagaModuleIndex {
  /** Module path → the files that declare it (more than one is an error when imported). */
  modules: ReadonlyMap<string, readonly string[]>;
}

export function buildNagaIndex(files: ReadonlyMap<string, string>): NagaModuleIndex {
  const modules = new Map<string, string[]>();
  for (const [file, text] of files) {
    const path = declaredModulePath(text);
    if (path) modules.set(path, [...(modules.get(path) ?? []), file]);
  }
  return { modules };
}

/** The path a file declares with `#define_import_path`, if it does. */
export function declaredModulePath(text: string): string | undefined {
  if (!text.includes('#define_import_path')) return undefined;
  for (const line of splitLines(text)) {
    const m = /^\s*#\s*define_import_path\s+([A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*)/.exec(line);
    if (m) return m[1];
  }
  return undefined;
}
