import { describe, expect, it } from 'vitest';
import { missingFeatures, simulatorOnly } from './device-features.js';

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

describe('simulatorOnly', () => {
  it('sends a shader with a depth texture to the simulator, whatever the device', () => {
    const depth = '@group(0) @binding(1) var d: texture_depth_2d;\n@compute @workgroup_size(1) fn main() {}';
    expect(simulatorOnly(depth)).toBe('depth textures run on the simulator only');
    expect(simulatorOnly('// a texture_depth_2d would go here\n@compute @workgroup_size(1) fn main() {}')).toBeUndefined();
    expect(simulatorOnly('@group(0) @binding(1) var t: texture_2d<f32>;')).toBeUndefined();
  });
});
