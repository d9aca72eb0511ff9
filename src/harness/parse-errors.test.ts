import { describe, expect, it } from 'vitest';
import { parseHarness } from './parse.js';
import { HarnessError } from './errors.js';

/** Marks "the error is at the end of the line" (just past the last non-blank character). */
const END = Symbol('end of line');

/** Column (1-based) of `needle` in `line` (its `nth` occurrence), or of the end of the line. */
function col(line: string, needle: string | number | typeof END, nth = 0): number {
  if (needle === END) return line.trimEnd().length + 1;
  if (typeof needle === 'number') return needle;
  let at = -1;
  for (let k = 0; k <= nth; k++) {
    at = line.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' not in '${line}'`);
  }
  return at + 1;
}

/** The single error of `source`, checked to be on `line`. */
function single(source: string, line = 1): HarnessError {
  const { errors } = parseHarness(source);
  expect(errors.map((e) => e.message)).toHaveLength(1);
  expect(errors[0]).toBeInstanceOf(HarnessError);
  expect(errors[0]!.line).toBe(line);
  return errors[0]!;
}

/** [header line, where the error starts (needle, literal column or END), exact reason]. */
type Row = [line: string, at: string | number | typeof END, reason: string];

/** One test per row: the row's line (after `prelude` lines) must produce exactly that one error. */
function check(rows: Row[], prelude: string[] = []) {
  it.each(rows)('%s', (text, at, reason) => {
    const e = single([...prelude, text].join('\n'), prelude.length + 1);
    expect({ column: e.column, reason: e.message }).toEqual({ column: col(text, at), reason });
  });
}

describe('file(), raw-word uniforms and override', () => {
  check(
    [
      ['//! buffer 3 u32[4] = file(k.bin)', 'k.bin', "expected a file name in double quotes, found 'k'"],
      ['//! buffer 3 u32[4] = file("k.bin"', END, "expected ')', found end of line"],
      ['//! buffer 3 u32[4] = file("k.bin) ', '"k.bin', "expected a file name in double quotes, found a string without its closing '\"'"],
      ['//! buffer 3 u32[4] = file("k.bin") + 1', '+', "expected end of line, found '+'"],
      ['//! buffer 3 u32[4] = file("")', 29, 'the file name is empty'],
      [
        '//! buffer 3 u32[4] = file("/etc/passwd")',
        29,
        "file names are relative to the kernel file, found the absolute path '/etc/passwd'",
      ],
      [
        '//! buffer 3 u32[4] = file("a/../../x.bin")',
        29,
        "a file must be in the kernel's folder or below it: '..' is not allowed, found 'a/../../x.bin'",
      ],
      ['//! uniform 1 u32[70000] = 0', '70000', "word count must be at most 16384, found '70000'"],
      ['//! override = 1', '=', "expected the name of an 'override' declaration, found '='"],
      ['//! override N', END, "expected '=' and a value, found end of line"],
      ['//! override N = x', 'x', "expected a number, true or false, found 'x'"],
      ['//! override N = 1 2', '2', "expected end of line, found '2'"],
      ['//! expect 1 = file("o.bin")', '1', 'expect names @group(0) @binding(1), but no buffer line declares it'],
      [
        '//! expect 2 = file("o.bin")',
        '2',
        'expect names @group(0) @binding(2), which is a uniform; only storage buffers (buffer lines) can be checked',
      ],
    ],
    ['//! buffer 0 u32[4]', '//! uniform 2 u32 = 1'],
  );

  it('refuses an override given twice, at the second name', () => {
    const e = single('//! override N = 1\n//! override N = 2', 2);
    expect([e.column, e.message]).toEqual([14, "override 'N' is given twice; the first value is on line 1"]);
  });
});

