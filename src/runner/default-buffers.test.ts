// Header-less kernels: every buffer binding gets a zero-filled buffer sized by the shader's
// own layout (struct uniforms, arrays of structs, atomics, vectors, matrices), so `check`
// can analyze them; bindings the header does give keep the header's contents.
import { describe, expect, it } from 'vitest';
import { loadKernel, readBack, simulate } from './simulate.js';

const KERNEL = `struct Params { size: u32, scale: f32, dims: vec3u, m: mat2x2f }
struct Particle { pos: vec2f, vel: vec3f }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> parts: array<Particle>;
@group(0) @binding(2) var<storage, read_write> hits: atomic<u32>;
@group(0) @binding(3) var<storage, read_write> corner: mat3x3f;
@group(1) @binding(0) var<uniform> offset: vec4f;
@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) g: vec3u) {
  parts[g.x].pos = vec2f(f32(g.x) + p.scale + offset.x, f32(p.size + p.dims.z));
  atomicAdd(&hits, 1u);
  corner[0].x = p.m[1].y;
}
`;

describe('default buffers', () => {
  it('sizes every buffer binding from the layout and zero-fills it', () => {
    const run = simulate(loadKernel(`//! dispatch 2\n${KERNEL}`), { defaultBuffers: true });
    // Params: u32 @0, f32 @4, vec3u @16 (align 16), mat2x2f @32 (16 bytes) → 48 bytes = 12 words.
    // Particle: vec2f @0, vec3f @16 → 32 bytes; one per invocation (8) → 64 words.
    expect(run.synthesized).toEqual([
      "'p' (uniform u32[12] = 0)",
      "'parts' (f32[64])",
      "'hits' (u32[1])",
      "'corner' (f32[12])",
      "'offset' (uniform f32[4] = 0)",
    ]);
    const [parts, hits] = readBack(run.plan, run.memory);
    const f = new Float32Array(parts!.buffer);
    // Every particle's pos is (index, 0) from the zero uniforms; vel stays zero.
    for (let i = 0; i < 8; i++) expect([f[i * 8], f[i * 8 + 1], f[i * 8 + 4]]).toEqual([i, 0, 0]);
    expect(Array.from(hits!)).toEqual([8]);
  });

  it('synthesizes only what the header leaves out', () => {
    const run = simulate(loadKernel(`//! dispatch 1\n//! uniform 1:0 f32[4] = i + 10\n${KERNEL}`), { defaultBuffers: true });
    expect(run.synthesized).not.toContain("'offset' (uniform f32[4] = 0)");
    const parts = new Float32Array(readBack(run.plan, run.memory)[0]!.buffer);
    expect(parts[8]).toBe(11); // particle 1: 1 + 0 + offset.x (10)
  });
});
