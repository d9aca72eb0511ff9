import type * as A from './ast.js';
import { tokenize } from './lexer.js';
import { KEYWORDS, type Token } from './tokens.js';
import { WgslSyntaxError, type Loc } from './source.js';
import { closest } from './suggest.js';
import { mixedOperatorsNote, needsParentheses, voidReturnNote, type PortabilityNote, type TextRange } from './portability.js';

/** Names that take a template list where an expression or type is expected. */
const TEMPLATED = /^(array|atomic|ptr|bitcast|vec[234]|mat[234]x[234]|texture_\w+|binding_array)$/;

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=']);

// Binary operator precedence, loosest first: naga's (C's), where shifts bind tighter than
// comparisons and comparisons tighter than '&', '^', '|'. WGSL forbids mixing most of these
// without parentheses; naga accepts the mix with this precedence, so the parser reads it
// as naga does and records a portability note (portability.ts) where WGSL would refuse it.
const BINARY_LEVELS: A.BinaryOp[][] = [
  ['||'],
  ['&&'],
  ['|'],
  ['^'],
  ['&'],
  ['==', '!='],
  ['<', '>', '<=', '>='],
  ['<<', '>>'],
  ['+', '-'],
  ['*', '/', '%'],
];

/** Each binary operator's index in BINARY_LEVELS (its precedence: higher binds tighter). */
const BINARY_LEVEL = new Map<string, number>(BINARY_LEVELS.flatMap((ops, level) => ops.map((op) => [op, level] as const)));
/** Template arguments start at the additive level: no relational or shift operators. */
const TEMPLATE_ARG_LEVEL = BINARY_LEVEL.get('+')!;

/**
 * Nesting limits, as in Tint ("maximum parser recursive depth reached", "reached max
 * expression depth of 512"): the parser, the resolver and the simulator recurse over the
 * tree, and deeper input would overflow the stack instead of getting an error.
 */
export const MAX_NESTING = 128;
export const MAX_EXPRESSION_DEPTH = 512;

/** Statements that may carry attributes (`@diagnostic(off, …) if …`). */
const COMPOUND = new Set(['block', 'if', 'switch', 'loop', 'for', 'while']);

/** Every attribute WGSL defines; any other name is a typo that Tint refuses too. */
const ATTRIBUTES = new Set([
  'align',
  'binding',
  'blend_src',
  'builtin',
  'color',
  'compute',
  'const',
  'diagnostic',
  'fragment',
  'group',
  'id',
  'input_attachment_index',
  'interpolate',
  'invariant',
  'location',
  'must_use',
  'size',
  'subgroup_size',
  'vertex',
  'workgroup_size',
]);

/**
 * Parses a module. Where naga (wgpu) accepts what WGSL refuses, the parser reads the text
 * as naga does and lists each place in the module's `portability` notes.
 */
export function parseWgsl(source: string): A.ModuleAst {
  const portability: PortabilityNote[] = [];
  const tokens = tokenize(source, portability);
  let ast: A.ModuleAst;
  try {
    ast = new Parser(tokens, source, portability).module();
  } catch (e) {
    // A comment left open inside a declaration: the end of the file came too early, for naga too.
    const open = portability.find((n) => n.construct === 'unterminated-comment');
    if (open && e instanceof WgslSyntaxError) throw new WgslSyntaxError('unterminated block comment', open.loc);
    throw e;
  }
  return portability.length ? { ...ast, portability } : ast;
}

class Parser {
  private i = 0;
  /** Open blocks, parentheses, calls, templates and unary operators around the position. */
  private nesting = 0;
  // A parser lives for one parse: plain maps and sets hold its nodes no longer than that.
  /** Height of each expression tree built (absent: a leaf, height 1). */
  private readonly heights = new Map<A.Expr, number>();
  /** Expressions written in parentheses: WGSL's operator-mixing rules do not apply to them. */
  private readonly parenthesized = new Set<A.Expr>();
  constructor(
    private readonly toks: Token[],
    private readonly source: string,
    private readonly portability: PortabilityNote[],
  ) {}

