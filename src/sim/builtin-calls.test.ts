// The builtin table against the simulator: every builtin the front end types has an
// implementation in the simulator or is listed as not simulated with the reason, and the
// documentation that hover and completion show.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TABLE } from '../wgsl/builtin-table.js';
import { builtinDoc } from '../wgsl/builtin-docs.js';
import { NOT_SIMULATED, builtinImplementation } from './builtin-calls.js';

const names = Object.keys(BUILTIN_TABLE);

describe('builtin table and simulator', () => {
  it('has an implementation for every builtin, or the reason there is none', () => {
    expect(names.length).toBeGreaterThan(120);
    const neither = names.filter((n) => !builtinImplementation(n) && !NOT_SIMULATED[n]);
    expect(neither).toEqual([]);
    for (const [name, reason] of Object.entries(NOT_SIMULATED)) {
      expect(BUILTIN_TABLE[name], `${name} is not in the table`).toBeDefined();
      expect(reason).toMatch(/fragment stage only/);
    }
  });

  it('runs each builtin the way its kind says', () => {
    expect(builtinImplementation('workgroupBarrier')).toBe('barrier');
    expect(builtinImplementation('atomicCompareExchangeWeak')).toBe('atomic');
    expect(builtinImplementation('subgroupShuffleXor')).toBe('subgroup');
    expect(builtinImplementation('quadSwapX')).toBe('quad');
    expect(builtinImplementation('textureLoad')).toBe('texture');
    expect(builtinImplementation('select')).toBe('select');
    expect(builtinImplementation('frexp')).toBe('componentwise');
    expect(builtinImplementation('dpdx')).toBeUndefined();
    expect(builtinImplementation('toString')).toBeUndefined();
  });

  it('documents every builtin of the table', () => {
    expect(names.filter((n) => !builtinDoc(n) || BUILTIN_TABLE[n]!.doc !== builtinDoc(n))).toEqual([]);
  });

  it('holds the uniformity facts of the subgroup operations', () => {
    const uniformResults = names.filter((n) => BUILTIN_TABLE[n]!.subgroupUniformResult).sort();
    expect(uniformResults).toEqual([
      'subgroupAdd',
      'subgroupAll',
      'subgroupAnd',
      'subgroupAny',
      'subgroupBallot',
      'subgroupBroadcast',
      'subgroupBroadcastFirst',
      'subgroupMax',
      'subgroupMin',
      'subgroupMul',
      'subgroupOr',
      'subgroupXor',
    ]);
    expect(names.filter((n) => BUILTIN_TABLE[n]!.subgroupUniformArg === 1).sort()).toEqual([
      'subgroupShuffleDown',
      'subgroupShuffleUp',
      'subgroupShuffleXor',
    ]);
  });
});
