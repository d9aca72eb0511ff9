// The simulator's subgroup operations at subgroup sizes 4, 8, 32 and 64 against a reference
// written here: every subgroup builtin of WGSL on test/kernels/subgroup-builtins.wgsl (the
// kernel test/subgroups-differential.test.ts also runs on Dawn), the results over the active
// lanes only when the uniformity rule is switched off, and the front end's checks of the
// broadcast lane.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runOnSimulatorFromSource } from '../runner/run-sim.js';
import { parseWgsl } from '../wgsl/parser.js';
import { resolveModule } from '../wgsl/resolve.js';

const KERNEL = readFileSync(new URL('../../test/kernels/subgroup-builtins.wgsl', import.meta.url), 'utf8');
const W = 128;
const input = Array.from({ length: W }, (_, i) => (i * 37 + 11) % 101);

const f32Bits = (v: number) => new Uint32Array(new Float32Array([v]).buffer)[0]!;

/** Row k of the kernel's output for subgroups of `S` lanes (lane i in subgroup ⌊i / S⌋). */
function reference(S: number): number[][] {
  const rows: number[][] = Array.from({ length: 32 }, () => new Array<number>(W).fill(0));
  for (let i = 0; i < W; i++) {
    const base = i - (i % S);
    const id = i - base;
    const lanes = input.slice(base, base + S);
    const before = lanes.slice(0, id);
    const upTo = lanes.slice(0, id + 1);
    const m = (v: number) => (v % 3) + 1;
    const sum = (a: number[]) => a.reduce((p, v) => (p + v) >>> 0, 0);
    const prod = (a: number[]) => a.reduce((p, v) => Math.imul(p, m(v)) >>> 0, 1);
    const at = (k: number) => input[base + k]!;
    const ballot = [0, 0, 0, 0];
    lanes.forEach((v, k) => {
      if (v % 3 === 0) ballot[k >> 5] = (ballot[k >> 5]! | (1 << (k & 31))) >>> 0;
    });
    const row = [
      sum(lanes),
      prod(lanes),
      Math.min(...lanes),
      Math.max(...lanes),
      lanes.reduce((p, v) => p & (v | 0x100), 0xffffffff) >>> 0,
      lanes.reduce((p, v) => p | v, 0),
      lanes.reduce((p, v) => p ^ v, 0),
      sum(upTo),
      sum(before),
      prod(upTo),
      prod(before),
      lanes.every((v) => v < 100) ? 1 : 0,
      lanes.some((v) => v === 5) ? 1 : 0,
      ...ballot,
      id === 0 ? 1 : 0,
      at(0),
      at(3),
      at((id * 5 + 1) % S),
      at(id ^ 3),
      id >= 1 ? at(id - 1) : 0,
      id + 2 < S ? at(id + 2) : 0,
      at((id & ~3) + 1),
      at(id ^ 1),
      at(id ^ 2),
      at(id ^ 3),
      (Math.min(...lanes) - 50) >>> 0,
      f32Bits(lanes.reduce((p, v) => p + v * 0.5, 0)),
      f32Bits(id),
      Math.max(...lanes) * 1000 + 1,
    ];
    row.forEach((v, k) => (rows[k]![i] = v));
  }
  return rows;
}

/** The expression of each output row, `r[k] = EXPR;` in the kernel. */
const NAMES = [...KERNEL.matchAll(/^\s*r\[\d+\] = (.*);$/gm)].map((m) => m[1]!);

describe.each([4, 8, 32, 64])('subgroup builtins with subgroups of %i', (S) => {
  it('every builtin equals the reference, lane by lane', () => {
    const r = runOnSimulatorFromSource(KERNEL, { subgroupSize: S });
    expect(r.compile.ok, JSON.stringify(r.compile.messages)).toBe(true);
    const out = Array.from(r.buffers[1]!.values);
    const want = reference(S);
    expect(NAMES.length).toBe(32);
    for (let k = 0; k < 32; k++) expect(out.slice(k * W, (k + 1) * W), `${NAMES[k]} (row ${k})`).toEqual(want[k]);
    // The ballot's upper words only fill past 32 lanes.
    expect(out.slice(14 * W, 15 * W).some((v) => v !== 0)).toBe(S > 32);
  });

  it('with the uniformity rule off, an operation in a branch combines the active lanes only', () => {
    const source = `//! buffer 0 u32[128] = (i * 37 + 11) % 101
//! buffer 1 u32[384]
enable subgroups;
diagnostic(off, subgroup_uniformity);
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) i: u32, @builtin(subgroup_invocation_id) id: u32) {
  let x = input[i];
  if (x % 2u == 1u) {
    out[i] = subgroupAdd(x);
    out[128u + i] = subgroupExclusiveAdd(1u);
    out[256u + i] = subgroupBroadcastFirst(id) + 1000u;
  }
}`;
    const r = runOnSimulatorFromSource(source, { subgroupSize: S });
    expect(r.compile.ok, JSON.stringify(r.compile.messages)).toBe(true);
    const out = Array.from(r.buffers[1]!.values);
    for (let i = 0; i < W; i++) {
      const base = i - (i % S);
      const active = [...Array(S).keys()].map((k) => base + k).filter((l) => input[l]! % 2 === 1);
      const want = input[i]! % 2 === 1;
      expect([out[i], out[W + i], out[2 * W + i]], `lane ${i}`).toEqual(
        want ? [active.reduce((p, l) => p + input[l]!, 0), active.filter((l) => l < i).length, active[0]! - base + 1000] : [0, 0, 0],
      );
    }
  });
});

describe('the broadcast lane', () => {
  const frontEnd = (expr: string): string => {
    const source = `enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) l: u32) { o[l] = ${expr}; }`;
    try {
      resolveModule(parseWgsl(source));
      return 'ok';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it("is a constant from 0 to 127, with Tint's messages", () => {
    expect(frontEnd('subgroupBroadcast(l, 127u)')).toBe('ok');
    expect(frontEnd('subgroupBroadcast(l, l)')).toBe("the 'sourceLaneIndex' argument of 'subgroupBroadcast' must be a const-expression");
    expect(frontEnd('subgroupBroadcast(l, 128u)')).toBe('the sourceLaneIndex argument of subgroupBroadcast must be less than 128');
    expect(frontEnd('subgroupBroadcast(l, -1i)')).toBe(
      'the sourceLaneIndex argument of subgroupBroadcast must be greater than or equal to zero',
    );
    // subgroupShuffle's lane may vary: only the broadcasts need a constant.
    expect(frontEnd('subgroupShuffle(l, l % 4u)')).toBe('ok');
    expect(frontEnd('subgroupShuffle(l, 1i)')).toBe('ok');
    expect(frontEnd('subgroupBroadcast(l, 2i)')).toBe('ok');
  });
});