  /** Runs `f` one nesting level deeper, within MAX_NESTING. */
  private nested<T>(f: () => T): T {
    if (++this.nesting > MAX_NESTING) {
      const t = this.tok;
      throw new WgslSyntaxError(`nesting too deep: more than ${MAX_NESTING} levels of blocks, parentheses, calls or operators`, t);
    }
    try {
      return f();
    } finally {
      this.nesting--;
    }
  }

  /** Records the height of a new expression node; refuses trees deeper than MAX_EXPRESSION_DEPTH. */
  private node<T extends A.Expr>(e: T, ...children: A.Expr[]): T {
    return this.nodeOf(e, children);
  }

  /** node() with the children as an array: a call's arguments can be more than a spread passes. */
  private nodeOf<T extends A.Expr>(e: T, children: readonly A.Expr[]): T {
    let tallest = 0;
    for (const c of children) tallest = Math.max(tallest, this.heights.get(c) ?? 1);
    const h = 1 + tallest;
    if (h > MAX_EXPRESSION_DEPTH)
      throw new WgslSyntaxError(`expression too deep: more than ${MAX_EXPRESSION_DEPTH} nested operations`, e.loc);
    this.heights.set(e, h);
    return e;
  }

  // ---------- token helpers ----------

  private get tok(): Token {
    return this.toks[this.i]!;
  }
  private peek(k = 1): Token {
    return this.toks[Math.min(this.i + k, this.toks.length - 1)]!;
  }
  private loc(t: Token = this.tok): Loc {
    return { line: t.line, column: t.column, offset: t.offset, length: t.length };
  }
  private atEnd(): boolean {
    return this.tok.kind === 'eof';
  }
  private is(text: string): boolean {
    const t = this.tok;
    return (t.kind === 'punct' || t.kind === 'ident' || t.kind === 'bool') && t.text === text;
  }
  private eat(text: string): boolean {
    if (this.is(text)) {
      this.i++;
      return true;
    }
    return false;
  }
  private describe(t: Token): string {
    return t.kind === 'eof' ? 'end of file' : `'${t.text}'`;
  }
  private fail(what: string, t: Token = this.tok): never {
    throw new WgslSyntaxError(`expected ${what}, found ${this.describe(t)}`, t);
  }
  /** `after`: a missing terminator or separator, reported after the previous token (failAfterPrevious). */
  private expect(text: string, what = `'${text}'`, after = text === ';'): Token {
    const t = this.tok;
    if (!this.is(text)) {
      if (after) this.failAfterPrevious(what);
      this.fail(what);
    }
    this.i++;
    return t;
  }
  /**
   * A missing terminator belongs where the statement ended, not at the next token (often
   * lines later): reports "expected ';' after 'x'" just past the previous token. The token
   * found is named only when it is on that same line, where the reader looks.
   */
  private failAfterPrevious(what: string): never {
    const prev = this.i > 0 ? this.toks[this.i - 1] : undefined;
    if (!prev) this.fail(what);
    const t = this.tok;
    const found = t.kind !== 'eof' && t.line === prev.line ? `, found ${this.describe(t)}` : '';
    const end = { line: prev.line, column: prev.column + prev.length, offset: prev.offset + prev.length, length: 0 };
    throw new WgslSyntaxError(`expected ${what} after '${prev.text}'${found}`, end);
  }
  private ident(what = 'a name'): Token {
    const t = this.tok;
    if (t.kind !== 'ident') this.fail(what);
    if (KEYWORDS.has(t.text)) this.fail(what);
    this.i++;
    return t;
  }

  /** Consumes one '>' that closes a template list, splitting '>>', '>=' and '>>='. */
  private closeTemplate(): void {
    const t = this.tok;
    if (t.kind !== 'punct' || !t.text.startsWith('>')) this.fail("'>' to close the template list");
    if (t.text === '>') {
      this.i++;
      return;
    }
    this.toks[this.i] = { ...t, text: t.text.slice(1), offset: t.offset + 1, column: t.column + 1, length: t.length - 1 };
  }

  // ---------- module ----------

