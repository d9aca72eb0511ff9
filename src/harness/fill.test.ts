import { describe, expect, it } from 'vitest';
import { fillBuffer, toElement, uniformValue } from './fill.js';
import { parseHarness } from './parse.js';
import { randomUnit } from './random.js';
import type { BufferSpec, UniformSpec } from './types.js';

function buffer(line: string): BufferSpec {
  const { harness, errors } = parseHarness(line);
  expect(errors).toEqual([]);
  return harness.buffers[0]!;
}

function uniform(line: string): UniformSpec {
  const { harness, errors } = parseHarness(line);
  expect(errors).toEqual([]);
  return harness.uniforms[0]!;
}

describe('toElement', () => {
  it('rounds f32 to nearest with Math.fround', () => {
    expect(toElement(0.1, 'f32')).toBe(Math.fround(0.1));
    expect(toElement(0.1, 'f32')).not.toBe(0.1);
    expect(toElement(16777217, 'f32')).toBe(16777216); // 2^24 + 1 is not an f32
    expect(toElement(1e39, 'f32')).toBe(Infinity);
    expect(toElement(NaN, 'f32')).toBeNaN();
  });

  it('truncates i32 toward zero and wraps modulo 2^32', () => {
    expect(toElement(2.9, 'i32')).toBe(2);
    expect(toElement(-2.9, 'i32')).toBe(-2);
    expect(toElement(2 ** 31, 'i32')).toBe(-(2 ** 31));
    expect(toElement(2 ** 32 + 5, 'i32')).toBe(5);
    expect(toElement(-(2 ** 31) - 1, 'i32')).toBe(2 ** 31 - 1);
    expect(toElement(4294967295, 'i32')).toBe(-1);
  });

  it('truncates u32 toward zero and wraps modulo 2^32', () => {
    expect(toElement(2.9, 'u32')).toBe(2);
    expect(toElement(-1, 'u32')).toBe(4294967295);
    expect(toElement(-1.5, 'u32')).toBe(4294967295); // trunc(-1.5) = -1
    expect(toElement(-0.5, 'u32')).toBe(0);
    expect(toElement(2 ** 32, 'u32')).toBe(0);
    expect(toElement(2 ** 32 + 7.9, 'u32')).toBe(7);
  });

  it('turns NaN and infinities into 0 for integer types', () => {
    for (const t of ['i32', 'u32'] as const) {
      expect(toElement(NaN, t)).toBe(0);
      expect(toElement(Infinity, t)).toBe(0);
      expect(toElement(-Infinity, t)).toBe(0);
      expect(Object.is(toElement(-0, t), 0)).toBe(true);
    }
  });
});

