// WGSL that real shipped kernels use and the simulator once refused: quad operations and
// compound assignment with a matrix product. Simulator results equal a CPU reference here
// (every subgroup size the device might have); test/differential.test.ts compares the
// kernels of test/kernels/ (quads.wgsl, matrix-compound.wgsl) with Dawn.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { resolveModule } from '../src/wgsl/resolve.js';
import { parseWgsl } from '../src/wgsl/parser.js';

const kernel = (name: string) => readFileSync(fileURLToPath(new URL(`kernels/${name}`, import.meta.url)), 'utf8');

function simulated(source: string, subgroupSize?: number): number[][] {
  const r = runOnSimulatorFromSource(source, { subgroupSize });
  expect(r.compile.ok, JSON.stringify(r.compile)).toBe(true);
  expect(r.expects.every((x) => x.ok)).toBe(true);
  return r.buffers.map((b) => Array.from(b.values));
}

/** What the front end says about a module (the message, or 'ok'). */
function frontEnd(source: string): string {
  try {
    resolveModule(parseWgsl(source));
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('quad operations', () => {
  // Lane i of a subgroup reads lane (i & ~3) + id, i ^ 1, i ^ 2 or i ^ 3 of the same subgroup.
  const x = Array.from({ length: 64 }, (_, i) => i * 3 + 1);
  const reference = (): number[] => x.flatMap((_, i) => [x[(i & ~3) + 2]!, x[i ^ 1]!, x[i ^ 2]! + 7, x[i ^ 3]! * 2 + x[i & ~3]!]);

  it.each([4, 8, 32])('quadBroadcast and the quad swaps equal the reference with subgroups of %i', (size) => {
    const [input, out] = simulated(kernel('quads.wgsl'), size);
    expect(input).toEqual(x);
    expect(out).toEqual(reference());
  });

  it('needs enable subgroups and numeric operands, as Tint does', () => {
    const body = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) l: u32) { o[l] = EXPR; }`;
    expect(frontEnd(body.replace('EXPR', 'quadSwapX(l)'))).toBe("'quadSwapX' needs 'enable subgroups;' at the top of the module");
    const enabled = `enable subgroups;\n${body}`;
    expect(frontEnd(enabled.replace('EXPR', 'quadSwapY(l)'))).toBe('ok');
    expect(frontEnd(enabled.replace('EXPR', 'select(0u, 1u, quadSwapY(l == 0u))'))).toBe(
      'this quad operation expects a numeric scalar or vector, got bool',
    );
    expect(frontEnd(enabled.replace('EXPR', 'quadBroadcast(l, 1.5)'))).toBe('the quad lane expects an integer scalar, got abstract-float');
    expect(frontEnd(enabled.replace('EXPR', 'quadBroadcast(l)'))).toBe('expects 2 argument(s)');
    // The lane is a constant from 0 to 3.
    expect(frontEnd(enabled.replace('EXPR', 'quadBroadcast(l, l)'))).toBe(
      "the 'id' argument of 'quadBroadcast' must be a const-expression",
    );
    expect(frontEnd(enabled.replace('EXPR', 'quadBroadcast(l, 4u)'))).toBe('the id argument of quadBroadcast must be less than 4');
    expect(frontEnd(enabled.replace('EXPR', 'quadBroadcast(l, -1)'))).toBe(
      'the id argument of quadBroadcast must be greater than or equal to zero',
    );
    expect(frontEnd(enabled.replace('EXPR', 'quadBroadcast(l, 3i)'))).toBe('ok');
  });
});

describe('compound assignment with a matrix product', () => {
  it('v *= m is v * m and m *= m2 is m * m2, column by column', () => {
    const [src, vecs, mats] = simulated(kernel('matrix-compound.wgsl'));
    expect(src).toEqual(Array.from({ length: 128 }, (_, i) => i - 7));
    const wantVecs: number[] = [];
    const wantMats: number[] = [];
    for (let l = 0; l < 32; l++) {
      const [a, b, c, d] = src!.slice(l * 4, l * 4 + 4) as [number, number, number, number];
      // m has columns (a, b) and (c, d); v = (l + 1, -2); v * m = (v·col0, v·col1).
      wantVecs.push((l + 1) * a - 2 * b, (l + 1) * c - 2 * d);
      // n = columns (0, 1), (-1, 0): n * m has columns n·(a, b) and n·(c, d).
      wantMats.push(-b, a, -d, c);
    }
    expect(vecs).toEqual(wantVecs);
    expect(mats!.map((v) => v + 0)).toEqual(wantMats.map((v) => v + 0));
  });
});
