import { describe, expect, it } from 'vitest';
import { parseHarness } from './parse.js';
import { findHeaderLines } from './scan.js';
import type { Harness } from './types.js';

function ok(source: string): Harness {
  const { harness, errors } = parseHarness(source);
  expect(errors.map((e) => e.message)).toEqual([]);
  return harness;
}

describe('parseHarness: examples from the contract', () => {
  it('dispatch 16', () => {
    const h = ok('//! dispatch 16');
    expect(h.dispatch).toEqual([16, 1, 1]);
    // The span of the directive word, as errors about the dispatch mark it.
    expect(h.dispatchLocation).toEqual({ line: 1, column: 5, offset: 4, length: 8 });
  });

  it('dispatch with commas, spaces or both', () => {
    expect(ok('//! dispatch 4, 2, 3').dispatch).toEqual([4, 2, 3]);
    expect(ok('//! dispatch 4 2 3').dispatch).toEqual([4, 2, 3]);
    expect(ok('//! dispatch 4,2').dispatch).toEqual([4, 2, 1]);
    expect(ok('//! dispatch 4 ,2, 3').dispatch).toEqual([4, 2, 3]);
    expect(ok('//! dispatch 0x10').dispatch).toEqual([16, 1, 1]);
  });

  it('buffer 0 f32[1024] = i * i', () => {
    const h = ok('//! buffer 0 f32[1024] = i * i');
    expect(h.buffers).toEqual([
      {
        group: 0,
        binding: 0,
        line: 1,
        column: 5,
        offset: 4,
        length: 6,
        type: 'f32',
        count: 1024,
        init: { kind: 'binary', op: '*', left: { kind: 'index' }, right: { kind: 'index' } },
        initText: 'i * i',
      },
    ]);
  });

  it('buffer 1:2 u32[4]', () => {
    const h = ok('//! buffer 1:2 u32[4]');
    expect(h.buffers).toEqual([{ group: 1, binding: 2, line: 1, column: 5, offset: 4, length: 6, type: 'u32', count: 4 }]);
    expect(h.buffers[0]).not.toHaveProperty('init');
  });

  it('uniform 1 u32 = 6', () => {
    const h = ok('//! uniform 1 u32 = 6');
    expect(h.uniforms).toEqual([
      { group: 0, binding: 1, line: 1, column: 5, offset: 4, length: 7, type: 'u32', init: { kind: 'number', value: 6 }, initText: '6' },
    ]);
  });

  it('expect 1[0..8] = ... and expect 1[0] = 523776', () => {
    const h = ok(
      ['//! buffer 1 f32[1024]', '//! expect 1[0..8] = 0, 0.5, 2.5, 6.5, 12.5, 20.5, 30.5, 42.5', '//! expect 1[0] = 523776'].join('\n'),
    );
    expect(h.expects).toEqual([
      {
        group: 0,
        binding: 1,
        line: 2,
        column: 5,
        offset: 27,
        length: 6,
        start: 0,
        end: 8,
        values: [0, 0.5, 2.5, 6.5, 12.5, 20.5, 30.5, 42.5],
      },
      { group: 0, binding: 1, line: 3, column: 5, offset: 89, length: 6, start: 0, end: 1, values: [523776] },
    ]);
  });
});

describe('parseHarness: whole files', () => {
  const shader = [
    '// Parallel reduction with workgroup memory.',
    '//! dispatch 4, 1, 1',
    '//',
    '//! buffer 0 f32[1024] = i',
    '//!',
    '  //! buffer 0:1 f32[4]',
    '\t//! uniform 1:0 u32 = 1024 / 4',
    '@group(0) @binding(0) var<storage, read> input: array<f32>;',
    '@group(0) @binding(1) var<storage, read_write> partial: array<f32>;',
    'let x = 1; //! not a header: code comes first',
    '//! expect 0:1[0..4] = 32640, 98176, 163712, 229248',
    '//! buffer 2:7 i32[16] = -i % 3',
    '//! expect 2:7[14] = -2',
    '/* //! also not a header: the line does not start with //! */',
    '@compute @workgroup_size(256) fn main() {}',
    '//! expect 0:1[3] = 229248',
  ].join('\n');

  it('collects every directive with its location', () => {
    const h = ok(shader);
    expect(h.dispatch).toEqual([4, 1, 1]);
    expect(h.dispatchLocation).toMatchObject({ line: 2, column: 5 });
    // Offsets count from the start of the file, past the comment line before.
    expect(shader.slice(h.dispatchLocation!.offset).startsWith('dispatch 4')).toBe(true);
    for (const s of [...h.buffers, ...h.uniforms, ...h.expects])
      expect(shader.slice(s.offset, s.offset + s.length), `line ${s.line}`).toMatch(/^(buffer|uniform|expect)$/);
    expect(h.buffers.map((b) => [b.group, b.binding, b.type, b.count, b.initText, b.line, b.column])).toEqual([
      [0, 0, 'f32', 1024, 'i', 4, 5],
      [0, 1, 'f32', 4, undefined, 6, 7],
      [2, 7, 'i32', 16, '-i % 3', 12, 5],
    ]);
    expect(h.uniforms.map((u) => [u.group, u.binding, u.type, u.initText, u.line, u.column])).toEqual([[1, 0, 'u32', '1024 / 4', 7, 6]]);
    expect(h.expects.map((e) => [e.group, e.binding, e.start, e.end, e.values, e.line])).toEqual([
      [0, 1, 0, 4, [32640, 98176, 163712, 229248], 11],
      [2, 7, 14, 15, [-2], 13],
      [0, 1, 3, 4, [229248], 16],
    ]);
  });

  it('defaults to dispatch 1 1 1 and empty lists', () => {
    const h = ok('@compute @workgroup_size(1) fn main() {}');
    expect(h).toEqual({ dispatch: [1, 1, 1], passes: [], buffers: [], uniforms: [], expects: [], overrides: [] });
    expect(h.dispatchLocation).toBeUndefined();
  });

  it('accepts expect lines before the buffer they check', () => {
    const h = ok('//! expect 3[1] = 7\n//! buffer 3 u32[2] = 7');
    expect(h.expects[0]).toMatchObject({ binding: 3, start: 1, end: 2, values: [7] });
  });

  it('handles CRLF, CR and a byte-order mark', () => {
    const h = ok('\uFEFF//! dispatch 2\r\n//! buffer 0 u32[1]\r//! expect 0[0] = 0\r\n');
    // Line 1's column ignores the byte-order mark; its offset counts it.
    expect(h.dispatchLocation).toEqual({ line: 1, column: 5, offset: 5, length: 8 });
    expect(h.expects[0]).toMatchObject({ line: 3 });
  });

  it('allows no space after //! and trailing blanks', () => {
    const h = ok('//!dispatch 8   \n//!buffer 0 f32[2] = i + 1   ');
    expect(h.dispatch).toEqual([8, 1, 1]);
    expect(h.dispatchLocation).toEqual({ line: 1, column: 4, offset: 3, length: 8 });
    expect(h.buffers[0]!.initText).toBe('i + 1');
  });

  it('ignores bare //! lines', () => {
    expect(findHeaderLines('//!\n  //!   \n//! dispatch 1').map((l) => l.line)).toEqual([3]);
  });
});