  module(): A.ModuleAst {
    const directives: A.Directive[] = [];
    while (this.is('enable') || this.is('requires') || (this.is('diagnostic') && this.peek().text === '(')) {
      const t = this.tok;
      this.i++;
      const names: string[] = [];
      if (t.text === 'diagnostic') {
        this.expect('(');
        while (!this.is(')')) {
          names.push(this.tok.text);
          this.i++;
          this.eat(',');
        }
        this.expect(')');
      } else {
        do names.push(this.ident('an extension name').text);
        while (this.eat(',') && !this.is(';'));
      }
      this.expect(';');
      directives.push({ kind: t.text as A.Directive['kind'], loc: this.loc(t), names });
    }
    const decls: A.Decl[] = [];
    while (this.tok.kind !== 'eof') {
      if (this.eat(';')) continue;
      decls.push(this.globalDecl());
    }
    return { directives, decls };
  }

  private attributes(): A.Attribute[] {
    const attrs: A.Attribute[] = [];
    while (this.is('@')) {
      const at = this.tok;
      this.i++;
      const nameTok = this.tok;
      if (nameTok.kind !== 'ident') this.fail('an attribute name');
      if (!ATTRIBUTES.has(nameTok.text)) {
        const guess = closest(nameTok.text, ATTRIBUTES);
        throw new WgslSyntaxError(`unknown attribute '@${nameTok.text}'${guess ? `: did you mean '@${guess}'?` : ''}`, nameTok);
      }
      this.i++;
      const args: A.Expr[] = [];
      if (this.eat('(')) {
        while (!this.is(')')) {
          args.push(this.expression());
          if (!this.eat(',')) break;
        }
        this.expect(')');
      }
      attrs.push({ name: nameTok.text, args, loc: this.loc(at) });
    }
    return attrs;
  }

  private globalDecl(): A.Decl {
    const attrs = this.attributes();
    const t = this.tok;
    switch (t.text) {
      case 'var': {
        const decl = this.varDecl(attrs);
        this.expect(';');
        return decl;
      }
      case 'const':
      case 'override': {
        this.i++;
        const name = this.ident();
        const type = this.eat(':') ? this.typeExpr() : undefined;
        const init = this.eat('=') ? this.expression() : undefined;
        if (t.text === 'const' && !init) this.fail("'=' and an initializer");
        this.expect(';');
        return { kind: t.text, loc: this.loc(t), name: name.text, nameLoc: this.loc(name), attrs, type, init };
      }
      case 'let':
        throw new WgslSyntaxError("'let' is not allowed at module scope: use 'const'", t);
      case 'fn':
        return this.fnDecl(attrs);
      case 'struct': {
        this.i++;
        const name = this.ident('a struct name');
        this.expect('{');
        const members: A.StructMember[] = [];
        while (!this.is('}')) {
          const mattrs = this.attributes();
          const m = this.ident('a member name');
          this.expect(':');
          members.push({ name: m.text, loc: this.loc(m), attrs: mattrs, type: this.typeExpr() });
          if (!this.eat(',')) break;
        }
        // A member missing its ',' (the next member often on the next line).
        this.expect('}', "',' or '}'", true);
        this.eat(';');
        return { kind: 'struct', loc: this.loc(t), name: name.text, nameLoc: this.loc(name), members };
      }
      case 'alias': {
        this.i++;
        const name = this.ident();
        this.expect('=');
        const type = this.typeExpr();
        this.expect(';');
        return { kind: 'alias', loc: this.loc(t), name: name.text, nameLoc: this.loc(name), type };
      }
      case 'const_assert': {
        this.i++;
        const expr = this.expression();
        this.expect(';');
        return { kind: 'const_assert', loc: this.loc(t), expr };
      }
      default:
        return this.fail("a declaration ('fn', 'var', 'const', 'override', 'struct', 'alias')");
    }
  }

  private varDecl(attrs: A.Attribute[]): A.VarDecl {
    const t = this.expect('var');
    let addressSpace: string | undefined;
    let access: string | undefined;
    if (this.eat('<')) {
      addressSpace = this.ident('an address space').text;
      if (this.eat(',')) access = this.ident('an access mode').text;
      this.eat(',');
      this.closeTemplate();
    }
    const name = this.ident();
    const type = this.eat(':') ? this.typeExpr() : undefined;
    const init = this.eat('=') ? this.expression() : undefined;
    return { kind: 'var', loc: this.loc(t), name: name.text, nameLoc: this.loc(name), attrs, addressSpace, access, type, init };
  }

