// WGSL as wgpu users write it: naga, the WGSL front end of wgpu, accepts some code that the
// WGSL specification and Tint (Dawn, Chromium) refuse. The front end parses such code as
// naga does and records each place as a portability note: what browsers refuse, how naga
// reads it, and the text edits that make it portable. docs/wgpu-dialect.md lists every
// leniency with the place in naga's source that shows it.
import type { Loc } from './source.js';

/** Replace `length` characters at `offset` with `text` (an insertion when length is 0). */
export interface TextEdit {
  offset: number;
  length: number;
  text: string;
}

export type PortabilityConstruct = 'mixed-operators' | 'f32-literal-range' | 'void-return' | 'unterminated-comment';

export interface PortabilityNote {
  construct: PortabilityConstruct;
  /** Where the construct is, on the line Tint reports it: the first operator of the mixing expression, the literal, `void`, the comment. */
  loc: Loc;
  /** What naga accepts, what browsers (Tint) refuse, and how to write it portably. */
  message: string;
  /** The edits that make this place portable; empty when there is no mechanical rewrite. */
  edits: TextEdit[];
}

/** Applies edits to `source` (from the end, so offsets stay valid; insertions at one offset keep their order). */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  const ordered = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.offset - a.e.offset || b.i - a.i);
  let out = source;
  for (const { e } of ordered) out = out.slice(0, e.offset) + e.text + out.slice(e.offset + e.length);
  return out;
}

/** The source with every note's edits applied: what Tint should accept when only naga's leniencies stood in its way. */
export function portableSource(source: string, notes: readonly PortabilityNote[]): string {
  const seen = new Set<string>();
  const edits: TextEdit[] = [];
  for (const n of notes)
    for (const e of n.edits) {
      const key = `${e.offset}:${e.length}:${e.text}`;
      // Two notes may carry the same edit (a literal converted twice): apply it once.
      if (e.length > 0 && seen.has(key)) continue;
      seen.add(key);
      edits.push(e);
    }
  return applyEdits(source, edits);
}

// ---------- operators ----------

/** The WGSL grammar's families of binary operators (`op` is an ast.ts BinaryOp). */
type OperatorClass = 'multiplicative' | 'additive' | 'shift' | 'relational' | 'and' | 'or' | 'xor' | 'logical-and' | 'logical-or';

function operatorClass(op: string): OperatorClass {
  switch (op) {
    case '*':
    case '/':
    case '%':
      return 'multiplicative';
    case '+':
    case '-':
      return 'additive';
    case '<<':
    case '>>':
      return 'shift';
    case '&':
      return 'and';
    case '|':
      return 'or';
    case '^':
      return 'xor';
    case '&&':
      return 'logical-and';
    case '||':
      return 'logical-or';
    default:
      return 'relational';
  }
}

/** What the WGSL grammar lets an unparenthesized operand of an operator be (a unary expression always may). */
const RELATIONAL_OPERAND: ReadonlySet<OperatorClass> = new Set(['multiplicative', 'additive', 'shift']);
const LOGICAL_OPERAND: ReadonlySet<OperatorClass> = new Set(['multiplicative', 'additive', 'shift', 'relational']);

function allowedOperand(outer: OperatorClass, inner: OperatorClass, side: 'left' | 'right'): boolean {
  switch (outer) {
    case 'multiplicative':
      return side === 'left' && inner === 'multiplicative';
    case 'additive':
      return inner === 'multiplicative' || (side === 'left' && inner === 'additive');
    case 'shift':
      // shift_expression: unary_expression '<<' unary_expression.
      return false;
    case 'relational':
      return RELATIONAL_OPERAND.has(inner);
    case 'and':
    case 'or':
    case 'xor':
      // binary_and_expression '&' unary_expression: only a chain of the same operator.
      return side === 'left' && inner === outer;
    case 'logical-and':
    case 'logical-or':
      return LOGICAL_OPERAND.has(inner) || (side === 'left' && inner === outer);
  }
}

/** Whether WGSL (and so Tint) refuses `inner` unparenthesized on that side of `outer`; naga accepts it with C's precedence. */
export function needsParentheses(outer: string, inner: string, side: 'left' | 'right'): boolean {
  return !allowedOperand(operatorClass(outer), operatorClass(inner), side);
}

/** A span of source text: [start, end). */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * The note for an operand that WGSL requires parenthesized. `whole` is the binary
 * expression, `operand` the operand to wrap; `first` is the first operator of the mixing
 * expression, `pair` the operand's operator and the expression's, in text order.
 */
