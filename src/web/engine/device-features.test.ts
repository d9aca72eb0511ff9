import { describe, expect, it } from 'vitest';
import { missingFeatures } from './device-features.js';

describe('missingFeatures', () => {
  it('names the enabled extensions the device lacks', () => {
    const src = 'enable subgroups;\nenable f16;\n@compute @workgroup_size(1) fn main() {}';
    expect(missingFeatures(src, new Set())).toEqual(['subgroups', 'f16']);
    expect(missingFeatures(src, new Set(['subgroups']))).toEqual(['f16']);
    expect(missingFeatures(src, new Set(['subgroups', 'shader-f16']))).toEqual([]);
  });

  it('reads lists and ignores commented-out directives and unknown extensions', () => {
    expect(missingFeatures('enable f16, subgroups;', new Set(['shader-f16']))).toEqual(['subgroups']);
    expect(missingFeatures('// enable subgroups;\nfn f() {}', new Set())).toEqual([]);
    expect(missingFeatures('enable clip_distances;', new Set())).toEqual([]);
  });
});
