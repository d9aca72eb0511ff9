// Statement behaviors (WGSL § "Statement Behavior Analysis"): how control can leave each
// statement — by falling through to the next one, by `break`, by `continue` or by
// `return`. The uniformity analysis needs them to know where control flow may have
// diverged and which statements are reachable at all.
import type * as A from './ast.js';

export const NEXT = 1;
export const BREAK = 2;
export const CONTINUE = 4;
export const RETURN = 8;

/** A set of behaviors as bits: NEXT | BREAK | CONTINUE | RETURN. */
export type Behaviors = number;

/**
 * Behaviors of every statement and block of a function body, keyed by node. A loop's
 * `continuing` block includes its `break if`; the `break if` itself is keyed by its
 * condition expression.
 */
export function functionBehaviors(body: A.BlockStmt): Map<A.Stmt | A.Expr, Behaviors> {
  const out = new Map<A.Stmt | A.Expr, Behaviors>();
  const block = (b: A.BlockStmt, tail?: A.Expr): Behaviors => {
    // Statements after one that cannot fall through are unreachable and add nothing.
    let acc = NEXT;
    for (const s of b.body) {
      const bs = stmt(s);
      acc = (acc & ~NEXT) | bs;
      if (!(bs & NEXT)) break;
    }
    if (tail && acc & NEXT) {
      out.set(tail, NEXT | BREAK);
      acc = (acc & ~NEXT) | NEXT | BREAK;
    }
    out.set(b, acc);
    return acc;
  };
  // A loop falls through exactly when something breaks out of it.
  const loopExit = (b: Behaviors, canEnd: boolean): Behaviors => {
    const next = canEnd || b & BREAK ? NEXT : 0;
    return (b & ~(NEXT | BREAK | CONTINUE)) | next;
  };
  const stmt = (s: A.Stmt): Behaviors => {
    let b: Behaviors;
    switch (s.kind) {
      case 'block':
        return block(s);
      case 'if':
        b = block(s.then) | (s.else ? stmt(s.else) : NEXT);
        break;
      case 'switch': {
        b = 0;
        for (const c of s.clauses) b |= block(c.body);
        if (b & BREAK) b = (b & ~BREAK) | NEXT;
        break;
      }
      case 'loop': {
        b = block(s.body);
        if (s.continuing) b |= block(s.continuing.body, s.continuing.breakIf);
        b = loopExit(b, false);
        break;
      }
      case 'for': {
        if (s.init) stmt(s.init);
        if (s.update) stmt(s.update);
        b = loopExit(block(s.body), !!s.cond);
        break;
      }
      case 'while':
        b = loopExit(block(s.body), true);
        break;
      case 'break':
        b = BREAK;
        break;
      case 'continue':
        b = CONTINUE;
        break;
      case 'return':
        b = RETURN;
        break;
      default:
        b = NEXT;
    }
    out.set(s, b);
    return b;
  };
  block(body);
  return out;
}