describe('directive names', () => {
  check([
    [
      '//! bufer 0 f32[4]',
      'bufer',
      "unknown directive 'bufer'; expected dispatch, pass, entry, buffer, uniform, expect, override, texture, sampler or tolerance",
    ],
    [
      '//! Computes a prefix sum',
      'Computes',
      "unknown directive 'Computes'; expected dispatch, pass, entry, buffer, uniform, expect, override, texture, sampler or tolerance",
    ],
    [
      '//! 16',
      '16',
      "expected a directive (dispatch, pass, entry, buffer, uniform, expect, override, texture, sampler or tolerance), found '16'",
    ],
    [
      '//! $x',
      '$',
      "expected a directive (dispatch, pass, entry, buffer, uniform, expect, override, texture, sampler or tolerance), found unexpected character '$'",
    ],
  ]);
});

describe('dispatch', () => {
  check([
    ['//! dispatch', END, 'expected a workgroup count, found end of line'],
    ['//! dispatch 4,', END, 'expected a workgroup count, found end of line'],
    ['//! dispatch 4,   ', END, 'expected a workgroup count, found end of line'],
    ['//! dispatch x', 'x', "expected a workgroup count, found 'x'"],
    ['//! dispatch 0', '0', "workgroup count must be at least 1, found '0'"],
    ['//! dispatch 4, -2', '-2', "workgroup count must be at least 1, found '-2'"],
    ['//! dispatch 1.5', '1.5', "workgroup count must be an integer, found '1.5'"],
    ['//! dispatch 4294967296', '4294967296', "workgroup count must be at most 4294967295, found '4294967296'"],
    ['//! dispatch 1e', '1e', "expected a workgroup count, found malformed number '1e'"],
    ['//! dispatch 1, 2, 3, 4', '4', 'dispatch takes at most 3 workgroup counts (x, y, z), found a 4th'],
    ['//! dispatch 1 2 3 4', '4', 'dispatch takes at most 3 workgroup counts (x, y, z), found a 4th'],
    ['//! dispatch 1, 2, 3,', 21, "expected end of line, found ','"],
    ['//! dispatch 1 2 3 x', 'x', "expected end of line, found 'x'"],
    ['//! dispatch 4 x', 'x', "expected ',', a workgroup count or end of line, found 'x'"],
  ]);

  it('rejects a second dispatch, naming the first', () => {
    const e = single('//! dispatch 4\n// text\n//! dispatch 8', 3);
    expect(e.column).toBe(5);
    expect(e.message).toBe('duplicate dispatch; the first one is on line 1');
    // the first one stays in effect
    expect(parseHarness('//! dispatch 4\n//! dispatch 8').harness.dispatch).toEqual([4, 1, 1]);
  });
});