describe('parseHarness: expected values', () => {
  it('reads signs, fractions, exponents, hex, inf and nan', () => {
    const h = ok('//! buffer 0 f32[9]\n//! expect 0[0..9] = -1, +2.5, 1e3, -2.5E-3, .5, 0x10, inf, -inf, nan');
    const v = h.expects[0]!.values;
    expect(v.slice(0, 8)).toEqual([-1, 2.5, 1000, -0.0025, 0.5, 16, Infinity, -Infinity]);
    expect(v[8]).toBeNaN();
  });

  it('accepts +inf and the extreme integers of each type', () => {
    expect(ok('//! buffer 0 f32[1]\n//! expect 0[0] = +inf').expects[0]!.values).toEqual([Infinity]);
    expect(ok('//! buffer 0 u32[2]\n//! expect 0[0..2] = 0, 4294967295').expects[0]!.values).toEqual([0, 4294967295]);
    expect(ok('//! buffer 0 u32[1]\n//! expect 0[0] = 0xFFFFFFFF').expects[0]!.values).toEqual([4294967295]);
    expect(ok('//! buffer 0 i32[2]\n//! expect 0[0..2] = -2147483648, 2147483647').expects[0]!.values).toEqual([-2147483648, 2147483647]);
  });

  it('normalises -0 for integer buffers but keeps it for f32', () => {
    expect(Object.is(ok('//! buffer 0 i32[1]\n//! expect 0[0] = -0').expects[0]!.values[0], 0)).toBe(true);
    expect(Object.is(ok('//! buffer 0 f32[1]\n//! expect 0[0] = -0').expects[0]!.values[0], -0)).toBe(true);
  });

  it('accepts integral values written with a fraction or exponent for integer buffers', () => {
    expect(ok('//! buffer 0 u32[2]\n//! expect 0[0..2] = 2.0, 1e3').expects[0]!.values).toEqual([2, 1000]);
  });

  it('allows several and overlapping expects of one buffer', () => {
    const h = ok('//! buffer 0 u32[4] = i\n//! expect 0[0..4] = 0, 1, 2, 3\n//! expect 0[1..3] = 1, 2\n//! expect 0[3] = 3');
    expect(h.expects.map((e) => [e.start, e.end])).toEqual([
      [0, 4],
      [1, 3],
      [3, 4],
    ]);
  });
});

describe('parseHarness: pass lines (multi-pass runs)', () => {
  it('reads entry points and dispatch sizes in order', () => {
    const { harness, errors } = parseHarness('//! pass partial 1024\n//! pass combine\n//! pass third 2, 3, 4\n');
    expect(errors).toEqual([]);
    expect(harness.passes.map((p) => [p.entry, p.dispatch, p.line, p.entryLoc])).toEqual([
      ['partial', [1024, 1, 1], 1, { line: 1, column: 10, offset: 9, length: 7 }],
      ['combine', [1, 1, 1], 2, { line: 2, column: 10, offset: 31, length: 7 }],
      ['third', [2, 3, 4], 3, { line: 3, column: 10, offset: 48, length: 5 }],
    ]);
  });
  it('refuses mixing pass and dispatch lines', () => {
    const { errors } = parseHarness('//! dispatch 4\n//! pass a 1\n');
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [2, 5, 'a file has either one dispatch line or pass lines; line 1 already has a dispatch'],
    ]);
    const r2 = parseHarness('//! pass a 1\n//! dispatch 4\n');
    expect(r2.errors.map((e) => [e.line, e.message])).toEqual([
      [2, 'a file has either one dispatch line or pass lines; line 1 already has a pass'],
    ]);
  });
  it('needs an entry point name', () => {
    const { errors } = parseHarness('//! pass 16\n');
    expect(errors[0]!.message).toMatch(/expected the name of a @compute entry point, found '16'/);
    expect(errors[0]!.column).toBe(10);
  });
});