export function mixedOperatorsNote(
  source: string,
  whole: TextRange,
  operand: TextRange,
  first: Loc,
  pair: [string, string],
): PortabilityNote {
  const edits: TextEdit[] = [
    { offset: operand.start, length: 0, text: '(' },
    { offset: operand.end, length: 0, text: ')' },
  ];
  const written = oneLine(source.slice(whole.start, whole.end));
  const portable = oneLine(
    applyEdits(
      source.slice(whole.start, whole.end),
      edits.map((e) => ({ ...e, offset: e.offset - whole.start })),
    ),
  );
  return {
    construct: 'mixed-operators',
    loc: first,
    message: `mixing '${pair[0]}' and '${pair[1]}' without parentheses: naga (wgpu) reads \`${written}\` as \`${portable}\`, browsers (Tint) refuse it; add parentheses: \`${portable}\``,
    edits,
  };
}

/** Source text on one line, shortened for a message. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

// ---------- f32 literals ----------

/** The largest finite f32, 0x1.fffffep+127. */
export const F32_MAX = 3.4028234663852886e38;
/** How naga's f32 literals are best written where Tint must accept them: decimal that rounds to F32_MAX without exceeding it, and exact hex. */
export const F32_MAX_DECIMAL = '3.4028234e38';
export const F32_MAX_HEX = '0x1.fffffep+127';

/**
 * Whether naga accepts `value` as an f32 that Tint refuses: above the largest f32 in
 * magnitude, yet rounding to it (naga rounds to nearest and refuses only infinity; Tint
 * refuses anything beyond the largest finite value).
 */
export function roundsToF32Max(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) > F32_MAX && Number.isFinite(Math.fround(value));
}

/**
 * The note for a float literal above the largest f32 that naga rounds to it. `literal` is
 * its token text; `suffixed` whether the literal itself is f32 (`f`) or an abstract float
 * converted to f32; `via`, when the conversion happens where a constant declared with the
 * literal is used (`loc`), the constant's name and the literal's offset.
 */
export function f32LiteralNote(loc: Loc, literal: string, suffixed: boolean, via?: { name: string; offset: number }): PortabilityNote {
  const suffix = suffixed ? 'f' : '';
  const decimal = `${F32_MAX_DECIMAL}${suffix}`;
  const of = via ? ` (the value of '${via.name}')` : '';
  const what = suffixed ? `the f32 literal \`${literal}\`` : `the float literal \`${literal}\`${of}, converted to f32,`;
  return {
    construct: 'f32-literal-range',
    loc,
    message: `${what} is above the largest f32 (0x1.fffffep+127 = 3.4028234663852886e38): naga (wgpu) rounds it to that value, browsers (Tint) refuse it ('value cannot be represented as 'f32''); write the literal as \`${decimal}\` or \`${F32_MAX_HEX}f\``,
    edits: [{ offset: via?.offset ?? loc.offset, length: literal.length, text: decimal }],
  };
}

/** The note for a constant expression (not a literal) whose abstract value naga rounds to the largest f32. */
export function f32ValueNote(loc: Loc): PortabilityNote {
  return {
    construct: 'f32-literal-range',
    loc,
    message: `the constant value here, converted to f32, is above the largest f32 (0x1.fffffep+127 = 3.4028234663852886e38): naga (wgpu) rounds it to that value, browsers (Tint) refuse it ('value cannot be represented as 'f32''); write a value no larger than \`${F32_MAX_DECIMAL}\``,
    edits: [],
  };
}

// ---------- declarations and comments ----------

/** `-> void` after a function's parameters, which naga skips. `range` covers `-> void`. */
export function voidReturnNote(loc: Loc, range: TextRange): PortabilityNote {
  return {
    construct: 'void-return',
    loc,
    message:
      "'-> void': naga (wgpu) reads it as no return type, browsers (Tint) refuse it (WGSL has no 'void' type); leave the return type out: `fn name(…) { … }`",
    edits: [{ offset: range.start, length: range.end - range.start, text: '' }],
  };
}

/** A block comment still open at the end of the file, which naga takes as the end of the module. */
export function unterminatedCommentNote(loc: Loc, sourceLength: number, depth: number): PortabilityNote {
  return {
    construct: 'unterminated-comment',
    loc,
    message:
      "block comment not closed before the end of the file: naga (wgpu) ends the module there, browsers (Tint) refuse it ('unterminated block comment'); close it with '*/'",
    edits: [{ offset: sourceLength, length: 0, text: ' */'.repeat(depth) }],
  };
}
