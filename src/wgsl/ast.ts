// The syntax tree of a WGSL module, as written. Every node has a `loc` (line, column,
// offset, length of its first token). Types are written as identifier expressions with an
// optional template list (`array<f32, 64>`), so one node shape serves types and values;
// the resolver decides which is which.
import type { Loc } from './source.js';
import type { PortabilityNote } from './portability.js';

export interface Attribute {
  name: string;
  args: Expr[];
  loc: Loc;
}

// ---------- expressions ----------

export interface LiteralExpr {
  kind: 'lit';
  loc: Loc;
  /** Numeric value (integers are exact JS numbers; WGSL integers fit in 2^53 when valid). */
  value: number | boolean;
  /** The literal's type: from its suffix, or abstract when it has none. */
  literalType: 'bool' | 'abstract-int' | 'abstract-float' | 'i32' | 'u32' | 'f32' | 'f16';
  text: string;
}

export interface IdentExpr {
  kind: 'ident';
  loc: Loc;
  name: string;
  /** Template list (`vec3<f32>`, `array<T, N>`, `ptr<function, i32>`), when written. */
  template?: Expr[];
}

export interface CallExpr {
  kind: 'call';
  loc: Loc;
  callee: IdentExpr;
  args: Expr[];
}

export interface IndexExpr {
  kind: 'index';
  loc: Loc;
  base: Expr;
  index: Expr;
}

export interface MemberExpr {
  kind: 'member';
  loc: Loc;
  base: Expr;
  member: string;
  memberLoc: Loc;
}

export type UnaryOp = '-' | '!' | '~' | '&' | '*';
export interface UnaryExpr {
  kind: 'unary';
  loc: Loc;
  op: UnaryOp;
  operand: Expr;
}

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '<<' | '>>' | '&' | '|' | '^' | '<' | '>' | '<=' | '>=' | '==' | '!=' | '&&' | '||';
export interface BinaryExpr {
  kind: 'binary';
  /** The operator. */
  loc: Loc;
  /** The first token of the whole expression (a '(' when the left operand is parenthesized), where Tint places notes about it. */
  start?: Loc;
  op: BinaryOp;
  left: Expr;
  right: Expr;
}

export type Expr = LiteralExpr | IdentExpr | CallExpr | IndexExpr | MemberExpr | UnaryExpr | BinaryExpr;

// ---------- statements ----------

export interface VarStmt {
  kind: 'var';
  loc: Loc;
  decl: VarDecl;
}
export interface ValueDeclStmt {
  kind: 'let' | 'const';
  loc: Loc;
  name: string;
  nameLoc: Loc;
  type?: IdentExpr;
  init: Expr;
}
export type AssignOp = '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '>>=';
export interface AssignStmt {
  kind: 'assign';
  loc: Loc;
  op: AssignOp;
  /** null for the phony assignment `_ = e`. */
  target: Expr | null;
  value: Expr;
}
export interface IncDecStmt {
  kind: 'incdec';
  loc: Loc;
  op: '++' | '--';
  target: Expr;
}
export interface CallStmt {
  kind: 'call';
  loc: Loc;
  call: CallExpr;
}
export interface BlockStmt {
  /** Attributes written before the statement (`@diagnostic(...)`). */
  attrs?: Attribute[];
  kind: 'block';
  loc: Loc;
  body: Stmt[];
}
export interface IfStmt {
  /** Attributes written before the statement (`@diagnostic(...)`). */
  attrs?: Attribute[];
  kind: 'if';
  loc: Loc;
  cond: Expr;
  then: BlockStmt;
  else?: BlockStmt | IfStmt;
}
export interface SwitchClause {
  loc: Loc;
  /** `null` stands for `default`. */
  selectors: (Expr | null)[];
  body: BlockStmt;
}
export interface SwitchStmt {
  /** Attributes written before the statement (`@diagnostic(...)`). */
  attrs?: Attribute[];
  kind: 'switch';
  loc: Loc;
  selector: Expr;
  clauses: SwitchClause[];
}
export interface LoopStmt {
  /** Attributes written before the statement (`@diagnostic(...)`). */
  attrs?: Attribute[];
  kind: 'loop';
  loc: Loc;
  body: BlockStmt;
  continuing?: { loc: Loc; body: BlockStmt; breakIf?: Expr; /** The `break` of `break if`. */ breakIfLoc?: Loc };
}
export interface ForStmt {
  /** Attributes written before the statement (`@diagnostic(...)`). */
  attrs?: Attribute[];
  kind: 'for';
  loc: Loc;
  init?: Stmt;
  cond?: Expr;
  update?: Stmt;
  body: BlockStmt;
}
export interface WhileStmt {
  /** Attributes written before the statement (`@diagnostic(...)`). */
  attrs?: Attribute[];
  kind: 'while';
  loc: Loc;
  cond: Expr;
  body: BlockStmt;
}
export interface SimpleStmt {
  kind: 'break' | 'continue' | 'discard';
  loc: Loc;
}
export interface ReturnStmt {
  kind: 'return';
  loc: Loc;
  value?: Expr;
}
export interface ConstAssertStmt {
  kind: 'const_assert';
  loc: Loc;
  expr: Expr;
}

export type Stmt =
  | VarStmt
  | ValueDeclStmt
  | AssignStmt
  | IncDecStmt
  | CallStmt
  | BlockStmt
  | IfStmt
  | SwitchStmt
  | LoopStmt
  | ForStmt
  | WhileStmt
  | SimpleStmt
  | ReturnStmt
  | ConstAssertStmt;

// ---------- module-scope declarations ----------

export interface VarDecl {
  kind: 'var';
  loc: Loc;
  name: string;
  nameLoc: Loc;
  attrs: Attribute[];
  /** From `var<space, access>`, as written. */
  addressSpace?: string;
  access?: string;
  type?: IdentExpr;
  init?: Expr;
}

export interface ConstDecl {
  kind: 'const' | 'override';
  loc: Loc;
  name: string;
  nameLoc: Loc;
  attrs: Attribute[];
  type?: IdentExpr;
  init?: Expr;
}

export interface Param {
  name: string;
  loc: Loc;
  attrs: Attribute[];
  type: IdentExpr;
}

export interface FnDecl {
  kind: 'fn';
  loc: Loc;
  name: string;
  nameLoc: Loc;
  attrs: Attribute[];
  params: Param[];
  returnType?: IdentExpr;
  returnAttrs: Attribute[];
  body: BlockStmt;
}

export interface StructMember {
  name: string;
  loc: Loc;
  attrs: Attribute[];
  type: IdentExpr;
}

export interface StructDecl {
  kind: 'struct';
  loc: Loc;
  name: string;
  nameLoc: Loc;
  members: StructMember[];
}

export interface AliasDecl {
  kind: 'alias';
  loc: Loc;
  name: string;
  nameLoc: Loc;
  type: IdentExpr;
}

export interface ConstAssertDecl {
  kind: 'const_assert';
  loc: Loc;
  expr: Expr;
}

export interface Directive {
  kind: 'enable' | 'requires' | 'diagnostic';
  loc: Loc;
  names: string[];
}

export type Decl = VarDecl | ConstDecl | FnDecl | StructDecl | AliasDecl | ConstAssertDecl;

export interface ModuleAst {
  directives: Directive[];
  decls: Decl[];
  /** Where the source relies on naga's leniencies (portability.ts); absent when it does not. */
  portability?: PortabilityNote[];
}
