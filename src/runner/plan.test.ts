// Bad input is refused before anything runs, with a message that names the problem and
// a location in the file.
import { describe, expect, it } from 'vitest';
import { parseHarness } from '../harness/index.js';
import { reflect } from '../wgsl/reflect.js';
import { DEFAULT_LIMITS } from '../gpu/limits.js';
import { planRun } from './plan.js';
import { InputError } from './errors.js';

function plan(source: string, options: { entry?: string } = {}, limits = DEFAULT_LIMITS) {
  const { harness, errors } = parseHarness(source);
  expect(errors).toEqual([]);
  return planRun(harness, reflect(source), limits, options);
}

function refused(source: string, options: { entry?: string } = {}, limits = DEFAULT_LIMITS): InputError {
  try {
    plan(source, options, limits);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error('the plan was accepted');
}

const KERNEL = `@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read_write> b: array<f32, 64>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3u) { b[g.x] = a[g.x]; }
`;

describe('planRun', () => {
  it('plans buffers, bindings and the entry point', () => {
    const p = plan(`//! dispatch 2\n//! buffer 0 f32[128] = i\n//! buffer 1 f32[64]\n${KERNEL}`);
    expect(p.passes.map((x) => [x.entry.name, x.workgroupSize, x.dispatch])).toEqual([['main', [64, 1, 1], [2, 1, 1]]]);
    expect(p.bindings.map((b) => [b.binding, b.kind, b.shader?.name, b.byteSize])).toEqual([
      [0, 'storage', 'a', 512],
      [1, 'storage', 'b', 256],
    ]);
    expect(p.bindings[0]!.data[5]).toBe(5);
  });

  it('names a binding the header does not provide, with its group, binding and declaration line', () => {
    const e = refused(`//! buffer 0 f32[128]\n${KERNEL}`);
    expect(e.message).toContain("'b' (@group(0) @binding(1), var<storage, read_write> array<f32, 64>) has no buffer");
    expect(e.message).toContain('//! buffer 1 f32[64]');
    expect([e.line, e.column]).toEqual([3, 48]);
  });

  it('refuses a buffer smaller than the declared type', () => {
    const e = refused(`//! buffer 0 f32[128]\n//! buffer 1 f32[16]\n${KERNEL}`);
    expect(e.message).toMatch(/holds 64 bytes \(f32\[16\]\), but the shader's 'b' .* needs 256 bytes: make it f32\[64\]/);
    expect([e.line, e.column]).toEqual([2, 5]);
  });

  it('refuses an element type that does not match the shader', () => {
    const e = refused(`//! buffer 0 u32[128]\n//! buffer 1 f32[64]\n${KERNEL}`);
    expect(e.message).toContain("fills @group(0) @binding(0) with u32, but the shader's 'a'");
    expect(e.message).toContain('holds f32');
  });

  it('refuses header buffers with no variable in the shader', () => {
    const e = refused(`//! buffer 0 f32[128]\n//! buffer 1 f32[64]\n//! buffer 1:0 f32[4]\n${KERNEL}`);
    expect(e.message).toMatch(/buffer @group\(1\) @binding\(0\) has no matching variable/);
    expect(e.line).toBe(3);
  });

  it('checks uniforms: kind, size (alignment) and type', () => {
    const src = `@group(0) @binding(0) var<uniform> p: vec4f;\n@group(0) @binding(1) var<storage, read_write> o: array<f32>;\n@compute @workgroup_size(1) fn main() { o[0] = p.x; }\n`;
    expect(refused(`//! uniform 0 f32 = 1\n//! buffer 1 f32[1]\n${src}`).message).toMatch(
      /holds one f32 \(4 bytes\), but the shader's 'p' .* needs 16 bytes/,
    );
    expect(refused(`//! buffer 0 f32[4]\n//! buffer 1 f32[1]\n${src}`).message).toMatch(
      /is a uniform in the shader, but the header declares a buffer: use \/\/! uniform 0/,
    );
    const ok = plan(
      `//! uniform 0 u32 = 7\n//! buffer 1 u32[1]\n@group(0) @binding(0) var<uniform> p: u32;\n@group(0) @binding(1) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() { o[0] = p; }\n`,
    );
    const u = ok.bindings.find((b) => b.binding === 0)!;
    expect(u).toMatchObject({ kind: 'uniform', byteSize: 16 });
    expect(u.data[0]).toBe(7);
  });

  it('checks the workgroup size, workgroup memory and dispatch against the limits', () => {
    const big = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(512) fn main() { o[0] = 1u; }\n`;
    expect(refused(`//! buffer 0 u32[1]\n${big}`).message).toMatch(/x = 512 exceeds this device's maxComputeWorkgroupSizeX \(256\)/);
    const many = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(16, 16, 2) fn main() { o[0] = 1u; }\n`;
    expect(refused(`//! buffer 0 u32[1]\n${many}`).message).toMatch(
      /is 512 invocations; this device allows 256 \(maxComputeInvocationsPerWorkgroup\)/,
    );
    const wg = `var<workgroup> t: array<f32, 5000>;\n@group(0) @binding(0) var<storage, read_write> o: array<f32>;\n@compute @workgroup_size(1) fn main() { t[0] = 1.0; o[0] = t[0]; }\n`;
    const e = refused(`//! buffer 0 f32[1]\n${wg}`);
    expect(e.message).toMatch(/uses 20000 bytes of workgroup memory; this device allows 16384/);
    expect(refused(`//! dispatch 70000\n//! buffer 0 u32[1]\n${big.replace('512', '1')}`).message).toMatch(
      /dispatch x = 70000 exceeds maxComputeWorkgroupsPerDimension \(65535\)/,
    );
  });

  it('asks for --entry when there are several compute entry points, and checks the name', () => {
    const two = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn a() { o[0] = 1u; }\n@compute @workgroup_size(1) fn b() { o[0] = 2u; }\n`;
    expect(refused(`//! buffer 0 u32[1]\n${two}`).message).toMatch(/2 @compute entry points \(a, b\): pick one with --entry NAME/);
    expect(plan(`//! buffer 0 u32[1]\n${two}`, { entry: 'b' }).passes[0]!.entry.name).toBe('b');
    expect(refused(`//! buffer 0 u32[1]\n${two}`, { entry: 'c' }).message).toMatch(
      /no @compute entry point named 'c'; the shader has: a, b/,
    );
    expect(refused(`//! buffer 0 u32[1]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\nfn f() {}\n`).message).toMatch(
      /no @compute entry point/,
    );
  });

  it('plans multi-pass runs and only binds what some pass uses', () => {
    const src = `//! buffer 0 u32[4]\n//! buffer 1 u32[4]\n//! pass first 2\n//! pass second\n@group(0) @binding(0) var<storage, read_write> a: array<u32>;\n@group(0) @binding(1) var<storage, read_write> b: array<u32>;\n@compute @workgroup_size(1) fn first() { a[0] = 1u; }\n@compute @workgroup_size(1) fn second() { b[0] = a[0]; }\n`;
    const p = plan(src);
    expect(p.passes.map((x) => [x.entry.name, x.dispatch[0]])).toEqual([
      ['first', 2],
      ['second', 1],
    ]);
    const e = refused(src.replace('pass second', 'pass third'));
    expect(e.message).toMatch(/no @compute entry point named 'third'/);
    expect([e.line, e.column]).toEqual([4, 10]);
  });
});
