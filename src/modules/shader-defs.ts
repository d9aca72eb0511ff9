// Shader defs: the names naga_oil's `#ifdef` / `#if` test and `#{NAME}` substitutes. They
// come from the command line (`--define NAME[=VALUE]`), the API, and `#define` lines of the
// shader being checked. A value is a boolean or an integer, as in naga_oil.

export type ShaderDefValue = boolean | number;
export type ShaderDefs = ReadonlyMap<string, ShaderDefValue>;

/** A def's value as written after `=` or `#define NAME`: `true`, `false` or an integer; undefined otherwise. */
export function parseDefValue(text: string): ShaderDefValue | undefined {
  const t = text.trim();
  if (t === '' || t === 'true') return true;
  if (t === 'false') return false;
  if (/^[+-]?\d+[iu]?$/.test(t)) return Number.parseInt(t, 10);
  if (/^0[xX][0-9a-fA-F]+[iu]?$/.test(t)) return Number.parseInt(t.replace(/[iu]$/, ''), 16);
  return undefined;
}

/**
 * `NAME` or `NAME=VALUE` (the command line's `--define`) as a def; an error message when
 * the name is not an identifier or the value neither a boolean nor an integer.
 */
export function parseDefineOption(text: string): { name: string; value: ShaderDefValue } | { error: string } {
  const eq = text.indexOf('=');
  const name = (eq < 0 ? text : text.slice(0, eq)).trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return { error: `--define wants NAME or NAME=VALUE, got '${text}'` };
  const value = eq < 0 ? true : parseDefValue(text.slice(eq + 1));
  if (value === undefined || (eq >= 0 && text.slice(eq + 1).trim() === ''))
    return { error: `--define ${name}: the value must be true, false or an integer, got '${text.slice(eq + 1)}'` };
  return { name, value };
}
