// The path syntax of naga_oil's `#import`: `a::b`, `a::b as c`, and Rust-style lists
// `a::{x, y as z, sub::{p, q}}`, flattened to one entry per imported path.

/** One imported path and the name it is known by in the importing file. */
export interface ImportedPath {
  /** The full path, e.g. ['bevy_pbr', 'mesh_functions'] or ['my_module', 'my_func']. */
  path: string[];
  /** `as NAME`, or the path's last segment. */
  name: string;
}

/** The paths of an import's text; an error message when it is not an import path. */
export function parseImportPaths(text: string): ImportedPath[] | { error: string } {
  const tokens = text.match(/[A-Za-z_][A-Za-z0-9_]*|::|[{},]|\S/g) ?? [];
  let i = 0;
  const out: ImportedPath[] = [];
  const fail = (what: string) => ({ error: `${what} in '#import ${text}'` });

  // One tree: a path prefix, then either `as NAME`, `::{ list }` or the end.
  function tree(prefix: string[]): string | undefined {
    const path = [...prefix];
    for (;;) {
      const t = tokens[i];
      if (t === '{') {
        if (!path.length || tokens[i - 1] !== '::') return 'a list must follow a path and ::';
        i++;
        for (;;) {
          if (tokens[i] === '}') break;
          const e = tree(path);
          if (e) return e;
          if (tokens[i] === ',') i++;
          else if (tokens[i] !== '}') return `expected ',' or '}' but found '${tokens[i] ?? 'the end'}'`;
        }
        i++;
        return undefined;
      }
      if (!t || !/^[A-Za-z_]/.test(t)) return `expected a name but found '${t ?? 'the end'}'`;
      if (t === 'self' || t === 'super' || t === 'crate') return `'${t}' paths are not supported`;
      path.push(t);
      i++;
      if (tokens[i] === '::') {
        i++;
        continue;
      }
      if (tokens[i] === 'as') {
        i++;
        const alias = tokens[i];
        if (!alias || !/^[A-Za-z_]/.test(alias)) return `expected a name after 'as' but found '${alias ?? 'the end'}'`;
        i++;
        out.push({ path, name: alias });
      } else {
        out.push({ path, name: path[path.length - 1]! });
      }
      return undefined;
    }
  }

  if (text.startsWith('"')) return fail('quoted import paths (older naga_oil) are not supported');
  const e = tree([]);
  if (e) return fail(e);
  if (i < tokens.length) return fail(`unexpected '${tokens[i]}'`);
  return out;
}
