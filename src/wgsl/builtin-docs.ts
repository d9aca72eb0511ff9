// The user-facing description of every WGSL builtin function, as completion and hover show
// it: each builtin's entry in the builtin table carries its documentation (builtin-table.ts),
// bitcast<T> has its own beside its typing, and the builtins the front end does not type
// (sampling with implicit level of detail or a comparison) are documented here, so that the
// editor documents them even where the analyzer refuses them.
import { BITCAST_DOC } from './builtins.js';
import { BUILTIN_TABLE } from './builtin-table.js';
import type { BuiltinDoc } from './builtin-doc-forms.js';

export type { BuiltinDoc } from './builtin-doc-forms.js';

/** Builtins the resolver refuses as unsupported (not as unknown names), documented all the same. */
const UNTYPED_BUILTIN_DOCS: Readonly<Record<string, BuiltinDoc>> = {
  textureGatherCompare: {
    signatures: ['textureGatherCompare(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> vec4<f32>'],
    doc: 'The depth comparison against depth_ref of the four texels a bilinear sample at coords would blend.',
  },
  textureSampleBaseClampToEdge: {
    signatures: ['textureSampleBaseClampToEdge(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>'],
    doc: 'A sample of mip level 0 with coords clamped so no texel outside the edge is blended.',
  },
  textureSampleCompare: {
    signatures: ['textureSampleCompare(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> f32'],
    doc: 'The filtered result of comparing depth texels against depth_ref (shadow mapping).',
    note: 'fragment stage only, in uniform control flow',
  },
  textureSampleCompareLevel: {
    signatures: ['textureSampleCompareLevel(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> f32'],
    doc: 'Like textureSampleCompare, always on mip level 0; usable in every stage.',
  },
  textureSampleGrad: {
    signatures: ['textureSampleGrad(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, ddx: vec2<f32>, ddy: vec2<f32>) -> vec4<f32>'],
    doc: 'A filtered sample with the mip level chosen from the given gradients instead of derivatives.',
  },
};

/** Every builtin function by name. */
export const BUILTIN_DOCS: Readonly<Record<string, BuiltinDoc>> = {
  ...Object.fromEntries(Object.entries(BUILTIN_TABLE).map(([name, def]) => [name, def.doc])),
  bitcast: BITCAST_DOC,
  ...UNTYPED_BUILTIN_DOCS,
};

/** The documentation of builtin `name`, if it is one (own properties only: `toString` is not a builtin). */
export function builtinDoc(name: string): BuiltinDoc | undefined {
  return Object.prototype.hasOwnProperty.call(BUILTIN_DOCS, name) ? BUILTIN_DOCS[name] : undefined;
}

/** A builtin's documentation as markdown: its signatures in a code block, then the sentence and any note. */
export function builtinMarkdown(name: string): string | undefined {
  const d = builtinDoc(name);
  if (!d) return undefined;
  return '```wgsl\n' + d.signatures.join('\n') + '\n```\n\n' + d.doc + (d.note ? `\n\n*${d.note}*` : '');
}
