// Typing of the texture builtins a compute shader can call (WGSL § "Texture Built-in
// Functions"): which textures each takes, with which coordinates, levels and array
// indices; and of textureSample and textureSampleBias, which fragment shaders alone can
// call (typed for validation, never simulated). Overloads Tint would reject are errors here too, with the call written out as
// Tint does ("no matching call to …"). The simulator runs them (sim/textures.ts).
import { BuiltinTypeError, type BuiltinDef, type BuiltinTyping, type Overload } from './builtins.js';
import { coordCount, isArrayed, isSampler, isTexture } from './textures.js';
import { F32, I32, U32, scalar, scalarOf, typeName, vec, type ScalarType, type TextureShape, type Type } from './types.js';

const fail = (msg: string): never => {
  throw new BuiltinTypeError(msg);
};

function noMatch(name: string, args: Type[], why: string): never {
  return fail(`no matching call to '${name}(${args.map(typeName).join(', ')})': ${why}`);
}

/** i32 or u32 (abstract integers become i32), as a scalar or a vector of `n`. */
function intCoord(name: string, args: Type[], t: Type | undefined, n: 1 | 2 | 3, what: string): Type {
  const s = t && scalarOf(t);
  const shapeOk = t && (n === 1 ? t.kind === 'scalar' : t.kind === 'vec' && t.n === n);
  if (!s || !shapeOk || (s.name !== 'i32' && s.name !== 'u32' && s.name !== 'abstract-int'))
    noMatch(name, args, `${what} must be ${n === 1 ? 'i32 or u32' : `vec${n}<i32> or vec${n}<u32>`}`);
  const c: ScalarType = s!.name === 'u32' ? U32 : I32;
  return n === 1 ? c : vec(n as 2 | 3, c);
}

/** f32 (abstract values convert), as a scalar or a vector of `n`. */
function floatCoord(name: string, args: Type[], t: Type | undefined, n: 1 | 2 | 3, what: string): Type {
  const s = t && scalarOf(t);
  const shapeOk = t && (n === 1 ? t.kind === 'scalar' : t.kind === 'vec' && t.n === n);
  if (!s || !shapeOk || (s.name !== 'f32' && s.name !== 'abstract-float' && s.name !== 'abstract-int'))
    noMatch(name, args, `${what} must be ${n === 1 ? 'f32' : `vec${n}<f32>`}`);
  return n === 1 ? F32 : vec(n as 2 | 3, F32);
}

function texArg(name: string, args: Type[], i: number): TextureShape {
  const t = args[i];
  if (!t || !isTexture(t)) return noMatch(name, args, `argument ${i + 1} must be a texture`);
  return t.texture;
}

function sampledVec(t: TextureShape): Type {
  return vec(4, scalar(t.sampled));
}

function arity(name: string, args: Type[], counts: number[]): void {
  if (!counts.includes(args.length)) noMatch(name, args, `expected ${counts.join(' or ')} arguments`);
}

function def(resolve: (args: Type[]) => Overload): BuiltinTyping {
  return { special: 'texture', resolve, constEval: false };
}

const textureDimensions = def((args) => {
  const name = 'textureDimensions';
  const t = texArg(name, args, 0);
  arity(name, args, [1, 2]);
  const params: Type[] = [args[0]!];
  if (args.length === 2) {
    if (t.kind === 'storage' || t.kind === 'multisampled')
      noMatch(name, args, `${t.kind} textures have one level: call it without a level`);
    params.push(intCoord(name, args, args[1], 1, 'the level'));
  }
  const n = t.dim === '1d' ? 1 : t.dim === '3d' ? 3 : 2;
  return { params, result: n === 1 ? U32 : vec(n, U32) };
});

