// The syntax of struct values and field paths in the header: what they parse to, and one
// error at the right column for each kind of malformed value.
import { describe, expect, it } from 'vitest';
import { parseHarness } from './parse.js';

function only(line: string) {
  const { harness, errors } = parseHarness(line);
  if (errors.length) throw new Error(errors.map((e) => `${e.column}: ${e.message}`).join('\n'));
  return harness;
}

function firstError(line: string): string {
  const { errors } = parseHarness(line);
  return errors.length ? `${errors[0]!.column}: ${errors[0]!.message}` : 'no error';
}

describe('struct values: syntax', () => {
  it('parses fields, constructors, lists and expressions of i', () => {
    const u = only('//! uniform 0:2 = { size: 1024, dims: vec4u(1, 2, 3, 4), w: [vec3<f32>(0.5), 2 * i], inner: { x: -1 }, }').uniforms[0]!;
    expect(u).toMatchObject({
      group: 0,
      binding: 2,
      type: 'u32',
      typed: { valueText: '{ size: 1024, dims: vec4u(1, 2, 3, 4), w: [vec3<f32>(0.5), 2 * i], inner: { x: -1 }, }' },
    });
    const v = u.typed!.value!;
    if (v.kind !== 'struct') throw new Error('not a struct');
    expect(v.fields.map((f) => [f.name, f.at.column, f.value.kind])).toEqual([
      ['size', 21, 'scalar'],
      ['dims', 33, 'construct'],
      ['w', 58, 'list'],
      ['inner', 86, 'struct'],
    ]);
    const w = v.fields[2]!.value;
    expect(w.kind === 'list' && w.items.map((x) => (x.kind === 'construct' ? x.name : x.kind === 'scalar' ? x.text : x.kind))).toEqual([
      'vec3<f32>',
      '2 * i',
    ]);
  });

  it('numbers random() calls across the whole line', () => {
    const b = only('//! buffer 1 P[4] = { a: random(), b: vec2f(random(), random() + i) }').buffers[0]!;
    expect(JSON.stringify(b.typed!.value).match(/"site":\d/g)).toEqual(['"site":0', '"site":1', '"site":2']);
    expect(b).toMatchObject({ type: 'u32', count: 4, typed: { typeName: 'P', count: 4 } });
  });

  it('takes a struct buffer without a value, and a single struct', () => {
    expect(only('//! buffer 1 Stats').buffers[0]).toMatchObject({ count: 1, typed: { typeName: 'Stats' } });
    expect(only('//! buffer 1 Stats[8]').buffers[0]!.typed).toEqual({ typeName: 'Stats', typeAt: expect.anything(), count: 8 });
  });

  it('parses field paths of expect lines', () => {
    const h = only(
      '//! buffer 1 P[8]\n//! buffer 2 S\n//! expect 1[3].vel.x = 0.25\n//! expect 1[0..2].m[1] = 1, 2\n//! expect 2.count = 7',
    );
    expect(h.expects.map((e) => [e.start, e.end, e.whole ?? false, e.path!.map((s) => (s.kind === 'field' ? s.name : s.index))])).toEqual([
      [3, 4, false, ['vel', 'x']],
      [0, 2, false, ['m', 1]],
      [0, 1, true, ['count']],
    ]);
  });

  it.each([
    ['//! uniform 0 = { size 1 }', "24: expected ':' and a value for field 'size', found '1'"],
    ['//! uniform 0 = { size: 1, size: 2 }', "28: field 'size' is given twice; the first value is at column 19"],
    ['//! uniform 0 = { size: 1', "26: expected '}' (this '{' is never closed), found end of line"],
    ['//! uniform 0 = { a: vec2f(1, 2 }', "33: expected ',' or ')', found '}'"],
    ['//! uniform 0 = { a: [1, 2 }', "28: expected ',' or ']', found '}'"],
    ['//! uniform 0 = { a: vec4<f64>(1) }', "27: expected a scalar type (f32, i32, u32, f16 or bool), found 'f64'"],
    ['//! uniform 0 = { a: j }', "22: unknown identifier 'j'; the only variable is 'i' (the element index)"],
    ['//! uniform 0 = { 1: 2 }', "19: expected a field name (name: value) or '}', found '1'"],
    ['//! uniform 0 = { a: 1 } 2', "26: expected ',' or end of line, found '2'"],
    ['//! uniform 0 Params', "21: expected '=' and a value, found end of line"],
    ['//! buffer 0 P[0]', "16: element count must be at least 1, found '0'"],
    ['//! buffer 0 P 4', "16: expected '[', '=' or end of line, found '4'"],
    [
      '//! buffer 0 f32[4]\n//! expect 0[1].x = 1',
      '17: @group(0) @binding(0) is a buffer of f32; a field path needs a struct buffer (`//! buffer 0 NAME[COUNT]`)',
    ],
    ['//! buffer 0 P[4]\n//! expect 0[4].x = 1', '14: expect range [4] is outside @group(0) @binding(0), which has 4 elements'],
    ['//! buffer 0 P[4]\n//! expect 0[1].x[ = 1', "20: expected an array index, found '='"],
    ['//! buffer 0 P[4]\n//! expect 0[1]. = 1', "18: expected a field name after '.', found '='"],
    [
      '//! buffer 0 P[4]\n//! expect 0 = file("p.bin")',
      '12: @group(0) @binding(0) is a struct buffer: compare it by field (`expect 0[0..N].FIELD = …`), not with a file',
    ],
  ])('%s', (line, message) => {
    expect(firstError(line)).toBe(message);
  });
});
