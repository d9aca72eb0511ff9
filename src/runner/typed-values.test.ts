// Bad struct values and field expectations: each is one clear error at the part of the
// header written for it (line:column), naming the field and the type the shader declares.
import { describe, expect, it } from 'vitest';
import { LocatedError } from '../diagnostics/index.js';
import { loadKernel, simulate } from './simulate.js';

const SHADER = `struct Inner { x: vec2u, w: array<vec4f, 2> }
struct Params { size: u32, scale: f32, dims: vec4u, inner: Inner, m: mat2x2f }
struct Particle { pos: vec2f, vel: vec3f, id: u32 }
struct Stats { count: atomic<u32>, items: array<u32> }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> parts: array<Particle>;
@group(0) @binding(2) var<storage, read_write> stats: Stats;
@group(0) @binding(3) var<storage, read_write> fixed: array<Particle, 4>;
@compute @workgroup_size(1) fn main() {
  parts[0].pos = vec2f(p.scale) + fixed[0].pos + vec2f(f32(p.dims.x) + p.m[0].x, f32(p.inner.x.y));
  atomicAdd(&stats.count, stats.items[0]);
}
`;
const GOOD = ['//! uniform 0 = { size: 1 }', '//! buffer 1 Particle[2]', '//! buffer 2 Stats[2]', '//! buffer 3 Particle[4]'];

/** The first error of a kernel whose header is GOOD with line `n` replaced (or `extra` appended). */
function errorOf(replace: Record<number, string>, extra: string[] = []): string {
  const header = GOOD.map((l, i) => replace[i] ?? l);
  const source = [...header, ...extra, SHADER].join('\n');
  try {
    simulate(loadKernel(source));
  } catch (e) {
    if (!(e instanceof LocatedError) || !e.loc) throw e;
    const { line, column, length } = e.loc;
    const text = source.split('\n')[line - 1]!.slice(column - 1, column - 1 + length);
    return `${line}:${column} '${text}': ${e.message}`;
  }
  return 'no error';
}