const textureLoad = def((args) => {
  const name = 'textureLoad';
  const t = texArg(name, args, 0);
  if (t.kind === 'storage' && t.access === 'write')
    noMatch(name, args, "a write-only storage texture cannot be loaded (use 'read' or 'read_write')");
  if (t.dim === 'cube' || t.dim === 'cube_array') noMatch(name, args, 'cube textures cannot be loaded');
  const extra = (isArrayed(t.dim) ? 1 : 0) + (t.kind === 'storage' ? 0 : 1);
  arity(name, args, [2 + extra]);
  const params: Type[] = [args[0]!, intCoord(name, args, args[1], coordCount(t.dim), 'the coordinates')];
  if (isArrayed(t.dim)) params.push(intCoord(name, args, args[2], 1, 'the array index'));
  if (t.kind !== 'storage')
    params.push(intCoord(name, args, args[params.length], 1, t.kind === 'multisampled' ? 'the sample index' : 'the level'));
  return { params, result: t.kind === 'depth' ? F32 : sampledVec(t) };
});

const textureStore = def((args) => {
  const name = 'textureStore';
  const t = texArg(name, args, 0);
  if (t.kind !== 'storage' || t.access === 'read')
    noMatch(name, args, "only storage textures with 'write' or 'read_write' access can be stored to");
  arity(name, args, [isArrayed(t.dim) ? 4 : 3]);
  const params: Type[] = [args[0]!, intCoord(name, args, args[1], coordCount(t.dim), 'the coordinates')];
  if (isArrayed(t.dim)) params.push(intCoord(name, args, args[2], 1, 'the array index'));
  const v = args[params.length];
  const want = sampledVec(t);
  const vs = v && scalarOf(v);
  const ok =
    v?.kind === 'vec' &&
    v.n === 4 &&
    !!vs &&
    (vs.name === t.sampled ||
      (t.sampled === 'f32' ? vs.name === 'abstract-float' || vs.name === 'abstract-int' : vs.name === 'abstract-int'));
  if (!ok) noMatch(name, args, `the value must be ${typeName(want)}`);
  params.push(want);
  return { params, result: { kind: 'void' } };
});

const textureNumLayers = def((args) => {
  const name = 'textureNumLayers';
  const t = texArg(name, args, 0);
  arity(name, args, [1]);
  if (!isArrayed(t.dim)) noMatch(name, args, 'the texture must be an array texture');
  return { params: [args[0]!], result: U32 };
});

const textureNumLevels = def((args) => {
  const name = 'textureNumLevels';
  const t = texArg(name, args, 0);
  arity(name, args, [1]);
  if (t.kind !== 'sampled' && t.kind !== 'depth') noMatch(name, args, 'only sampled and depth textures have mip levels');
  return { params: [args[0]!], result: U32 };
});

const textureNumSamples = def((args) => {
  const name = 'textureNumSamples';
  const t = texArg(name, args, 0);
  arity(name, args, [1]);
  if (t.kind !== 'multisampled') noMatch(name, args, 'the texture must be multisampled');
  return { params: [args[0]!], result: U32 };
});

function samplerArg(name: string, args: Type[], i: number): void {
  const s = args[i];
  if (!s || !isSampler(s) || (s as { name: string }).name !== 'sampler') noMatch(name, args, `argument ${i + 1} must be a sampler`);
}

/** An optional constant offset (vec2<i32> for 2d textures, vec3<i32> for 3d). */
function offsetParam(name: string, args: Type[], t: TextureShape, i: number): Type {
  if (t.dim === 'cube' || t.dim === 'cube_array') noMatch(name, args, 'cube textures take no offset');
  return intCoord(name, args, args[i], coordCount(t.dim), 'the offset');
}

