// The one table of WGSL builtin functions: for each name, how a call is typed (its
// overloads) and evaluated, its documentation, and its stage and uniformity facts. The
// resolver, the uniformity analysis, hover and completion read it; the simulator's
// implementations are keyed by the same names (sim/builtin-calls.ts). bitcast<T> is typed
// apart (builtins.ts), having a type argument.
import { BUILTINS, type BuiltinDef } from './builtins.js';
import { TEXTURE_BUILTINS } from './texture-builtins.js';

for (const name of Object.keys(TEXTURE_BUILTINS))
  if (Object.prototype.hasOwnProperty.call(BUILTINS, name)) throw new Error(`internal: builtin '${name}' is described twice`);

/** Every builtin function the front end types, by name. */
export const BUILTIN_TABLE: Readonly<Record<string, BuiltinDef>> = { ...BUILTINS, ...TEXTURE_BUILTINS };

/** The table's entry for `name`, if it is a builtin (own properties only: `toString` is not one). */
export function builtinDef(name: string): BuiltinDef | undefined {
  return Object.prototype.hasOwnProperty.call(BUILTIN_TABLE, name) ? BUILTIN_TABLE[name] : undefined;
}