describe('buffer', () => {
  check([
    ['//! buffer', END, 'expected a binding (B or G:B), found end of line'],
    ['//! buffer f32[4]', 'f32', "expected a binding (B or G:B), found 'f32'"],
    ['//! buffer 1: f32[4]', 'f32', "expected a binding number after ':', found 'f32'"],
    ['//! buffer -1 f32[4]', '-1', "binding number must be at least 0, found '-1'"],
    ['//! buffer 0:1.5 f32[4]', '1.5', "binding number must be an integer, found '1.5'"],
    ['//! buffer 0', END, 'expected an element type (f32, f16, i32 or u32), found end of line'],
    ['//! buffer 0 f64[4]', 'f64', "expected an element type (f32, f16, i32 or u32), found 'f64'"],
    ['//! buffer 0 f32', END, "expected '[' and an element count, found end of line"],
    ['//! buffer 0 f32 = i', '=', "expected '[' and an element count, found '='"],
    ['//! buffer 0 f32[]', ']', "expected an element count, found ']'"],
    ['//! buffer 0 f32[0]', '0]', "element count must be at least 1, found '0'"],
    ['//! buffer 0 f32[2.5]', '2.5', "element count must be an integer, found '2.5'"],
    ['//! buffer 0 f32[0x]', '0x', "expected an element count, found malformed number '0x'"],
    ['//! buffer 0 f32[4294967296]', '4294967296', "element count must be at most 1073741824, found '4294967296'"],
    ['//! buffer 0 f32[4', END, "expected ']', found end of line"],
    ['//! buffer 0 f32[4] x', 'x', "expected '=' or end of line, found 'x'"],
    ['//! buffer 0 f32[4] =', END, "expected a value (a number, i, a function call or '('), found end of line"],
    ['//! buffer 0 f32[4] = tan(i)', 'tan', "unknown function 'tan'; expected one of sin, cos, floor, abs, min, max, random"],
    ['//! buffer 0 f32[4] = min(i)', 'min', 'min takes 2 arguments, found 1'],
    ['//! buffer 0 f32[4] = j * 2', 'j', "unknown identifier 'j'; the only variable is 'i' (the element index)"],
    ['//! buffer 0 f32[4] = (i + 1', '(', "unbalanced parentheses: this '(' is never closed"],
    ['//! buffer 0 f32[4] = i + 1)', ')', "unbalanced parentheses: this ')' has no matching '('"],
    ['//! buffer 0 f32[4] = 1.2.3', '1.2.3', "expected a value (a number, i, a function call or '('), found malformed number '1.2.3'"],
    ['//! buffer 0 f32[4] = i // squares', '/ squares', "expected a value (a number, i, a function call or '('), found '/'"],
  ]);

  it('matches the example message in the contract', () => {
    const src = '// kernel\n\n//! buffer 0:1       f64[1024]';
    const e = single(src, 3);
    expect(e.message).toBe("expected an element type (f32, f16, i32 or u32), found 'f64'");
    // The span covers the offending word; the offset counts from the start of the file.
    expect(e.loc).toEqual({ line: 3, column: 22, offset: 32, length: 3 });
    expect(src.slice(e.loc.offset, e.loc.offset + e.loc.length)).toBe('f64');
    expect(e.toDiagnostic()).toMatchObject({ severity: 'error', kind: 'header', message: e.message, loc: e.loc });
  });
});

describe('error spans', () => {
  it('cover the word at the error, one character of punctuation, or nothing past the end of the line', () => {
    const src = '//! dispatch 4\n//! uniform 1 u32\n//! buffer 0 u32 4\n//! expect 0[0..2] = 1, 2, x';
    const spans = parseHarness(src).errors.map((e) => [
      e.loc.line,
      e.loc.column,
      JSON.stringify(src.slice(e.loc.offset, e.loc.offset + e.loc.length)),
    ]);
    expect(spans).toEqual([
      [2, 18, '""'],
      [3, 18, '"4"'],
      [4, 28, '"x"'],
    ]);
    const bracket = single('//! buffer 0 u32[4');
    expect(bracket.loc).toEqual({ line: 1, column: 19, offset: 18, length: 0 });
    expect(single('//! expect 0[0..] = 1').loc).toMatchObject({ column: 17, length: 1 });
  });
});

describe('uniform', () => {
  check([
    ['//! uniform 1 u32', END, "expected '=' and a value, found end of line"],
    ['//! uniform 1 u32 6', '6', "expected '=' and a value, found '6'"],
    ['//! uniform 1 u32[0] = 1', '0', "word count must be at least 1, found '0'"],
    ['//! uniform 1 u32[4]', END, "expected '=' and a value, found end of line"],
    ['//! uniform 1 vec4 = 1', 'vec4', "expected an element type (f32, f16, i32 or u32), found 'vec4'"],
    ['//! uniform 1 u32 = cos', END, "expected '(' after function 'cos', found end of line"],
  ]);
});

describe('duplicate bindings', () => {
  it('rejects a binding declared by two buffers', () => {
    const line = '//! buffer 0:1 u32[8]';
    const e = single(`//! buffer 1 f32[4]\n${line}`, 2);
    expect(e.column).toBe(col(line, '0:1'));
    expect(e.message).toBe('@group(0) @binding(1) is declared twice; the buffer on line 1 already declares it');
  });

  it('rejects a binding declared by a uniform and a buffer', () => {
    const line = '//! buffer 2 f32[4]';
    const e = single(`//! uniform 2 u32 = 6\n${line}`, 2);
    expect(e.column).toBe(col(line, '2'));
    expect(e.message).toBe('@group(0) @binding(2) is declared twice; the uniform on line 1 already declares it');
  });

  it('rejects a binding declared by two uniforms, and keeps only the first', () => {
    const { harness, errors } = parseHarness('//! uniform 3:0 f32 = 1\n//! uniform 3:0 f32 = 2');
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [2, 13, '@group(3) @binding(0) is declared twice; the uniform on line 1 already declares it'],
    ]);
    expect(harness.uniforms.map((u) => u.initText)).toEqual(['1']);
  });

  it('treats different groups as different bindings', () => {
    expect(parseHarness('//! buffer 0:1 u32[1]\n//! buffer 1:1 u32[1]\n//! uniform 1:0 u32 = 1').errors).toEqual([]);
  });
});

