import { describe, expect, it } from 'vitest';
import { hideExpectedValues, removeBarriers, setUniformValue, uniformValue } from './code-transforms.js';

describe('removeBarriers', () => {
  it('replaces every workgroupBarrier(); call and keeps the line structure', () => {
    const code = 'a();\n  workgroupBarrier(); // wait\nb();\nworkgroupBarrier ( ) ;\nstorageBarrier();\n';
    const out = removeBarriers(code);
    expect(out.removed).toBe(2);
    expect(out.code).not.toMatch(/workgroupBarrier/);
    expect(out.code).toContain('storageBarrier();');
    expect(out.code.split('\n')).toHaveLength(code.split('\n').length);
  });

  it('leaves code without barriers alone', () => {
    expect(removeBarriers('let x = 1;')).toEqual({ code: 'let x = 1;', removed: 0 });
  });
});

describe('uniform header values', () => {
  const code = '//! buffer 0 f32[64]\n//! uniform 1 u32 = 6\n//! buffer 2 f32[64]\n';
  it('reads and rewrites the uniform of a binding', () => {
    expect(uniformValue(code, 1)).toBe('6');
    expect(uniformValue(code, 0)).toBeUndefined();
    const changed = setUniformValue(code, 1, '20');
    expect(changed).toBe(code.replace('= 6', '= 20'));
  });

  it('accepts the group:binding form of group 0', () => {
    expect(uniformValue('//! uniform 0:3 f32 = 1.5', 3)).toBe('1.5');
  });
});

describe('hideExpectedValues', () => {
  it('hides the values of every expect line and nothing else', () => {
    const code = '//! dispatch 16\n//! expect 1[0..3] = 0, 1, 4\n//!expect 2[7]=49\n@compute fn f() {} // = 3\n';
    expect(hideExpectedValues(code)).toBe('//! dispatch 16\n//! expect 1[0..3] = ?\n//!expect 2[7]= ?\n@compute fn f() {} // = 3\n');
  });
});
