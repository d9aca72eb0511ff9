// Init expressions: recursive-descent parser to an InitExpr AST, and a
// compiler from that AST to nested closures (no eval / new Function, so it
// runs under any CSP). Grammar, loosest binding first:
//
//   expr    := term (('+' | '-') term)*
//   term    := unary (('*' | '/' | '%') unary)*
//   unary   := ('-' | '+') unary | primary
//   primary := NUMBER | 'i' | NAME '(' [expr (',' expr)*] ')' | '(' expr ')'
//
// Everything is evaluated in double precision with JS semantics (`%` is the
// truncated remainder, `/` by zero gives ±Infinity or NaN); the conversion to
// the element type happens only when the result is stored (see fill.ts).
// sin and cos are Math.sin/Math.cos, which the JS spec lets engines
// approximate: they may differ in the last bit of the double between engines
// (rarely visible after rounding to f32). Everything else is exact IEEE math.

import type { BinaryOp, BindingRef, FunctionName, InitExpr } from './types.js';
import type { TokenStream } from './lexer.js';
import { randomSite } from './random.js';

/** Number of arguments each function takes. */
export const FUNCTION_ARITY: Readonly<Record<FunctionName, number>> = {
  sin: 1,
  cos: 1,
  floor: 1,
  abs: 1,
  min: 2,
  max: 2,
  random: 0,
};

const FUNCTION_NAMES = Object.keys(FUNCTION_ARITY) as FunctionName[];

function isFunctionName(name: string): name is FunctionName {
  return Object.prototype.hasOwnProperty.call(FUNCTION_ARITY, name);
}

const VALUE = "a value (a number, i, a function call or '(')";

/**
 * Limits that keep parsing and evaluation (both recursive) far from the stack's end: a
 * line nested deeper, or with more operations, is refused with an error, not a crash.
 */
export const MAX_INIT_NESTING = 128;
export const MAX_INIT_OPERATIONS = 512;

/**
 * Parses an init expression that runs to the end of the line. Throws a
 * HarnessError (via the stream) at the first problem.
 */
export function parseInitExpr(ts: TokenStream): InitExpr {
  const parser = new ExprParser(ts);
  const expr = parser.expr();
  const tok = ts.peek();
  if (tok.kind === 'punct' && tok.text === ')') {
    ts.error(tok.column, "unbalanced parentheses: this ')' has no matching '('");
  }
  if (tok.kind !== 'end') ts.fail('an operator or end of line');
  return expr;
}

/** random() call sites numbered across one header line (k in random.ts). */
export interface RandomSites {
  next: number;
}

/**
 * Parses an init expression that is one part of a larger value (a field of `{ … }`, an
 * argument of `vec2f(…)`): it stops at the first token that cannot continue it, which the
 * caller then checks. `sites` numbers random() calls across the whole line.
 */
export function parseInitOperand(ts: TokenStream, sites: RandomSites): InitExpr {
  return new ExprParser(ts, sites).expr();
}

class ExprParser {
  /** Open parentheses, calls and signs around the current position. */
  private nesting = 0;
  private operations = 0;

  /** `sites.next`: the next random() call-site index (k), assigned in source order. */
  constructor(
    private readonly ts: TokenStream,
    private readonly sites: RandomSites = { next: 0 },
  ) {}

  /** Counts one operation (an operator, sign or call) at `column`, within MAX_INIT_OPERATIONS. */
  private operation(column: number): void {
    if (++this.operations > MAX_INIT_OPERATIONS) this.ts.error(column, `expression too long: more than ${MAX_INIT_OPERATIONS} operations`);
  }

  /** Runs `f` one nesting level deeper, within MAX_INIT_NESTING. */
  private nested<T>(column: number, f: () => T): T {
    if (++this.nesting > MAX_INIT_NESTING)
      this.ts.error(column, `expression nested too deeply: more than ${MAX_INIT_NESTING} levels of parentheses, calls or signs`);
    try {
      return f();
    } finally {
      this.nesting--;
    }
  }

  expr(): InitExpr {
    let left = this.term();
    for (;;) {
      const tok = this.ts.peek();
      if (tok.kind !== 'punct' || (tok.text !== '+' && tok.text !== '-')) return left;
      this.ts.next();
      this.operation(tok.column);
      left = { kind: 'binary', op: tok.text, left, right: this.term() };
    }
  }

  private term(): InitExpr {
    let left = this.unary();
    for (;;) {
      const tok = this.ts.peek();
      if (tok.kind !== 'punct' || (tok.text !== '*' && tok.text !== '/' && tok.text !== '%')) return left;
      this.ts.next();
      this.operation(tok.column);
      left = { kind: 'binary', op: tok.text, left, right: this.unary() };
    }
  }

  private unary(): InitExpr {
    const tok = this.ts.peek();
    if (tok.kind === 'punct' && (tok.text === '-' || tok.text === '+')) {
      this.ts.next();
      this.operation(tok.column);
      return { kind: 'unary', op: tok.text, operand: this.nested(tok.column, () => this.unary()) };
    }
    return this.primary();
  }

