// The verdict's pure parts: the hidden-input rewrite, the checkpoint comparison, and which
// of Check's findings keep an exercise unsolved.
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../checks/report.js';
import { checkedBindings, checkpointsChanged, exerciseVerdict, withHiddenInputs, type VerdictInput } from './solved.js';

const original = `//! dispatch 2
//! buffer 0 f32[128] = i
//! buffer 1 f32[128]
//! tolerance 8 ulp
//! expect 1[0..2] = 0, 1
//! expect 1[127] = 127
@compute @workgroup_size(64) fn main() {}`;

function report(over: Partial<CheckReport> = {}, summary: Partial<CheckReport['summary']> = {}): CheckReport {
  return {
    file: 'x.wgsl',
    compile: { ok: true, messages: [] },
    diagnostics: [],
    bankConflicts: [],
    model: { banks: 32, bankWidthBytes: 4, subgroupSize: 32 },
    summary: { errors: 0, warnings: 0, races: 0, maxBankWays: 1, ...summary },
    ...over,
  };
}

const passing = {
  compiled: true,
  expects: [
    { ok: true, line: 5 },
    { ok: true, line: 6 },
  ],
};
const base: VerdictInput = {
  rules: {
    original,
    hidden: [{ label: 'negatives', directives: ['buffer 0 f32[128] = -i'], line: 9 }],
    clean: ['data-race', 'bank-conflict'],
  },
  code: original,
  run: passing,
  hidden: [{ label: 'negatives', ok: true }],
  report: report(),
  judge: 'the compiler',
};

describe('hidden inputs', () => {
  it('replace the lines of their bindings, blank the checkpoints, keep the line numbers', () => {
    const out = withHiddenInputs(original, { directives: ['buffer 0 f32[100] = -i', 'buffer 1 f32[100]', 'uniform 2 u32 = 3'] }).split(
      '\n',
    );
    expect(out.slice(0, 7)).toEqual([
      '//! dispatch 2',
      '//! buffer 0 f32[100] = -i',
      '//! buffer 1 f32[100]',
      '',
      '',
      '',
      original.split('\n')[6],
    ]);
    expect(out[7]).toBe('//! uniform 2 u32 = 3');
    expect(checkedBindings(original)).toEqual([{ group: 0, binding: 1 }]);
  });
});

describe('checkpoints', () => {
  it('are the exercise’s own: an edited, removed or added line or another tolerance is refused', () => {
    expect(checkpointsChanged(original, original.replace('dispatch 2', 'dispatch 4'))).toBeUndefined();
    expect(checkpointsChanged(original, original.replace('= 127', '= 0'))).toBe(
      "the checkpoint on line 6 is not one of the exercise's (Reset restores them)",
    );
    expect(checkpointsChanged(original, original.replace('//! expect 1[127] = 127\n', ''))).toBe(
      'a checkpoint of the exercise was removed or changed (Reset restores them)',
    );
    expect(checkpointsChanged(original, original.replace('8 ulp', '400 ulp'))).toBe(
      "the tolerance line differs from the exercise's (Reset restores it)",
    );
  });
});

describe('exerciseVerdict', () => {
  it('is Solved when everything holds, naming the hidden sets', () => {
    expect(exerciseVerdict(base)).toEqual({
      solved: true,
      text: 'Solved: every checkpoint passes on the shown data and on 1 hidden input set, and Check is clean.',
    });
  });

  it('names the first thing that failed', () => {
    const text = (over: Partial<VerdictInput>) => exerciseVerdict({ ...base, ...over }).text;
    expect(text({ run: { compiled: false, expects: [] } })).toBe('Not solved yet: the compiler rejects the shader.');
    expect(
      text({
        run: {
          compiled: true,
          expects: [
            { ok: false, line: 5 },
            { ok: true, line: 6 },
          ],
        },
      }),
    ).toBe('Not solved yet: 1 of 2 checkpoints fail.');
    expect(text({ hidden: [{ label: 'negatives', ok: false, detail: 'element 0 of binding 1 is 0, the solution gives -1' }] })).toBe(
      'Not solved yet: every checkpoint passes on the shown data, but not on hidden test data (negatives): element 0 of binding 1 is 0, the solution gives -1.',
    );
    expect(text({ hidden: [] })).toBe('Not solved yet: the hidden test data could not be run.');
    expect(text({ report: undefined })).toBe('Not solved yet: every checkpoint passes, but Check could not run.');
  });

  it('counts a benign race and a bank conflict when the exercise lists them, a warning of another kind not', () => {
    const race = {
      kind: 'data-race',
      severity: 'warning',
      benign: true,
      message: 'same value',
      related: [],
    } as unknown as CheckReport['diagnostics'][number];
    expect(exerciseVerdict({ ...base, report: report({ diagnostics: [race] }, { warnings: 1 }) }).text).toBe(
      'Not solved yet: every checkpoint passes, but Check finds 1 race, which this lesson teaches to avoid (press Check to see where).',
    );
    const conflict = { maxWays: 4 } as CheckReport['bankConflicts'][number];
    expect(exerciseVerdict({ ...base, report: report({ bankConflicts: [conflict, { ...conflict, maxWays: 1 }] }) }).text).toBe(
      'Not solved yet: every checkpoint passes, but Check finds 1 bank conflict, which this lesson teaches to avoid (press Check to see where).',
    );
    const unused = { ...race, kind: 'never-written-read' } as CheckReport['diagnostics'][number];
    expect(exerciseVerdict({ ...base, report: report({ diagnostics: [unused] }, { warnings: 1 }) }).solved).toBe(true);
    expect(exerciseVerdict({ ...base, report: report({}, { errors: 2, races: 0 }) }).text).toBe(
      'Not solved yet: every checkpoint passes, but Check finds 2 errors (press Check to see where).',
    );
  });
});