  private fnDecl(attrs: A.Attribute[]): A.FnDecl {
    const t = this.expect('fn');
    const name = this.ident('a function name');
    this.expect('(');
    const params: A.Param[] = [];
    while (!this.is(')')) {
      const pattrs = this.attributes();
      const p = this.ident('a parameter name');
      this.expect(':');
      params.push({ name: p.text, loc: this.loc(p), attrs: pattrs, type: this.typeExpr() });
      if (!this.eat(',')) break;
    }
    this.expect(')', "',' or ')'");
    let returnType: A.IdentExpr | undefined;
    let returnAttrs: A.Attribute[] = [];
    if (this.is('->') && this.peek().kind === 'ident' && this.peek().text === 'void') {
      // naga skips `-> void` (no return type); WGSL has no 'void'.
      const arrow = this.tok;
      const word = this.peek();
      this.i += 2;
      this.portability.push(voidReturnNote(this.loc(word), { start: arrow.offset, end: word.offset + word.length }));
    } else if (this.eat('->')) {
      returnAttrs = this.attributes();
      returnType = this.typeExpr();
    }
    const body = this.block();
    return { kind: 'fn', loc: this.loc(t), name: name.text, nameLoc: this.loc(name), attrs, params, returnType, returnAttrs, body };
  }

  /** A type: a name with an optional template list. */
  private typeExpr(): A.IdentExpr {
    const t = this.tok;
    if (t.kind !== 'ident') this.fail('a type');
    this.i++;
    const node: A.IdentExpr = { kind: 'ident', loc: this.loc(t), name: t.text };
    if (this.is('<')) node.template = this.templateList();
    return node;
  }

  private templateList(): A.Expr[] {
    return this.nested(() => this.templateBody());
  }

  private templateBody(): A.Expr[] {
    this.expect('<');
    const args: A.Expr[] = [];
    while (!(this.tok.kind === 'punct' && this.tok.text.startsWith('>'))) {
      args.push(this.templateArg());
      if (!this.eat(',')) break;
    }
    this.closeTemplate();
    return args;
  }

  /** Template arguments stop at '>', so they are parsed without relational or shift operators. */
  private templateArg(): A.Expr {
    return this.binary(TEMPLATE_ARG_LEVEL);
  }

  // ---------- statements ----------

  private block(): A.BlockStmt {
    return this.nested(() => this.blockBody());
  }

  private blockBody(): A.BlockStmt {
    // A compound statement may carry attributes of its own (`if c @diagnostic(off, r) { … }`).
    const attrs = this.attributes();
    const t = this.expect('{');
    const body: A.Stmt[] = [];
    while (!this.is('}')) {
      if (this.atEnd()) this.fail("'}'");
      const s = this.statement();
      if (s) body.push(s);
    }
    this.i++;
    return { kind: 'block', loc: this.loc(t), body, ...(attrs.length ? { attrs } : {}) };
  }

  private statement(): A.Stmt | null {
    const attrs = this.attributes();
    const s = this.unattributedStatement();
    // Only @diagnostic means anything on a statement; the uniformity analysis reads it.
    if (s && attrs.length && COMPOUND.has(s.kind)) (s as { attrs?: A.Attribute[] }).attrs = attrs;
    return s;
  }

  private unattributedStatement(): A.Stmt | null {
    const t = this.tok;
    if (this.eat(';')) return null;
    switch (t.kind === 'ident' ? t.text : t.kind === 'punct' ? t.text : '') {
      case '{':
        return this.block();
      case 'if':
        return this.ifStmt();
      case 'switch':
        return this.switchStmt();
      case 'loop':
        return this.loopStmt();
      case 'for':
        return this.forStmt();
      case 'while': {
        this.i++;
        const cond = this.expression();
        return { kind: 'while', loc: this.loc(t), cond, body: this.block() };
      }
      case 'break':
      case 'continue':
      case 'discard': {
        this.i++;
        this.expect(';');
        return { kind: t.text as 'break', loc: this.loc(t) };
      }
      case 'return': {
        this.i++;
        const value = this.is(';') ? undefined : this.expression();
        this.expect(';');
        return { kind: 'return', loc: this.loc(t), value };
      }
      case 'const_assert': {
        this.i++;
        const expr = this.expression();
        this.expect(';');
        return { kind: 'const_assert', loc: this.loc(t), expr };
      }
      default: {
        const s = this.simpleStatement();
        this.expect(';');
        return s;
      }
    }
  }

