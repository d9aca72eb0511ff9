// What the fuzzer counts as wgsl-lab's own error: a LocatedError or DiagnosticsError whose
// span lies in the input (input errors may have none), never a foreign error.
import { describe, expect, it } from 'vitest';
import { DiagnosticsError, LocatedError, diagnostic } from '../diagnostics/index.js';
import { parseHarness } from '../harness/index.js';
import { HarnessErrors, InputError } from '../runner/errors.js';
import { classify, runTargets } from './targets.js';

const SOURCE = '//! dispatch 0\n@compute @workgroup_size(1) fn main() {}\n';

describe('classify', () => {
  it("refuses wgsl-lab's own errors with spans in the source", () => {
    const header = new HarnessErrors(parseHarness(SOURCE).errors);
    expect(classify('harness', header, SOURCE)).toMatchObject({ status: 'refused', error: 'HarnessErrors' });
    expect(classify('simulate', new InputError('the shader has no @compute entry point'), SOURCE)).toMatchObject({ status: 'refused' });
  });

  it('counts a span outside the source, a missing span or an internal diagnostic as a crash', () => {
    const outside = new LocatedError('compile-error', 'x', { line: 1, column: 1, offset: SOURCE.length + 1, length: 1 });
    expect(classify('parse', outside, SOURCE)).toMatchObject({
      status: 'crash',
      message: expect.stringContaining(`offset ${SOURCE.length + 1} of ${SOURCE.length}`),
    });
    expect(classify('parse', new LocatedError('not-supported', 'not supported: x'), SOURCE)).toMatchObject({
      status: 'crash',
      message: expect.stringContaining('no location'),
    });
    const internal = new DiagnosticsError([diagnostic({ severity: 'error', kind: 'internal', message: 'boom' })]);
    expect(classify('analyze', internal, SOURCE)).toMatchObject({
      status: 'crash',
      message: expect.stringContaining('internal error surfaced'),
    });
    expect(classify('analyze', new TypeError('x is undefined'), SOURCE)).toMatchObject({ status: 'crash', error: 'TypeError' });
  });

  it('runs every target on a bad header without a crash', () => {
    const out = runTargets(SOURCE, { maxSteps: 1000 });
    expect(out.filter((o) => o.status === 'crash')).toEqual([]);
    expect(out.find((o) => o.target === 'simulate')).toMatchObject({ status: 'refused', error: 'HarnessErrors' });
  });
});