describe('struct values: errors', () => {
  it.each([
    [
      { 0: '//! uniform 0 = { size: 1, colour: 2 }' },
      "1:28 'colour': Params has no field 'colour' (in 'p'); its fields are size: u32, scale: f32, dims: vec4<u32>, inner: Inner, m: mat2x2<f32>",
    ],
    [{ 0: '//! uniform 0 = { size: vec4u(1) }' }, "1:25 'vec4u': 'p.size' is u32 (write a number or an expression of i), found vec4u(…)"],
    [{ 0: '//! uniform 0 = { dims: 3 }' }, "1:25 '3': 'p.dims' is vec4<u32> (write vec4<u32>(…)), found '3'"],
    [{ 0: '//! uniform 0 = { dims: vec4f(1) }' }, "1:25 'vec4f': 'p.dims' is vec4<u32> (write vec4<u32>(…)), found vec4f(…)"],
    [
      { 0: '//! uniform 0 = { dims: vec4u(1, 2, 3) }' },
      "1:25 'vec4u': 'p.dims' is vec4<u32>: give 4 components (or 1 for all of them), found 3",
    ],
    [{ 0: '//! uniform 0 = { size: 0.5 }' }, "1:25 '0.5': 'p.size' is u32: expected an integer, found '0.5'"],
    [{ 0: '//! uniform 0 = { size: -1 }' }, "1:25 '-1': 'p.size' is u32: expected a value ≥ 0, found '-1'"],
    [{ 0: '//! uniform 0 = { inner: { w: [vec4f(1)] } }' }, "1:31 '[': 'p.inner.w' is array<vec4<f32>, 2>: give 2 elements, found 1"],
    [{ 0: '//! uniform 0 = { inner: 1 }' }, "1:26 '1': 'p.inner' is Inner (write { field: value, … }), found '1'"],
    [{ 0: '//! uniform 0 = { m: mat2x2f(1, 2, 3) }' }, "1:22 'mat2x2f': 'p.m' is mat2x2<f32>: give 4 components, found 3"],
    [
      { 0: '//! uniform 0 Stats = { size: 1 }' },
      "1:15 'Stats': the header names struct 'Stats', but the shader's 'p' (@group(0) @binding(0), Params) holds Params",
    ],
    [
      { 1: '//! buffer 1 Particle = { pos: vec2f(1) }' },
      "2:14 'Particle': the shader's 'parts' (@group(0) @binding(1), array<Particle>) is a runtime-sized array: give its element count, `Particle[N]`",
    ],
    [
      { 1: '//! buffer 1 Params[2]' },
      "2:14 'Params': the header names struct 'Params', but the shader's 'parts' (@group(0) @binding(1), array<Particle>) holds Particle",
    ],
    [
      { 2: '//! buffer 2 Stats' },
      "3:14 'Stats': Stats ends in the runtime-sized array 'items': give its length, `Stats[N]` (N elements of 'items')",
    ],
    [
      { 2: '//! buffer 2 Stats[2] = { items: [1, 2, 3] }' },
      "3:34 '[': 'Stats.items' has 2 elements (the header's [2]), but the list gives 3",
    ],
    [
      { 3: '//! buffer 3 Particle[3]' },
      "4:14 'Particle': the shader's 'fixed' (@group(0) @binding(3), array<Particle, 4>) has 4 elements, but the header gives 3: make it `Particle[4]`",
    ],
  ])('%o', (replace, message) => {
    expect(errorOf(replace)).toBe(message);
  });

  it.each([
    ['//! expect 1[0].speed = 1', "5:17 'speed': Particle has no field 'speed'; its fields are pos, vel, id"],
    ['//! expect 1[0].pos.z = 1', "5:21 'z': 'parts[0].pos' is vec2<f32>, which has no field 'z'"],
    ['//! expect 1[0] = 1', "5:5 'expect': 'parts[0]' is Particle, which holds f32 and u32: name a part of one type (f32, i32 or u32)"],
    [
      '//! expect 1[0..2].pos = 1, 2, 3',
      "5:5 'expect': 'parts[0..2].pos' has 4 values (2 elements × 2 of vec2<f32>), but the line gives 3",
    ],
    ['//! expect 1[1].vel = 1', "5:5 'expect': 'parts[1].vel' has 3 values (3 of vec3<f32>), but the line gives 1"],
    [
      '//! expect 1.pos = 1, 2',
      "5:5 'expect': the shader's 'parts' (@group(0) @binding(1), array<Particle>) is an array: name the elements, `expect 1[0].pos = …`",
    ],
    [
      '//! expect 2[0].count = 1',
      "5:5 'expect': the shader's 'stats' (@group(0) @binding(2), Stats) holds one Stats, not an array: write `expect 2.count = …`",
    ],
    ['//! expect 2.items[2] = 1', "5:20 '2': index 2 is outside 'stats.items' (array<u32>, 2 elements)"],
    ['//! expect 2.count = -1', "5:5 'expect': 'stats.count' is u32: expected integers from 0 to 4294967295, found -1"],
  ])('%s', (line, message) => {
    expect(errorOf({}, [line])).toBe(message);
  });

  it('suggests a struct value for a struct binding the header lacks', () => {
    const message = (header: string[]) => {
      try {
        simulate(loadKernel([...header, SHADER].join('\n')));
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(message(GOOD.slice(1))).toMatch(/'p' .* has no buffer in the header: add a line like `\/\/! uniform 0 = \{ size: … \}`$/);
    expect(message([GOOD[0]!, ...GOOD.slice(2)])).toMatch(/add a line like `\/\/! buffer 1 Particle\[N\] = \{ pos: … \}`$/);
    expect(message(GOOD.slice(0, 2))).toMatch(/add a line like `\/\/! buffer 2 Stats\[N\] = \{ count: … \}`$/);
  });
});
