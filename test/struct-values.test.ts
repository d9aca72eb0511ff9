// Struct values in the header on both engines: the bytes the header's `{ … }` values become
// (checked against a layout written out by hand from WGSL's rules: vec3 alignment, matrix
// columns, nested structs, arrays inside structs), field expectations, and the GPU and the
// simulator seeing and producing the very same bytes.
import { describe, expect, it } from 'vitest';
import { runOnGpuFromSource } from '../src/runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { session } from './support/gpu.js';
import { formatRunResult } from '../src/report/run-text.js';

const KERNEL = `//! dispatch 2
//! uniform 0 = { a: 7, v: vec3f(1.5, 2, -3), b: 0.25, m: mat3x3f(vec3f(1, 2, 3), vec3f(4, 5, 6), vec3f(7, 8, 9)), inner: { x: vec2u(10), w: [vec4f(1, 2, 3, 4), vec4<f32>(0.5)] }, k: -5 }
//! buffer 1 Params
//! buffer 2 Particle[16] = { pos: vec2f(i, random()), vel: vec3f(1, 2, 3), id: i * 3 }
//! buffer 3 Stats[16] = { count: 100, items: i / 4 }
//! expect 1.m[1] = 4, 5, 6
//! expect 1.k = -5
//! expect 1.inner.w[1].z = 0.5
//! expect 2[0..2].id = 0, 7
//! expect 2[1].pos.x = 1.25
//! expect 3.count = 940
//! expect 3.items[4] = 2
struct Inner { x: vec2u, w: array<vec4f, 2> }
struct Params { a: u32, v: vec3f, b: f32, m: mat3x3f, inner: Inner, k: i32 }
struct Particle { pos: vec2f, vel: vec3f, id: u32 }
struct Stats { count: atomic<u32>, pad: vec3u, items: array<f32> }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> copy: Params;
@group(0) @binding(2) var<storage, read_write> parts: array<Particle>;
@group(0) @binding(3) var<storage, read_write> stats: Stats;
@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x == 0u) { copy = p; }
  parts[g.x].pos += parts[g.x].vel.xy * p.b * f32(g.x & 1u);
  parts[g.x].id = parts[g.x].id * 2u + g.x;
  atomicAdd(&stats.count, parts[g.x].id);
  stats.items[g.x] = stats.items[g.x] * p.v.y;
}
`;

/** Params laid out by hand: a@0, v@16 (vec3 aligns to 16), b@28, m@32 (3 columns of 16), inner@80 (x@0, w@16), k@128; 144 bytes. */
function paramsBytes(): Uint8Array {
  const v = new DataView(new ArrayBuffer(144));
  v.setUint32(0, 7, true);
  [1.5, 2, -3].forEach((x, c) => v.setFloat32(16 + 4 * c, x, true));
  v.setFloat32(28, 0.25, true);
  for (let col = 0; col < 3; col++) for (let r = 0; r < 3; r++) v.setFloat32(32 + 16 * col + 4 * r, col * 3 + r + 1, true);
  v.setUint32(80, 10, true);
  v.setUint32(84, 10, true);
  [1, 2, 3, 4, 0.5, 0.5, 0.5, 0.5].forEach((x, k) => v.setFloat32(96 + 4 * k, x, true));
  v.setInt32(128, -5, true);
  return new Uint8Array(v.buffer);
}

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

describe('struct values in the header', () => {
  it('lay out by the shader declarations, and field expectations hold (simulator)', () => {
    const r = runOnSimulatorFromSource(KERNEL);
    expect(r.expects.map((e) => [e.line, e.ok])).toEqual([6, 7, 8, 9, 10, 11, 12].map((l) => [l, true]));
    const [copy, parts, stats] = r.buffers;
    expect(Array.from(bytesOf(copy!.values))).toEqual(Array.from(paramsBytes()));
    // Particle: pos@0, vel@16, id@28; stride 32. Element 3: pos (3 + 0.25, random + 0.5), id 3*3*2 + 3.
    expect(parts!.struct!.elements[3]).toMatchObject({ vel: [1, 2, 3], id: 21 });
    expect((parts!.struct!.elements[3]!.pos as number[])[0]).toBe(3.25);
    // Stats: count@0, pad@16 (a vec3u, 12 bytes), items@28 right after it: 7 + 16 words.
    expect(stats!.values.length).toBe(7 + 16);
    expect(stats!.struct).toMatchObject({ name: 'Stats', single: true, elements: [{ count: 940 }] });
    expect(r.ok).toBe(true);
  });

  it('the GPU sees and leaves the same bytes as the simulator', async () => {
    const sim = runOnSimulatorFromSource(KERNEL);
    const gpu = await runOnGpuFromSource(session, KERNEL);
    expect(gpu.compile.ok).toBe(true);
    expect(gpu.buffers.map((b) => Array.from(bytesOf(b.values)))).toEqual(sim.buffers.map((b) => Array.from(bytesOf(b.values))));
    expect(gpu.expects.map((e) => e.ok)).toEqual(sim.expects.map((e) => e.ok));
    expect(gpu.ok).toBe(true);
  });

  it('reports a failing field with its element and path', () => {
    const r = runOnSimulatorFromSource(KERNEL.replace('//! expect 2[0..2].id = 0, 7', '//! expect 2[0..2].id = 0, 8'));
    const e = r.expects.find((x) => x.line === 9)!;
    expect(e).toMatchObject({ ok: false, field: '.id', type: 'u32', actual: [0, 7] });
    expect(e.mismatches).toEqual([{ index: 1, expected: 8, actual: 7, field: '[1].id' }]);
  });

  it('run prints struct buffers by field, one element a line', () => {
    const text = formatRunResult(runOnSimulatorFromSource(KERNEL.replace('//! expect 1.k = -5', '//! expect 1.k = -4')), {
      source: KERNEL,
      file: 'k.wgsl',
    }).split('\n');
    expect(text).toContain(
      '@group(0) @binding(1) copy: Params = { a: 7, v: (1.5, 2, -3), b: 0.25, m: ((1, 2, 3), (4, 5, 6), (7, 8, 9)), inner: { x: (10, 10), w: ((1, 2, 3, 4), (0.5, 0.5, 0.5, 0.5)) }, k: -5 }',
    );
    expect(text).toContain('@group(0) @binding(2) parts: Particle[16] =');
    expect(text.filter((l) => /^ {2}\[\d+\] \{ pos: /.test(l))).toHaveLength(10);
    expect(text).toContain('  … 6 more …');
    expect(text).toContain('ok   expect 2[0..2].id = 0, 7');
    expect(text).toContain('k.wgsl:7:5: error: expect 1.k failed: .k is -5, expected -4');
    expect(
      text.find((l) => l.startsWith('@group(0) @binding(3) stats: Stats = { count: 940, pad: (0, 0, 0), items: (0, 0.5, 1,')),
    ).toBeDefined();
  });
});