  /** Declarations, assignments, increments and calls: the forms allowed in `for (…;…;…)`. */
  private simpleStatement(): A.Stmt {
    const t = this.tok;
    if (this.is('var')) {
      const decl = this.varDecl([]);
      return { kind: 'var', loc: this.loc(t), decl };
    }
    if (this.is('let') || this.is('const')) {
      this.i++;
      const name = this.ident();
      const type = this.eat(':') ? this.typeExpr() : undefined;
      this.expect('=', "'=' and an initializer");
      const init = this.expression();
      return { kind: t.text as 'let', loc: this.loc(t), name: name.text, nameLoc: this.loc(name), type, init };
    }
    if (this.is('_')) {
      this.i++;
      this.expect('=');
      return { kind: 'assign', loc: this.loc(t), op: '=', target: null, value: this.expression() };
    }
    const target = this.unary();
    if (target.kind === 'call' && (this.is(';') || this.is(')'))) {
      return { kind: 'call', loc: target.loc, call: target };
    }
    if (this.is('++') || this.is('--')) {
      const op = this.tok.text as '++' | '--';
      this.i++;
      return { kind: 'incdec', loc: this.loc(t), op, target };
    }
    const opTok = this.tok;
    if (opTok.kind === 'punct' && ASSIGN_OPS.has(opTok.text)) {
      this.i++;
      return { kind: 'assign', loc: this.loc(opTok), op: opTok.text as A.AssignOp, target, value: this.expression() };
    }
    return this.fail("an assignment ('=', '+=', …), '++', '--' or a function call");
  }

  private ifStmt(): A.IfStmt {
    const t = this.expect('if');
    const cond = this.expression();
    const then = this.block();
    let elseBranch: A.BlockStmt | A.IfStmt | undefined;
    if (this.eat('else')) elseBranch = this.is('if') ? this.nested(() => this.ifStmt()) : this.block();
    return { kind: 'if', loc: this.loc(t), cond, then, else: elseBranch };
  }

  private switchStmt(): A.SwitchStmt {
    const t = this.expect('switch');
    const selector = this.expression();
    this.attributes();
    this.expect('{');
    const clauses: A.SwitchClause[] = [];
    while (!this.is('}')) {
      const ct = this.tok;
      const selectors: (A.Expr | null)[] = [];
      if (this.eat('default')) {
        selectors.push(null);
      } else {
        this.expect('case', "'case', 'default' or '}'");
        while (!this.is(':') && !this.is('{')) {
          if (this.eat('default')) selectors.push(null);
          else selectors.push(this.expression());
          if (!this.eat(',')) break;
        }
      }
      this.eat(':');
      this.attributes();
      clauses.push({ loc: this.loc(ct), selectors, body: this.block() });
    }
    this.i++;
    return { kind: 'switch', loc: this.loc(t), selector, clauses };
  }

