// Quad operations: quadBroadcast, quadSwapX, quadSwapY, quadSwapDiagonal. In a compute
// shader a quad is four lanes of one subgroup whose subgroup_invocation_id differ only in
// their two low bits (Vulkan's and Metal's definition, which Dawn follows), so lane i reads
// lane (i & ~3) + id, i ^ 1, i ^ 2 or i ^ 3 of its own subgroup.
import type * as A from '../wgsl/ast.js';
import type { Overload } from '../wgsl/builtins.js';
import { slotCount } from '../wgsl/values.js';
import { vcode, type ValueCode } from './code.js';
import type { ExprCompiler } from './expr-compiler.js';

/** Which lane of the subgroup lane `i` reads (`id`: quadBroadcast's quad lane). */
function sourceIndex(name: string, i: number, id: number): number {
  switch (name) {
    case 'quadBroadcast':
      return id >= 0 && id < 4 ? (i & ~3) + id : -1;
    case 'quadSwapX':
      return i ^ 1;
    case 'quadSwapY':
      return i ^ 2;
    case 'quadSwapDiagonal':
      return i ^ 3;
    default:
      throw new Error(`internal: unknown quad operation ${name}`);
  }
}

export function compileQuadCall(c: ExprCompiler, e: A.CallExpr, name: string, o: Overload): ValueCode {
  const x = c.value(e.args[0]!);
  const id = e.args[1] ? c.value(e.args[1]) : undefined;
  const slots = slotCount(o.result);
  const out = new Float64Array(c.W * slots);
  const S = c.ctx.S;
  const W = c.W;
  // Lanes active in this evaluation: a read of an inactive lane is indeterminate in WGSL;
  // the simulator gives 0, as it does for subgroup shuffles.
  const active = new Uint8Array(W);
  return vcode(o.result, slots, out, (m) => {
    x.eval(m);
    id?.eval(m);
    for (let k = 0; k < m.n; k++) active[m.lanes[k]!] = 1;
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      const g = Math.floor(l / S);
      const src = sourceIndex(name, l - g * S, id ? id.out[l]! : 0);
      const sl = g * S + src;
      const ok = src >= 0 && src < S && sl < W && active[sl] === 1;
      for (let j = 0; j < slots; j++) out[l * slots + j] = ok ? x.out[sl * slots + j]! : 0;
    }
    for (let k = 0; k < m.n; k++) active[m.lanes[k]!] = 0;
  });
}