describe('fillBuffer', () => {
  it('fills f32 with i * i', () => {
    const data = fillBuffer(buffer('//! buffer 0 f32[1024] = i * i'));
    expect(data).toBeInstanceOf(Float32Array);
    expect(data.length).toBe(1024);
    expect([data[0], data[1], data[2], data[1023]]).toEqual([0, 1, 4, 1046529]);
  });

  it('zero-fills without an init expression', () => {
    const data = fillBuffer(buffer('//! buffer 1:2 u32[4]'));
    expect(data).toBeInstanceOf(Uint32Array);
    expect(Array.from(data)).toEqual([0, 0, 0, 0]);
  });

  it('fills constants', () => {
    expect(Array.from(fillBuffer(buffer('//! buffer 0 i32[3] = -2 * 3')))).toEqual([-6, -6, -6]);
    expect(Array.from(fillBuffer(buffer('//! buffer 0 u32[2] = -1')))).toEqual([4294967295, 4294967295]);
    expect(Array.from(fillBuffer(buffer('//! buffer 0 f32[2] = 0.1')))).toEqual([Math.fround(0.1), Math.fround(0.1)]);
    expect(Object.is(fillBuffer(buffer('//! buffer 0 f32[1] = -0'))[0], -0)).toBe(true);
  });

  it('rounds f32 elements via fround', () => {
    const data = fillBuffer(buffer('//! buffer 0 f32[4] = i / 3'));
    expect(Array.from(data)).toEqual([0, Math.fround(1 / 3), Math.fround(2 / 3), 1]);
    const big = fillBuffer(buffer('//! buffer 0 f32[2] = 16777216 + i'));
    expect(Array.from(big)).toEqual([16777216, 16777216]); // 16777217 rounds to even
  });

  it('converts i32 by truncation and wrapping', () => {
    const data = fillBuffer(buffer('//! buffer 0 i32[5] = (i - 2) * 1.75'));
    expect(Array.from(data)).toEqual([-3, -1, 0, 1, 3]);
    const wrap = fillBuffer(buffer('//! buffer 0 i32[2] = 2147483647 + i'));
    expect(Array.from(wrap)).toEqual([2147483647, -2147483648]);
    const nan = fillBuffer(buffer('//! buffer 0 i32[2] = i / 0'));
    expect(Array.from(nan)).toEqual([0, 0]); // NaN and Infinity
  });

  it('converts u32 by truncation and wrapping', () => {
    const data = fillBuffer(buffer('//! buffer 0 u32[3] = i - 1'));
    expect(Array.from(data)).toEqual([4294967295, 0, 1]);
    const big = fillBuffer(buffer('//! buffer 0 u32[1] = 4294967296 * 3 + 9.99'));
    expect(Array.from(big)).toEqual([9]);
  });

  it('matches the documented random() definition', () => {
    const data = fillBuffer(buffer('//! buffer 2:5 f32[8] = random() + 10 * random()'));
    for (let i = 0; i < 8; i++) {
      expect(data[i]).toBe(Math.fround(randomUnit(2, 5, i, 0) + 10 * randomUnit(2, 5, i, 1)));
    }
  });

  it('gives the same random() values in every run and independent of range', () => {
    const a = fillBuffer(buffer('//! buffer 0:3 f32[1000] = random()'));
    const b = fillBuffer(buffer('//! buffer 0:3 f32[1000] = random()'));
    expect(Array.from(a)).toEqual(Array.from(b));
    // a prefix-sized buffer sees the same numbers: element i depends only on i
    const short = fillBuffer(buffer('//! buffer 0:3 f32[10] = random()'));
    expect(Array.from(short)).toEqual(Array.from(a.subarray(0, 10)));
    // and evaluating indices backwards gives the same numbers
    const backwards = Array.from({ length: 10 }, (_, j) => 9 - j).map((i) => Math.fround(randomUnit(0, 3, i, 0)));
    expect(backwards.reverse()).toEqual(Array.from(short));
  });

  it('gives different streams to different bindings and call sites', () => {
    const a = fillBuffer(buffer('//! buffer 0:0 f32[16] = random()'));
    const b = fillBuffer(buffer('//! buffer 0:1 f32[16] = random()'));
    const c = fillBuffer(buffer('//! buffer 1:0 f32[16] = random()'));
    const d = fillBuffer(buffer('//! buffer 0:0 f32[16] = 0 * random() + random()'));
    expect(Array.from(a)).not.toEqual(Array.from(b));
    expect(Array.from(a)).not.toEqual(Array.from(c));
    expect(Array.from(a)).not.toEqual(Array.from(d)); // d uses site 1
  });

  // Large buffers: every value right (the timeout is only a hang guard; speed is not a
  // pass/fail matter on a shared machine).
  it('fills 2^22 elements of i * i', () => {
    const spec: BufferSpec = { ...buffer('//! buffer 0 f32[4194304] = i * i') };
    const data = fillBuffer(spec);
    expect(data).toBeInstanceOf(Float32Array);
    expect(data.length).toBe(2 ** 22);
    const wrong = data.findIndex((v, i) => v !== Math.fround(i * i));
    expect(wrong, `element ${wrong}: ${data[wrong]}`).toBe(-1);
    expect(data[4194303]).toBe(Math.fround(4194303 * 4194303));
  }, 60_000);

  it('fills 2^22 elements of a random expression', () => {
    const data = fillBuffer(buffer('//! buffer 0 u32[4194304] = floor(random() * 100)'));
    expect(data).toBeInstanceOf(Uint32Array);
    expect(data.length).toBe(2 ** 22);
    // Every 4099th element and the last against the generator; all within [0, 100).
    for (let i = 12; i < data.length; i += 4099) expect(data[i], `element ${i}`).toBe(Math.floor(randomUnit(0, 0, i, 0) * 100));
    expect(data[4194303]).toBe(Math.floor(randomUnit(0, 0, 4194303, 0) * 100));
    expect(data.every((v) => v < 100)).toBe(true);
  }, 60_000);
});

describe('uniformValue', () => {
  it('evaluates with i = 0 and converts', () => {
    const u = uniformValue(uniform('//! uniform 1 u32 = 6'));
    expect(u).toBeInstanceOf(Uint32Array);
    expect(Array.from(u)).toEqual([6]);
    expect(Array.from(uniformValue(uniform('//! uniform 2 i32 = i - 5')))).toEqual([-5]);
    expect(Array.from(uniformValue(uniform('//! uniform 2 u32 = -1')))).toEqual([4294967295]);
    const f = uniformValue(uniform('//! uniform 0:3 f32 = 0.1'));
    expect(f).toBeInstanceOf(Float32Array);
    expect(f[0]).toBe(Math.fround(0.1));
    expect(Array.from(uniformValue(uniform('//! uniform 1:4 f32 = random()')))).toEqual([Math.fround(randomUnit(1, 4, 0, 0))]);
  });
});