  private primary(): InitExpr {
    const ts: TokenStream = this.ts;
    const tok = ts.peek();
    if (tok.kind === 'number') {
      ts.next();
      return { kind: 'number', value: tok.value };
    }
    if (tok.kind === 'punct' && tok.text === '(') {
      ts.next();
      const inner = this.nested(tok.column, () => this.expr());
      this.close(tok.column, 'an operator or');
      return inner;
    }
    if (tok.kind !== 'ident') ts.fail(VALUE);

    const name = tok.text;
    if (!ts.isPunct('(', 1)) {
      if (name === 'i') {
        ts.next();
        return { kind: 'index' };
      }
      if (isFunctionName(name)) ts.fail(`'(' after function '${name}'`, ts.peek(1));
      ts.error(tok.column, `unknown identifier '${name}'; the only variable is 'i' (the element index)`);
    }
    if (name === 'i') ts.error(tok.column, "'i' is the element index, not a function");
    if (!isFunctionName(name)) {
      ts.error(tok.column, `unknown function '${name}'; expected one of ${FUNCTION_NAMES.join(', ')}`);
    }
    ts.next();
    const open = ts.next();
    const args: InitExpr[] = [];
    // random()'s site number is taken at its name, so `random() + random()`
    // numbers sites 0, 1 left to right even inside nested calls.
    const site = name === 'random' ? this.sites.next++ : -1;
    this.operation(tok.column);
    this.nested(tok.column, () => {
      if (!ts.isPunct(')')) {
        args.push(this.expr());
        while (ts.accept(',')) args.push(this.expr());
      }
    });
    this.close(open.column, "',' or");
    const arity = FUNCTION_ARITY[name];
    if (args.length !== arity) {
      const want = arity === 0 ? 'no arguments' : arity === 1 ? '1 argument' : `${arity} arguments`;
      ts.error(tok.column, `${name} takes ${want}, found ${args.length}`);
    }
    if (name === 'random') return { kind: 'random', site };
    return { kind: 'call', fn: name, args };
  }

  /** Consumes the ')' matching the '(' at `openColumn`. */
  private close(openColumn: number, alternatives: string): void {
    if (this.ts.accept(')')) return;
    if (this.ts.atEnd()) this.ts.error(openColumn, "unbalanced parentheses: this '(' is never closed");
    this.ts.fail(`${alternatives} ')'`);
  }
}

/** An init expression compiled for one binding: element index → double. */
export type CompiledInit = (i: number) => number;

interface Compiled {
  fn: CompiledInit;
  /** Set when the subtree depends on neither i nor random(): folded once at compile time. */
  constant?: number;
}

const BINARY: Record<BinaryOp, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

const UNARY_FN: Record<Exclude<FunctionName, 'random' | 'min' | 'max'>, (x: number) => number> = {
  sin: Math.sin,
  cos: Math.cos,
  floor: Math.floor,
  abs: Math.abs,
};

/**
 * Compiles `expr` to a closure of the element index. `ref` selects the
 * random() stream (see random.ts). Compile once per buffer, call per element.
 */
export function compileInit(expr: InitExpr, ref: BindingRef): CompiledInit {
  return compile(expr, ref).fn;
}

/** The value of `expr` when it depends on neither i nor random(), else undefined. */
export function constantValue(expr: InitExpr): number | undefined {
  return compile(expr, { group: 0, binding: 0 }).constant;
}

/** Evaluates `expr` for one index (compiles each call: use compileInit in loops). */
export function evaluateInit(expr: InitExpr, i: number, ref: BindingRef): number {
  return compileInit(expr, ref)(i);
}

function constant(value: number): Compiled {
  return { fn: () => value, constant: value };
}

// Each node becomes one closure; the switch over node kinds happens here, once,
// not per element. Binary nodes are specialised per operator (instead of
// calling through the BINARY table) because that is the hot path of `i * i`.
function compile(e: InitExpr, ref: BindingRef): Compiled {
  switch (e.kind) {
    case 'number':
      return constant(e.value);
    case 'index':
      return { fn: (i) => i };
    case 'random':
      return { fn: randomSite(ref.group, ref.binding, e.site) };
    case 'unary': {
      const a = compile(e.operand, ref);
      if (e.op === '+') return a.constant !== undefined ? constant(+a.constant) : { fn: a.fn };
      if (a.constant !== undefined) return constant(-a.constant);
      const f = a.fn;
      return { fn: (i) => -f(i) };
    }
    case 'binary':
      return compileBinary(e.op, compile(e.left, ref), compile(e.right, ref));
    case 'call': {
      const args = e.args.map((arg) => compile(arg, ref));
      if (e.fn === 'min' || e.fn === 'max') {
        const op = e.fn === 'min' ? Math.min : Math.max;
        const [x, y] = args as [Compiled, Compiled];
        if (x.constant !== undefined && y.constant !== undefined) return constant(op(x.constant, y.constant));
        const a = x.fn;
        const b = y.fn;
        return { fn: (i) => op(a(i), b(i)) };
      }
      const op = UNARY_FN[e.fn];
      const [x] = args as [Compiled];
      if (x.constant !== undefined) return constant(op(x.constant));
      const a = x.fn;
      return { fn: (i) => op(a(i)) };
    }
  }
}

function compileBinary(op: BinaryOp, l: Compiled, r: Compiled): Compiled {
  if (l.constant !== undefined && r.constant !== undefined) return constant(BINARY[op](l.constant, r.constant));
  const a = l.fn;
  const b = r.fn;
  switch (op) {
    case '+':
      return { fn: (i) => a(i) + b(i) };
    case '-':
      return { fn: (i) => a(i) - b(i) };
    case '*':
      return { fn: (i) => a(i) * b(i) };
    case '/':
      return { fn: (i) => a(i) / b(i) };
    case '%':
      return { fn: (i) => a(i) % b(i) };
  }
}