describe('expect', () => {
  check(
    [
      ['//! expect 0', END, "expected '[' and an element index or range, or '= file(\"NAME\")', found end of line"],
      ['//! expect 0[]', ']', "expected an element index, found ']'"],
      ['//! expect 0[-1] = 0', '-1', "element index must be at least 0, found '-1'"],
      ['//! expect 0[1.5] = 0', '1.5', "element index must be an integer, found '1.5'"],
      ['//! expect 0[0 2] = 0', '2', "expected '..' or ']', found '2'"],
      ['//! expect 0[0..] = 0', '] =', "expected the end index of the range, found ']'"],
      ['//! expect 0[0..2', END, "expected ']', found end of line"],
      ['//! expect 0[0..2]', END, "expected '=' and the expected values, found end of line"],
      ['//! expect 0[0] =', END, 'expected an expected value (a number, inf or nan), found end of line'],
      ['//! expect 0[0..2] = 1 2', 24, "expected ',' or end of line, found '2'"],
      ['//! expect 0[0..2] = 1,', END, 'expected an expected value (a number, inf or nan), found end of line'],
      ['//! expect 0[0] = NaN', 'NaN', "expected an expected value (a number, inf or nan), found 'NaN'"],
      ['//! expect 0[0] = -nan', '-nan', "nan takes no sign, found '-nan'"],
      ['//! expect 0[0] = 1.5.2', '1.5.2', "expected an expected value (a number, inf or nan), found malformed number '1.5.2'"],
      ['//! expect 0[0] = i', 'i', "expected an expected value (a number, inf or nan), found 'i'"],
    ],
    ['//! buffer 0 f32[4]'],
  );

  check(
    [
      ['//! expect 3[0] = 1', '3', 'expect names @group(0) @binding(3), but no buffer line declares it'],
      ['//! expect 1:0[0] = 1', '1:0', 'expect names @group(1) @binding(0), but no buffer line declares it'],
      [
        '//! expect 1[0] = 6',
        '1',
        'expect names @group(0) @binding(1), which is a uniform; only storage buffers (buffer lines) can be checked',
      ],
      ['//! expect 0[2..2] = 1', '2..', 'expect range 2..2 is empty; the end is exclusive, so write 2..3 for one element'],
      ['//! expect 0[3..1] = 1, 2', '3..', 'expect range 3..1 is reversed; the start must be less than the (exclusive) end'],
      ['//! expect 0[0..5] = 1, 2, 3, 4, 5', '5]', 'expect range 0..5 is outside @group(0) @binding(0), which has 4 elements'],
      ['//! expect 0[4..6] = 1, 2', '4..', 'expect range 4..6 is outside @group(0) @binding(0), which has 4 elements'],
      ['//! expect 0[4] = 1', '4', 'element 4 is outside @group(0) @binding(0), which has 4 elements (indices 0 to 3)'],
      ['//! expect 0[0..3] = 1, 2', '1', 'expected 3 values for range 0..3, found 2'],
      ['//! expect 0[0..3] = 1, 2, 3, 4', '4', 'expected 3 values for range 0..3, found 4'],
      ['//! expect 0[2] = 1, 2', 22, 'expected 1 value for element 2, found 2'],
    ],
    ['//! buffer 0 u32[4]', '//! uniform 1 u32 = 6'],
  );

  describe('value types', () => {
    check(
      [
        ['//! expect 0[0] = 1.5', '1.5', "expected an integer (the buffer is u32), found '1.5'"],
        ['//! expect 0[0] = -1', '-1', "expected a u32 value from 0 to 4294967295, found '-1'"],
        ['//! expect 0[0] = 4294967296', '4294967296', "expected a u32 value from 0 to 4294967295, found '4294967296'"],
        ['//! expect 0[0] = 0x100000000', '0x100000000', "expected a u32 value from 0 to 4294967295, found '0x100000000'"],
        ['//! expect 0[0] = inf', 'inf', "expected an integer (the buffer is u32), found 'inf'"],
        ['//! expect 1[0] = 2147483648', '2147483648', "expected a i32 value from -2147483648 to 2147483647, found '2147483648'"],
        ['//! expect 1[0] = -2147483649', '-2147483649', "expected a i32 value from -2147483648 to 2147483647, found '-2147483649'"],
        ['//! expect 1[0] = 0xFFFFFFFF', '0xFFFFFFFF', "expected a i32 value from -2147483648 to 2147483647, found '0xFFFFFFFF'"],
        ['//! expect 1[0] = nan', 'nan', "expected an integer (the buffer is i32), found 'nan'"],
        ['//! expect 1[0] = 2.5e-1', '2.5e-1', "expected an integer (the buffer is i32), found '2.5e-1'"],
        ['//! expect 2[0] = -1e39', '-1e39', "expected a value within the f32 range (magnitude at most 3.4028235e38), found '-1e39'"],
      ],
      ['//! buffer 0 u32[4]', '//! buffer 1 i32[4]', '//! buffer 2 f32[4]'],
    );
  });
});

