// What the resolver knows about a module: declarations with their semantic types, and a
// side table with the type (and constant value, when there is one) of every expression.
// The simulator compiles from this; the GPU runtime reflects bindings from it.
import type * as A from './ast.js';
import type { Overload, BuiltinDef } from './builtins.js';
import type { BinaryTyping } from './operators.js';
import type { AccessMode, AddressSpace, Type, StructType } from './types.js';
import type { Loc } from './source.js';
import type { PortabilityNote } from './portability.js';

/** A constant: its type and its value flattened to scalar components (bools as 0/1). */
export interface ConstValue {
  type: Type;
  v: number[];
}

export interface GlobalVar {
  name: string;
  decl: A.VarDecl;
  space: AddressSpace;
  access: AccessMode;
  /** The store type (what the variable holds). */
  type: Type;
  group?: number;
  binding?: number;
  loc: Loc;
}

export interface OverrideInfo {
  name: string;
  decl: A.ConstDecl;
  type: Type;
  id?: number;
  value?: ConstValue;
}

export interface LocalVar {
  name: string;
  kind: 'let' | 'var' | 'param' | 'const';
  /** Value type for let/param/const; store type for var. */
  type: Type;
  /** Index unique within its function. */
  id: number;
  loc: Loc;
  const?: ConstValue;
  /** For `var` and pointer-free lets: whether `&name` is ever taken (the simulator may keep it in a register otherwise). */
  addressTaken?: boolean;
}

export interface EntryIO {
  /** Entry-point parameter index, and member index when the parameter is a struct. */
  param: number;
  member?: number;
  builtin: string;
}

export interface FnInfo {
  name: string;
  decl: A.FnDecl;
  params: LocalVar[];
  returnType: Type;
  stage?: 'compute' | 'vertex' | 'fragment';
  /** `@workgroup_size` evaluated (overrides already applied). */
  workgroupSize?: [number, number, number];
  locals: LocalVar[];
  /** Globals referenced by this function or any function it calls. */
  globalsUsed: Set<GlobalVar>;
  callees: Set<FnInfo>;
  /** Builtin inputs of an entry point. */
  builtinInputs: EntryIO[];
}

export type Resolution =
  | { kind: 'local'; v: LocalVar }
  | { kind: 'global'; g: GlobalVar }
  | { kind: 'const'; value: ConstValue }
  | { kind: 'override'; o: OverrideInfo };

export type CallTarget =
  | { kind: 'builtin'; name: string; def: BuiltinDef; overload: Overload }
  | { kind: 'fn'; f: FnInfo }
  | { kind: 'ctor'; type: Type; params: Type[] }
  | { kind: 'bitcast'; overload: Overload };

export interface ExprInfo {
  /** The expression's type: a `ref` for memory views (variables, `a[i]`, `*p`). */
  type: Type;
  /** Set when the expression is a constant expression. */
  const?: ConstValue;
  /** Set on abstract-typed expressions whose context converts them to a concrete type. */
  concrete?: Type;
  ident?: Resolution;
  call?: CallTarget;
  /** Component indices of a vector swizzle. */
  swizzle?: number[];
  /** Member index of a struct access. */
  member?: number;
}

export interface ModuleInfo {
  ast: A.ModuleAst;
  structs: Map<string, StructType>;
  globals: GlobalVar[];
  overrides: OverrideInfo[];
  functions: Map<string, FnInfo>;
  entryPoints: FnInfo[];
  exprs: Map<A.Expr, ExprInfo>;
  /** Locals declared by `var`/`let`/`const` statements and `for` headers. */
  stmtLocals: Map<A.Stmt, LocalVar>;
  /** Operand/result typing of every binary expression and compound assignment. */
  binaryTypes: Map<A.BinaryExpr, BinaryTyping>;
  compoundTypes: Map<A.AssignStmt, BinaryTyping>;
  enables: string[];
  /** Where the module relies on naga's leniencies: the parser's notes, then the resolver's (portability.ts). */
  portability: PortabilityNote[];
}
