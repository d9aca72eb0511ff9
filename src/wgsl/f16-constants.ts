// Constant-evaluation rules for f16 (WGSL § "Floating point evaluation"): a constant
// expression whose f16 value is not finite is a shader-creation error, as in Tint, and an
// `h` literal must be representable. Kept apart from resolve.ts so f16 stays one module.
import type * as A from './ast.js';
import { roundF16 } from '../numbers/f16.js';
import type { ConstValue, ExprInfo } from './module-info.js';
import type { Loc } from './source.js';
import { F16, leafScalar } from './types.js';

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

/** A constant of an f16 type must be finite (overflow and 0/0 are errors at shader creation). */
export function checkF16Constant(loc: Loc, c: ConstValue, fail: Fail): void {
  if (leafScalar(c.type)?.name !== 'f16') return;
  for (const x of c.v) if (!Number.isFinite(x)) fail(loc, `value ${shown(x)} cannot be represented as 'f16'`);
}
