import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('public API', () => {
  it('exports the documented entry points', () => {
    for (const name of ['parseHarness', 'fillBuffer', 'uniformValue', 'checkExpect', 'ulpDistanceF32', 'allocateElements', 'bindingName']) {
      expect(typeof (api as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(api.F32_ULP_TOLERANCE).toBe(4);
    expect(new api.HarnessError('x', { line: 3, column: 22, offset: 40, length: 1 })).toBeInstanceOf(Error);
  });

  it('runs a header from parse to fill to check', () => {
    const source = [
      '//! dispatch 4',
      '//! buffer 0 u32[8] = i * 3 % 5',
      '//! uniform 1 u32 = 2',
      '//! expect 0[0..8] = 0, 3, 1, 4, 2, 0, 3, 1',
    ].join('\n');
    const { harness, errors } = api.parseHarness(source);
    expect(errors).toEqual([]);
    const data = api.fillBuffer(harness.buffers[0]!);
    expect(Array.from(data)).toEqual([0, 3, 1, 4, 2, 0, 3, 1]);
    expect(Array.from(api.uniformValue(harness.uniforms[0]!))).toEqual([2]);
    expect(api.checkExpect(harness.expects[0]!, 'u32', data)).toEqual({ ok: true, mismatches: [] });
  });
});
