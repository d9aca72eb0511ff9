// The `h` literal of f16 (WGSL § "Floating point evaluation"): rounded to f16, and an error
// when out of range, as in Tint. Every other f16 constant is checked with the rest of
// constant evaluation (const-checks.ts).
import type * as A from './ast.js';
import { roundF16 } from '../numbers/f16.js';
import type { ExprInfo } from './module-info.js';
import type { Loc } from './source.js';
import { F16 } from './types.js';

type Fail = (loc: Loc, msg: string) => never;

/** Formats a value the way Tint prints it in range errors (`65520.0`). */
function shown(v: number): string {
  return Number.isInteger(v) ? `${v}.0` : String(v);
}

/** The typed value of an `h` literal, rounded to f16; out of range is an error. */
export function checkedF16Literal(e: A.LiteralExpr, fail: Fail, requireEnable: () => void): ExprInfo {
  requireEnable();
  const raw = e.value as number;
  const v = roundF16(raw);
  if (!Number.isFinite(v)) fail(e.loc, `value ${shown(raw)} cannot be represented as 'f16'`);
  return { type: F16, const: { type: F16, v: [v] } };
}