  private loopStmt(): A.LoopStmt {
    const t = this.expect('loop');
    this.attributes();
    const open = this.expect('{');
    const body: A.Stmt[] = [];
    let continuing: A.LoopStmt['continuing'];
    while (!this.is('}')) {
      if (this.atEnd()) this.fail("'}'");
      if (this.is('continuing')) {
        const ct = this.tok;
        this.i++;
        this.attributes();
        const cOpen = this.expect('{');
        const cbody: A.Stmt[] = [];
        let breakIf: A.Expr | undefined;
        let breakIfLoc: Loc | undefined;
        while (!this.is('}')) {
          if (this.atEnd()) this.fail("'}'");
          if (this.is('break') && this.peek().text === 'if') {
            breakIfLoc = this.loc();
            this.i += 2;
            breakIf = this.expression();
            this.expect(';');
            if (!this.is('}')) this.fail("'}' after 'break if' (it must be the last statement of 'continuing')");
            break;
          }
          const s = this.statement();
          if (s) cbody.push(s);
        }
        this.expect('}');
        continuing = { loc: this.loc(ct), body: { kind: 'block', loc: this.loc(cOpen), body: cbody }, breakIf, breakIfLoc };
        if (!this.is('}')) this.fail("'}' after the 'continuing' block (it must come last in the loop)");
        break;
      }
      const s = this.statement();
      if (s) body.push(s);
    }
    this.expect('}');
    return { kind: 'loop', loc: this.loc(t), body: { kind: 'block', loc: this.loc(open), body }, continuing };
  }

  private forStmt(): A.ForStmt {
    const t = this.expect('for');
    this.expect('(');
    const init = this.is(';') ? undefined : this.simpleStatement();
    this.expect(';');
    const cond = this.is(';') ? undefined : this.expression();
    this.expect(';');
    const update = this.is(')') ? undefined : this.simpleStatement();
    this.expect(')');
    return { kind: 'for', loc: this.loc(t), init, cond, update, body: this.block() };
  }

  // ---------- expressions ----------

  expression(): A.Expr {
    return this.nested(() => this.binary(0));
  }

  /**
   * An expression whose binary operators are at `minLevel` of BINARY_LEVELS or tighter, by
   * precedence climbing: each operator's right operand takes only tighter operators, so
   * operators of one level associate to the left. `start` is the first token of the node's
   * left operand chain.
   */
  private binary(minLevel: number): A.Expr {
    const first = this.i;
    let start: Loc | undefined;
    let left = this.unary();
    for (;;) {
      const t = this.tok;
      const level = t.kind === 'punct' ? BINARY_LEVEL.get(t.text) : undefined;
      if (level === undefined || level < minLevel) return left;
      const leftRange = this.rangeFrom(first);
      start ??= this.loc(this.toks[first]);
      this.i++;
      const rightFirst = this.i;
      const right = this.binary(level + 1);
      const node = this.node<A.BinaryExpr>({ kind: 'binary', loc: this.loc(t), start, op: t.text as A.BinaryOp, left, right }, left, right);
      this.noteMixing(node, leftRange, this.rangeFrom(rightFirst), this.rangeFrom(first));
      left = node;
    }
  }

  /** The first operator in the text of a binary expression (its leftmost chain of unparenthesized operands). */
  private leftmostOperator(e: A.BinaryExpr): Loc {
    let n = e;
    while (n.left.kind === 'binary' && !this.parenthesized.has(n.left)) n = n.left;
    return n.loc;
  }

  /** The source range from token `first` to the last token consumed. */
  private rangeFrom(first: number): TextRange {
    const last = this.toks[this.i - 1]!;
    return { start: this.toks[first]!.offset, end: last.offset + last.length };
  }

  /** Records a note for each operand WGSL requires in parentheses (`a ^ b >> 1u`), which naga reads by precedence. */
  private noteMixing(node: A.BinaryExpr, left: TextRange, right: TextRange, whole: TextRange): void {
    const sides = [
      ['left', node.left, left],
      ['right', node.right, right],
    ] as const;
    for (const [side, operand, range] of sides) {
      if (operand.kind !== 'binary' || this.parenthesized.has(operand)) continue;
      if (!needsParentheses(node.op, operand.op, side)) continue;
      // Tint names the two operators in text order and reports at the first operator of the expression.
      const pair: [string, string] = side === 'left' ? [operand.op, node.op] : [node.op, operand.op];
      this.portability.push(mixedOperatorsNote(this.source, whole, range, this.leftmostOperator(node), pair));
    }
  }