const textureSampleLevel = def((args) => {
  const name = 'textureSampleLevel';
  const t = texArg(name, args, 0);
  if (t.kind !== 'sampled' && t.kind !== 'depth') noMatch(name, args, 'the texture must be a sampled or depth texture');
  if (t.sampled !== 'f32') noMatch(name, args, 'only textures of f32 can be sampled');
  if (t.dim === '1d') noMatch(name, args, 'there is no textureSampleLevel for 1d textures');
  samplerArg(name, args, 1);
  const base = 4 + (isArrayed(t.dim) ? 1 : 0);
  arity(name, args, [base, base + 1]);
  const params: Type[] = [args[0]!, args[1]!, floatCoord(name, args, args[2], coordCount(t.dim), 'the coordinates')];
  if (isArrayed(t.dim)) params.push(intCoord(name, args, args[3], 1, 'the array index'));
  // Depth textures take an integer level; others a float level (fractional levels blend mips).
  params.push(
    t.kind === 'depth'
      ? intCoord(name, args, args[params.length], 1, 'the level')
      : floatCoord(name, args, args[params.length], 1, 'the level'),
  );
  if (args.length === base + 1) params.push(offsetParam(name, args, t, base));
  return { params, result: t.kind === 'depth' ? F32 : vec(4, F32) };
});

/**
 * textureSample(t, s, coords[, array_index][, offset]) and textureSampleBias(…, bias[, offset]):
 * sampling with implicit derivatives, so fragment shaders only ('derivative', builtins.ts).
 */
function implicitSample(name: 'textureSample' | 'textureSampleBias'): BuiltinTyping {
  return {
    special: 'derivative',
    constEval: false,
    resolve(args) {
      const t = texArg(name, args, 0);
      if (t.kind !== 'sampled' && t.kind !== 'depth') noMatch(name, args, 'the texture must be a sampled or depth texture');
      if (t.sampled !== 'f32') noMatch(name, args, 'only textures of f32 can be sampled');
      if (name === 'textureSampleBias' && t.kind === 'depth') noMatch(name, args, 'depth textures take no bias');
      if (name === 'textureSampleBias' && t.dim === '1d') noMatch(name, args, 'there is no textureSampleBias for 1d textures');
      samplerArg(name, args, 1);
      const base = 3 + (isArrayed(t.dim) ? 1 : 0) + (name === 'textureSampleBias' ? 1 : 0);
      arity(name, args, [base, base + 1]);
      const params: Type[] = [args[0]!, args[1]!, floatCoord(name, args, args[2], coordCount(t.dim), 'the coordinates')];
      if (isArrayed(t.dim)) params.push(intCoord(name, args, args[3], 1, 'the array index'));
      if (name === 'textureSampleBias') params.push(floatCoord(name, args, args[params.length], 1, 'the bias'));
      if (args.length === base + 1) params.push(offsetParam(name, args, t, base));
      return { params, result: t.kind === 'depth' ? F32 : vec(4, F32) };
    },
  };
}

const textureGather = def((args) => {
  const name = 'textureGather';
  // Depth textures have no component argument: textureGather(t, s, coords[, …]).
  const depth = args[0] && isTexture(args[0]) && args[0].texture.kind === 'depth';
  const ti = depth ? 0 : 1;
  const t = texArg(name, args, ti);
  if (t.kind !== 'sampled' && t.kind !== 'depth') noMatch(name, args, 'the texture must be a sampled or depth texture');
  if (t.dim !== '2d' && t.dim !== '2d_array' && t.dim !== 'cube' && t.dim !== 'cube_array')
    noMatch(name, args, 'only 2d, 2d array and cube textures can be gathered');
  samplerArg(name, args, ti + 1);
  const base = ti + 3 + (isArrayed(t.dim) ? 1 : 0);
  arity(name, args, [base, base + 1]);
  const params: Type[] = [];
  if (!depth) params.push(intCoord(name, args, args[0], 1, 'the component'));
  params.push(args[ti]!, args[ti + 1]!, floatCoord(name, args, args[ti + 2], coordCount(t.dim), 'the coordinates'));
  if (isArrayed(t.dim)) params.push(intCoord(name, args, args[ti + 3], 1, 'the array index'));
  if (args.length === base + 1) params.push(offsetParam(name, args, t, base));
  return { params, result: t.kind === 'depth' ? vec(4, F32) : sampledVec(t) };
});

