// Where a source relies on naga's leniencies, without the rest of the front end's verdict:
// for explaining a refusal by the real compiler (a `run` that Tint refused).
import { parseWgsl } from './parser.js';
import { resolveModule } from './resolve.js';
import type { PortabilityNote } from './portability.js';
import { LocatedError } from '../diagnostics/index.js';

/** The portability notes of `source`: the parser's and, when it resolves, the resolver's; none when it does not parse. */
export function portabilityNotes(source: string, overrides?: Record<string, number>): PortabilityNote[] {
  let ast;
  try {
    ast = parseWgsl(source);
  } catch (e) {
    if (e instanceof LocatedError) return [];
    throw e;
  }
  try {
    return resolveModule(ast, overrides ? { overrides } : {}).portability;
  } catch (e) {
    // A semantic error or an unsupported feature elsewhere: the parser's notes still say where naga differs.
    if (e instanceof LocatedError) return ast.portability ?? [];
    throw e;
  }
}