  private unary(): A.Expr {
    const t = this.tok;
    if (t.kind === 'punct' && (t.text === '-' || t.text === '!' || t.text === '~' || t.text === '&' || t.text === '*')) {
      this.i++;
      const operand = this.nested(() => this.unary());
      return this.node<A.UnaryExpr>({ kind: 'unary', loc: this.loc(t), op: t.text, operand }, operand);
    }
    // The lexer makes `--` one token (the decrement statement); in an expression it is two
    // negations, as Tint reads it: `--x` is -(-x).
    if (t.kind === 'punct' && t.text === '--') {
      this.i++;
      const operand = this.nested(() => this.unary());
      const outer = { ...this.loc(t), length: 1 };
      const inner = { line: t.line, column: t.column + 1, offset: t.offset + 1, length: 1 };
      const negated = this.node<A.UnaryExpr>({ kind: 'unary', loc: inner, op: '-', operand }, operand);
      return this.node<A.UnaryExpr>({ kind: 'unary', loc: outer, op: '-', operand: negated }, negated);
    }
    return this.postfix(this.primary());
  }

  private postfix(base: A.Expr): A.Expr {
    for (;;) {
      const t = this.tok;
      if (this.eat('[')) {
        const index = this.expression();
        this.expect(']');
        base = this.node<A.IndexExpr>({ kind: 'index', loc: this.loc(t), base, index }, base, index);
      } else if (this.eat('.')) {
        const m = this.tok;
        if (m.kind !== 'ident') this.fail('a member name or swizzle');
        this.i++;
        base = this.node<A.MemberExpr>({ kind: 'member', loc: this.loc(t), base, member: m.text, memberLoc: this.loc(m) }, base);
      } else {
        return base;
      }
    }
  }

  private primary(): A.Expr {
    const t = this.tok;
    if (t.kind === 'int' || t.kind === 'float') {
      this.i++;
      return parseNumber(t, this.loc(t));
    }
    if (t.kind === 'bool') {
      this.i++;
      return { kind: 'lit', loc: this.loc(t), value: t.text === 'true', literalType: 'bool', text: t.text };
    }
    if (this.eat('(')) {
      const e = this.expression();
      this.expect(')');
      this.parenthesized.add(e);
      return e;
    }
    if (t.kind === 'ident' && !KEYWORDS.has(t.text)) {
      this.i++;
      const id: A.IdentExpr = { kind: 'ident', loc: this.loc(t), name: t.text };
      if (this.is('<') && TEMPLATED.test(t.text)) id.template = this.templateList();
      if (this.eat('(')) {
        const args: A.Expr[] = [];
        while (!this.is(')')) {
          args.push(this.expression());
          if (!this.eat(',')) break;
        }
        this.expect(')', "',' or ')'");
        return this.nodeOf<A.CallExpr>({ kind: 'call', loc: id.loc, callee: id, args }, args);
      }
      return id;
    }
    return this.fail('an expression');
  }
}

function parseNumber(t: Token, loc: Loc): A.LiteralExpr {
  let text = t.text;
  const last = text[text.length - 1]!;
  const isHex = /^0[xX]/.test(text);
  let literalType: A.LiteralExpr['literalType'];
  if (t.kind === 'int') {
    literalType = last === 'i' ? 'i32' : last === 'u' ? 'u32' : 'abstract-int';
    if (last === 'i' || last === 'u') text = text.slice(0, -1);
    const value = isHex ? parseInt(text.slice(2), 16) : parseInt(text, 10);
    return { kind: 'lit', loc, value, literalType, text: t.text };
  }
  // Floats. A hex float's trailing 'f' is a digit unless an exponent came first.
  if ((last === 'f' || last === 'h') && (!isHex || /[pP]/.test(text))) {
    literalType = last === 'f' ? 'f32' : 'f16';
    text = text.slice(0, -1);
  } else {
    literalType = 'abstract-float';
  }
  const value = isHex ? parseHexFloat(text) : parseFloat(text);
  return { kind: 'lit', loc, value, literalType, text: t.text };
}

function parseHexFloat(text: string): number {
  const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?[0-9]+))?$/.exec(text)!;
  const int = m[1] ?? '';
  const frac = m[2] ?? '';
  const exp = m[3] ? parseInt(m[3], 10) : 0;
  let mant = 0;
  for (const d of int + frac) mant = mant * 16 + parseInt(d, 16);
  return mant * Math.pow(2, exp - 4 * frac.length);
}
