import { describe, expect, it } from 'vitest';
import { harnessForEntry, parseHarness } from './index.js';

const HEADER = [
  '//! buffer 0 u32[64]', //                 1: shared
  '//! override SCALE = 2', //               2
  '//! expect 0[0] = 0', //                  3: every entry point
  '//! entry sum', //                        4
  '//! dispatch 4', //                       5
  '//! expect 0[1] = 1', //                  6
  '//! entry scale', //                      7
  '//! override SCALE = 3', //               8
  '//! override DEPTH = 1', //               9
].join('\n');

describe('entry sections', () => {
  it('keep their dispatch, overrides and expectations apart from the shared lines', () => {
    const { harness, errors } = parseHarness(HEADER);
    expect(errors).toEqual([]);
    expect(harness.buffers).toHaveLength(1);
    expect(harness.expects.map((e) => e.line)).toEqual([3]);
    expect(harness.entries!.map((s) => [s.name, s.line, s.nameLoc.column, s.dispatch])).toEqual([
      ['sum', 4, 11, [4, 1, 1]],
      ['scale', 7, 11, undefined],
    ]);
    expect(harness.entries![0]!.expects.map((e) => e.line)).toEqual([6]);
    expect(harness.entries![1]!.overrides.map((o) => [o.name, o.value])).toEqual([
      ['SCALE', 3],
      ['DEPTH', 1],
    ]);
  });

  it('apply to their entry point only; others get the shared lines', () => {
    const { harness } = parseHarness(HEADER);
    const sum = harnessForEntry(harness, 'sum');
    expect(sum.dispatch).toEqual([4, 1, 1]);
    expect(sum.dispatchLocation?.line).toBe(5);
    expect(sum.expects.map((e) => e.line)).toEqual([3, 6]);
    expect(sum.overrides.map((o) => [o.name, o.value])).toEqual([['SCALE', 2]]);
    expect(sum.entries).toBeUndefined();
    const scale = harnessForEntry(harness, 'scale');
    expect(scale.dispatch).toEqual([1, 1, 1]);
    expect(scale.overrides.map((o) => [o.name, o.value])).toEqual([
      ['SCALE', 3],
      ['DEPTH', 1],
    ]);
    expect(scale.expects.map((e) => e.line)).toEqual([3]);
    const other = harnessForEntry(harness, 'other');
    expect(other.expects.map((e) => e.line)).toEqual([3]);
    expect(other.entries).toBeUndefined();
  });

  it('take a dispatch of the file as the default of a section without one', () => {
    const { harness } = parseHarness('//! dispatch 8\n//! entry a\n//! entry b\n//! dispatch 2 2\n');
    expect(harnessForEntry(harness, 'a').dispatch).toEqual([8, 1, 1]);
    expect(harnessForEntry(harness, 'b').dispatch).toEqual([2, 2, 1]);
  });

  it('report misplaced and repeated lines where they are', () => {
    const src = [
      '//! entry a', //                    1
      '//! buffer 0 u32[4]', //            2: shared lines go first
      '//! dispatch 2', //                 3
      '//! dispatch 3', //                 4: second dispatch of a
      '//! entry a', //                    5: a again
      '//! pass a 1', //                   6: pass with sections
      '//! entry', //                      7: no name
      '//! entry b 4', //                  8: a count on the entry line
      '//! override X = 1', //             9
      '//! override X = 2', //             10
    ].join('\n');
    expect(parseHarness(src).errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [2, 5, 'buffer lines are shared by every entry point: put this one before the first entry line (line 1)'],
      [4, 5, "duplicate dispatch for entry 'a'; the first one is on line 3"],
      [5, 11, "entry 'a' already has a section, on line 1"],
      [6, 5, "a file has either pass lines or entry sections; line 1 already opens entry 'a'"],
      [7, 10, 'expected the name of a @compute entry point, found end of line'],
      [8, 13, "expected end of line (an entry line names one entry point; its dispatch goes on a dispatch line below it), found '4'"],
      [10, 14, "override 'X' is given twice; the first value is on line 9"],
    ]);
    expect(parseHarness('//! pass a 1\n//! entry a\n').errors.map((e) => e.message)).toEqual([
      'a file has either pass lines or entry sections; line 1 already has a pass',
    ]);
  });
});
