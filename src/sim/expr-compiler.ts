// The expression compiler's interface for the code it delegates to (statements, builtins).
import type * as A from '../wgsl/ast.js';
import type { ExprInfo, LocalVar, ModuleInfo } from '../wgsl/module-info.js';
import type { BinaryTyping } from '../wgsl/operators.js';
import type { Type } from '../wgsl/types.js';
import type { PtrSlot, RefCode, ValueCode } from './code.js';
import type { Ctx } from './context.js';
import type { SiteInfo } from './hooks.js';
import type { Mask } from './mask.js';

/**
 * What statements and builtin calls need from the expression compiler (compiler.ts, which
 * composes a StatementCompiler over itself and hands itself to the builtin calls): values,
 * memory views and the per-lane storage of locals. Declared apart so that neither of them
 * imports the compiler that imports them.
 */
export interface ExprCompiler {
  readonly info: ModuleInfo;
  readonly ctx: Ctx;
  /** Invocations per workgroup. */
  readonly W: number;
  /** select() arguments being compiled (their accesses are marked as eagerly evaluated). */
  selectDepth: number;
  /** Loops around the code being compiled (their sites are marked as in a loop). */
  loopDepth: number;
  exprInfo(e: A.Expr): ExprInfo;
  /** The concrete type an expression's value has at run time. */
  valueType(info: ExprInfo): Type;
  /** Registers a source site (for step-limit reports and access events). */
  site(node: A.Expr | A.Stmt, variable?: string): SiteInfo;
  unsupported(loc: { line: number; column: number }, what: string): never;
  value(e: A.Expr): ValueCode;
  /** A typed binary operation on two compiled values: element-wise, broadcast or a matrix product. */
  binaryOf(t: BinaryTyping, op: A.BinaryOp, a: ValueCode, b: ValueCode, type: Type): ValueCode;
  ref(e: A.Expr): RefCode;
  load(ref: RefCode, e: A.Expr): ValueCode;
  storer(ref: RefCode, at: A.Stmt | A.Expr): (m: Mask, values: Float64Array) => void;
  localVarRef(v: LocalVar, site: SiteInfo): RefCode;
  localValues(v: LocalVar): Float64Array;
  localPointer(v: LocalVar): PtrSlot;
  aliasLocal(v: LocalVar, arr: Float64Array): boolean;
}