/** The texture builtins by name, each with its documentation (builtin-table.ts joins them with the others). */
export const TEXTURE_BUILTINS: Readonly<Record<string, BuiltinDef>> = {
  textureDimensions: {
    ...textureDimensions,
    doc: {
      signatures: ['textureDimensions(t: T) -> vecN<u32>', 'textureDimensions(t: T, level: L) -> vecN<u32>'],
      doc: 'The size of texture t (of a mip level, when given) in texels: width, height and depth as the dimension has them.',
    },
  },
  textureLoad: {
    ...textureLoad,
    doc: {
      signatures: [
        'textureLoad(t: texture_2d<ST>, coords: vec2<C>, level: L) -> vec4<ST>',
        'textureLoad(t: texture_storage_2d<F, AM>, coords: vec2<C>) -> vec4<CT>',
      ],
      doc: 'One texel read at integer coordinates, without sampling or filtering.',
    },
  },
  textureStore: {
    ...textureStore,
    doc: {
      signatures: ['textureStore(t: texture_storage_2d<F, AM>, coords: vec2<C>, value: vec4<CT>)'],
      doc: 'Writes one texel of a storage texture at integer coordinates.',
    },
  },
  textureNumLayers: {
    ...textureNumLayers,
    doc: { signatures: ['textureNumLayers(t: T) -> u32'], doc: 'The number of layers of an arrayed texture.' },
  },
  textureNumLevels: {
    ...textureNumLevels,
    doc: { signatures: ['textureNumLevels(t: T) -> u32'], doc: 'The number of mip levels of a texture.' },
  },
  textureNumSamples: {
    ...textureNumSamples,
    doc: { signatures: ['textureNumSamples(t: T) -> u32'], doc: 'The number of samples per texel of a multisampled texture.' },
  },
  textureSampleLevel: {
    ...textureSampleLevel,
    doc: {
      signatures: ['textureSampleLevel(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, level: f32) -> vec4<f32>'],
      doc: 'A filtered sample of t at coords on an explicit mip level; usable in every stage.',
    },
  },
  textureGather: {
    ...textureGather,
    doc: {
      signatures: [
        'textureGather(component: C, t: texture_2d<ST>, s: sampler, coords: vec2<f32>) -> vec4<ST>',
        'textureGather(t: texture_depth_2d, s: sampler, coords: vec2<f32>) -> vec4<f32>',
      ],
      doc: 'One component (0 to 3, constant) of the four texels a bilinear sample at coords would blend.',
    },
  },
  textureSample: {
    ...implicitSample('textureSample'),
    doc: {
      signatures: ['textureSample(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>'],
      doc: 'A filtered sample of t at coords, with the mip level chosen from the derivatives of coords.',
      note: 'fragment stage only, in uniform control flow',
    },
  },
  textureSampleBias: {
    ...implicitSample('textureSampleBias'),
    doc: {
      signatures: ['textureSampleBias(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, bias: f32) -> vec4<f32>'],
      doc: 'Like textureSample, with bias added to the chosen mip level.',
      note: 'fragment stage only, in uniform control flow',
    },
  },
};

/** Builtins that need a constant argument: its index (textureGather's component, the offsets). */
export function constantArguments(name: string, args: Type[]): number[] {
  const out: number[] = [];
  if (name === 'textureGather' && args[0] && !isTexture(args[0])) out.push(0);
  const tIndex = name === 'textureGather' && args[0] && !isTexture(args[0]) ? 1 : 0;
  const t = args[tIndex];
  if ((name === 'textureGather' || name === 'textureSampleLevel') && t && isTexture(t)) {
    const base = (name === 'textureGather' ? tIndex + 3 : 4) + (isArrayed(t.texture.dim) ? 1 : 0);
    if (args.length === base + 1) out.push(base);
  }
  return out;
}