describe('collecting all errors', () => {
  const source = [
    '//! dispatch 0', //                      1: bad count
    '//! buffer 0 f64[4]', //                 2: bad type (binding 0 still counts as declared)
    '//! expect 0[0] = 1', //                 3: no cascade: binding 0 was meant to be declared
    '@compute @workgroup_size(64) fn main() {}',
    '//! expect 0:5[0..2] = 1.5, 2, 3', //    5: undeclared binding AND count mismatch (at the extra value)
    '//! buffer 1 u32[2] = sin(i', //         6: unbalanced
    '//! buffer 1 u32[2]', //                 7: duplicate of line 6's binding
    '//! buffer 2 u32[2]',
    '//! expect 2[1..3] = 1.5, -1', //        9: range outside, 1.5 not integer, -1 out of range
    '//! dispatch 2', //                     10: fine: the dispatch on line 1 failed, so this is the first
    '//! frobnicate', //                     11: unknown directive
  ].join('\n');

  it('reports every problem, sorted by line and column', () => {
    const { errors } = parseHarness(source);
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [1, 14, "workgroup count must be at least 1, found '0'"],
      [2, 14, "expected an element type (f32, f16, i32 or u32), found 'f64'"],
      [5, 12, 'expect names @group(0) @binding(5), but no buffer line declares it'],
      [5, 32, 'expected 2 values for range 0..2, found 3'],
      [6, 26, "unbalanced parentheses: this '(' is never closed"],
      [7, 12, '@group(0) @binding(1) is declared twice; the buffer on line 6 already declares it'],
      [9, 17, 'expect range 1..3 is outside @group(0) @binding(2), which has 2 elements'],
      [9, 22, "expected an integer (the buffer is u32), found '1.5'"],
      [9, 27, "expected a u32 value from 0 to 4294967295, found '-1'"],
      [
        11,
        5,
        "unknown directive 'frobnicate'; expected dispatch, pass, entry, buffer, uniform, expect, override, texture, sampler or tolerance",
      ],
    ]);
  });

  it('keeps the lines that parsed cleanly', () => {
    const { harness } = parseHarness(source);
    expect(harness.dispatch).toEqual([2, 1, 1]);
    expect(harness.dispatchLocation).toMatchObject({ line: 10, column: 5 });
    expect(harness.buffers.map((b) => b.binding)).toEqual([2]);
    expect(harness.expects).toEqual([]);
  });
});
