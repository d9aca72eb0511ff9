// The user-facing description of every WGSL builtin function: its signatures in the spec's
// notation (T a scalar or vector of the listed kinds, N a vector width) and one line saying
// what it computes. The resolver's tables (BUILTINS, TEXTURE_BUILTINS, bitcast) decide what
// a call means; this table is what completion and hover show for the same names, and
// builtin-docs.test.ts holds the two to each other. Builtins the front end does not type
// (fragment-stage derivatives, sampling with implicit level of detail) are listed too, so
// the editor documents them even where the analyzer refuses them.

export interface BuiltinDoc {
  /** Overloads as the spec writes them, e.g. `clamp(e: T, low: T, high: T) -> T`. */
  readonly signatures: readonly string[];
  /** One sentence: what the builtin computes. */
  readonly doc: string;
  /** The builtin needs `enable subgroups;` or is only meaningful in one stage. */
  readonly note?: string;
}

const F = 'T: f32 or f16, scalar or vector';

const unaryF = (name: string, doc: string): BuiltinDoc => ({ signatures: [`${name}(e: T) -> T`], doc, note: F });
const atomicRmw = (name: string, what: string): BuiltinDoc => ({
  signatures: [`${name}(p: ptr<AS, atomic<T>, read_write>, v: T) -> T`],
  doc: `Atomically replaces *p with ${what} and returns the value *p held before.`,
  note: 'T: i32 or u32; AS: storage or workgroup',
});
const subgroupReduce = (name: string, op: string, kinds: string): BuiltinDoc => ({
  signatures: [`${name}(e: T) -> T`],
  doc: `The ${op} of e over all active invocations of the subgroup, returned to each of them.`,
  note: `T: ${kinds}; needs enable subgroups`,
});
const subgroupScan = (name: string, op: string, inclusive: boolean): BuiltinDoc => ({
  signatures: [`${name}(e: T) -> T`],
  doc: `The ${op} of e over the active invocations with a lower subgroup_invocation_id${inclusive ? ', this one included' : ' (the identity for the first)'}.`,
  note: 'T: i32, u32, f32 or f16, scalar or vector; needs enable subgroups',
});
const pack = (name: string, from: string, doc: string): BuiltinDoc => ({ signatures: [`${name}(e: ${from}) -> u32`], doc });
const unpack = (name: string, to: string, doc: string): BuiltinDoc => ({ signatures: [`${name}(e: u32) -> ${to}`], doc });
const derivative = (name: string, axis: 'x' | 'y' | 'both', precision: string): BuiltinDoc => ({
  signatures: [`${name}(e: T) -> T`],
  doc:
    axis === 'both'
      ? `abs(dpdx(e)) + abs(dpdy(e)), ${precision}.`
      : `The partial derivative of e along window ${axis} across neighbouring fragments, ${precision}.`,
  note: 'T: f32 scalar or vector; fragment stage only, in uniform control flow',
});
const quadSwap = (name: string, partner: string): BuiltinDoc => ({
  signatures: [`${name}(e: T) -> T`],
  doc: `e as held by the invocation of the same quad ${partner}.`,
  note: 'T: numeric scalar or vector; needs enable subgroups',
});

/** Every builtin function by name. */
export const BUILTIN_DOCS: Readonly<Record<string, BuiltinDoc>> = {
  // ---- numeric ----
  abs: {
    signatures: ['abs(e: T) -> T'],
    doc: 'The absolute value of e, per component (integers wrap: abs of the most negative i32 is itself).',
  },
  acos: unaryF('acos', 'The arc cosine of e in radians, per component; e must lie in [-1, 1].'),
  acosh: unaryF('acosh', 'The inverse hyperbolic cosine of e, per component; e must be at least 1.'),
  asin: unaryF('asin', 'The arc sine of e in radians, per component; e must lie in [-1, 1].'),
  asinh: unaryF('asinh', 'The inverse hyperbolic sine of e, per component.'),
  atan: unaryF('atan', 'The arc tangent of e in radians, per component, in (-π/2, π/2).'),
  atanh: unaryF('atanh', 'The inverse hyperbolic tangent of e, per component; e must lie in (-1, 1).'),
  atan2: { signatures: ['atan2(y: T, x: T) -> T'], doc: 'The angle in radians of the point (x, y), per component, in [-π, π].', note: F },
  ceil: unaryF('ceil', 'The smallest whole number not less than e, per component.'),
  clamp: {
    signatures: ['clamp(e: T, low: T, high: T) -> T'],
    doc: 'e limited to [low, high], per component: min(max(e, low), high) for floats.',
  },
  cos: unaryF('cos', 'The cosine of e (radians), per component.'),
  cosh: unaryF('cosh', 'The hyperbolic cosine of e, per component.'),
  degrees: unaryF('degrees', 'e converted from radians to degrees, per component.'),
  exp: unaryF('exp', 'The natural exponential e^x of each component.'),
  exp2: unaryF('exp2', 'Two raised to the power of each component.'),
  floor: unaryF('floor', 'The largest whole number not greater than e, per component.'),
  fma: { signatures: ['fma(a: T, b: T, c: T) -> T'], doc: 'a * b + c, per component, possibly with a single rounding.', note: F },
  fract: unaryF('fract', 'The fractional part e - floor(e), per component.'),
  frexp: {
    signatures: ['frexp(e: T) -> __frexp_result<T>'],
    doc: 'Splits e into a significand in [0.5, 1) (.fract) and a power of two (.exp) with e = fract * 2^exp.',
    note: F,
  },
  inverseSqrt: unaryF('inverseSqrt', 'One over the square root of e, per component; e must be positive.'),
  ldexp: { signatures: ['ldexp(e1: T, e2: I) -> T'], doc: 'e1 * 2^e2, per component (I: i32 of the same width).', note: F },
  log: unaryF('log', 'The natural logarithm of e, per component; e must be positive.'),
  log2: unaryF('log2', 'The base-2 logarithm of e, per component; e must be positive.'),
  max: { signatures: ['max(e1: T, e2: T) -> T'], doc: 'The larger of e1 and e2, per component.' },
  min: { signatures: ['min(e1: T, e2: T) -> T'], doc: 'The smaller of e1 and e2, per component.' },
  mix: {
    signatures: ['mix(e1: T, e2: T, e3: T) -> T', 'mix(e1: vecN<S>, e2: vecN<S>, e3: S) -> vecN<S>'],
    doc: 'Linear blend e1 * (1 - e3) + e2 * e3, per component.',
    note: F,
  },
  modf: {
    signatures: ['modf(e: T) -> __modf_result<T>'],
    doc: 'Splits e into its whole part (.whole) and fractional part (.fract), both with the sign of e.',
    note: F,
  },
  pow: { signatures: ['pow(e1: T, e2: T) -> T'], doc: 'e1 raised to the power e2, per component.', note: F },
  quantizeToF16: unaryF('quantizeToF16', 'e rounded to the nearest f16 value and back to f32, per component.'),
  radians: unaryF('radians', 'e converted from degrees to radians, per component.'),
  round: unaryF('round', 'e rounded to the nearest whole number, halves to the even one, per component.'),
  saturate: unaryF('saturate', 'e clamped to [0, 1], per component.'),
  sign: {
    signatures: ['sign(e: T) -> T'],
    doc: 'The sign of e (-1, 0 or 1), per component.',
    note: 'T: f32, f16 or i32, scalar or vector',
  },
  sin: unaryF('sin', 'The sine of e (radians), per component.'),
  sinh: unaryF('sinh', 'The hyperbolic sine of e, per component.'),
  smoothstep: {
    signatures: ['smoothstep(low: T, high: T, x: T) -> T'],
    doc: 'A smooth Hermite step from 0 at low to 1 at high, evaluated at x, per component.',
    note: F,
  },
  sqrt: unaryF('sqrt', 'The square root of e, per component; e must not be negative.'),
  step: { signatures: ['step(edge: T, x: T) -> T'], doc: '1 where edge <= x, else 0, per component.', note: F },
  tan: unaryF('tan', 'The tangent of e (radians), per component.'),
  tanh: unaryF('tanh', 'The hyperbolic tangent of e, per component.'),
  trunc: unaryF('trunc', 'e with its fractional part dropped (rounded toward zero), per component.'),

  // ---- vectors and matrices ----
  cross: { signatures: ['cross(e1: vec3<T>, e2: vec3<T>) -> vec3<T>'], doc: 'The cross product of two 3-component vectors.' },
  determinant: { signatures: ['determinant(e: matCxC<T>) -> T'], doc: 'The determinant of a square matrix.' },
  distance: { signatures: ['distance(e1: T, e2: T) -> S'], doc: 'The Euclidean distance between two points: length(e1 - e2).' },
  dot: { signatures: ['dot(e1: vecN<T>, e2: vecN<T>) -> T'], doc: 'The dot product: the sum of the componentwise products.' },
  faceForward: {
    signatures: ['faceForward(e1: T, e2: T, e3: T) -> T'],
    doc: 'e1 if dot(e2, e3) is negative, else -e1: orients a normal against an incident vector.',
  },
  length: { signatures: ['length(e: T) -> S'], doc: 'The Euclidean length of a vector (the absolute value of a scalar).' },
  normalize: { signatures: ['normalize(e: vecN<T>) -> vecN<T>'], doc: 'e scaled to length 1, pointing the same way.' },
  reflect: {
    signatures: ['reflect(e1: T, e2: T) -> T'],
    doc: 'The incident vector e1 mirrored about the surface normal e2: e1 - 2 * dot(e2, e1) * e2.',
  },
  refract: {
    signatures: ['refract(e1: T, e2: T, e3: S) -> T'],
    doc: 'The direction of e1 refracted at a surface with normal e2 and ratio of indices e3; zero on total internal reflection.',
  },
  transpose: { signatures: ['transpose(e: matCxR<T>) -> matRxC<T>'], doc: 'The matrix with rows and columns exchanged.' },

  // ---- integer bits ----
  countLeadingZeros: {
    signatures: ['countLeadingZeros(e: T) -> T'],
    doc: 'The number of zero bits above the highest set bit, per component.',
  },
  countOneBits: { signatures: ['countOneBits(e: T) -> T'], doc: 'The number of set bits (population count), per component.' },
  countTrailingZeros: {
    signatures: ['countTrailingZeros(e: T) -> T'],
    doc: 'The number of zero bits below the lowest set bit, per component.',
  },
  dot4I8Packed: {
    signatures: ['dot4I8Packed(e1: u32, e2: u32) -> i32'],
    doc: 'The dot product of two vectors of four signed 8-bit integers packed into u32 words.',
  },
  dot4U8Packed: {
    signatures: ['dot4U8Packed(e1: u32, e2: u32) -> u32'],
    doc: 'The dot product of two vectors of four unsigned 8-bit integers packed into u32 words.',
  },
  extractBits: {
    signatures: ['extractBits(e: T, offset: u32, count: u32) -> T'],
    doc: 'count bits of e starting at bit offset, moved to the bottom (sign-extended for i32).',
  },
  firstLeadingBit: {
    signatures: ['firstLeadingBit(e: T) -> T'],
    doc: 'The index of the highest bit that differs from the sign bit (highest set bit for u32); -1 (all ones) when there is none.',
  },
  firstTrailingBit: { signatures: ['firstTrailingBit(e: T) -> T'], doc: 'The index of the lowest set bit; -1 (all ones) when e is zero.' },
  insertBits: {
    signatures: ['insertBits(e: T, newbits: T, offset: u32, count: u32) -> T'],
    doc: 'e with count bits starting at bit offset replaced by the low bits of newbits.',
  },
  reverseBits: { signatures: ['reverseBits(e: T) -> T'], doc: 'The bits of e in reverse order, per component.' },

  // ---- logical ----
  all: { signatures: ['all(e: vecN<bool>) -> bool', 'all(e: bool) -> bool'], doc: 'True when every component of e is true.' },
  any: { signatures: ['any(e: vecN<bool>) -> bool', 'any(e: bool) -> bool'], doc: 'True when at least one component of e is true.' },
  select: {
    signatures: ['select(f: T, t: T, cond: bool) -> T', 'select(f: vecN<T>, t: vecN<T>, cond: vecN<bool>) -> vecN<T>'],
    doc: 't where cond is true, else f (per component for a vector condition); both operands are evaluated.',
  },
  bitcast: { signatures: ['bitcast<T>(e: S) -> T'], doc: 'The bits of e reinterpreted as type T of the same size, without conversion.' },
  arrayLength: {
    signatures: ['arrayLength(p: ptr<storage, array<E>, AM>) -> u32'],
    doc: 'The number of elements of a runtime-sized array, from the size of the bound buffer.',
  },

  // ---- packing ----
  pack2x16float: pack('pack2x16float', 'vec2<f32>', 'Two f32 values converted to f16 and packed into one word, the first in the low half.'),
  pack2x16snorm: pack('pack2x16snorm', 'vec2<f32>', 'Two values in [-1, 1] scaled to signed 16-bit integers and packed into one word.'),
  pack2x16unorm: pack('pack2x16unorm', 'vec2<f32>', 'Two values in [0, 1] scaled to unsigned 16-bit integers and packed into one word.'),
  pack4x8snorm: pack(
    'pack4x8snorm',
    'vec4<f32>',
    'Four values in [-1, 1] scaled to signed bytes and packed into one word, the first in the low byte.',
  ),
  pack4x8unorm: pack(
    'pack4x8unorm',
    'vec4<f32>',
    'Four values in [0, 1] scaled to unsigned bytes and packed into one word, the first in the low byte.',
  ),
  pack4xI8: pack('pack4xI8', 'vec4<i32>', 'The low byte of each of four i32 values packed into one word.'),
  pack4xI8Clamp: pack('pack4xI8Clamp', 'vec4<i32>', 'Four i32 values clamped to [-128, 127] and packed into one word as bytes.'),
  pack4xU8: pack('pack4xU8', 'vec4<u32>', 'The low byte of each of four u32 values packed into one word.'),
  pack4xU8Clamp: pack('pack4xU8Clamp', 'vec4<u32>', 'Four u32 values clamped to [0, 255] and packed into one word as bytes.'),
  unpack2x16float: unpack('unpack2x16float', 'vec2<f32>', 'The two f16 halves of a word as f32 values, the low half first.'),
  unpack2x16snorm: unpack('unpack2x16snorm', 'vec2<f32>', 'The two signed 16-bit halves of a word scaled to [-1, 1].'),
  unpack2x16unorm: unpack('unpack2x16unorm', 'vec2<f32>', 'The two unsigned 16-bit halves of a word scaled to [0, 1].'),
  unpack4x8snorm: unpack('unpack4x8snorm', 'vec4<f32>', 'The four signed bytes of a word scaled to [-1, 1], the low byte first.'),
  unpack4x8unorm: unpack('unpack4x8unorm', 'vec4<f32>', 'The four unsigned bytes of a word scaled to [0, 1], the low byte first.'),
  unpack4xI8: unpack('unpack4xI8', 'vec4<i32>', 'The four bytes of a word sign-extended to i32, the low byte first.'),
  unpack4xU8: unpack('unpack4xU8', 'vec4<u32>', 'The four bytes of a word zero-extended to u32, the low byte first.'),

  // ---- synchronization ----
  storageBarrier: {
    signatures: ['storageBarrier()'],
    doc: 'Waits until every invocation of the workgroup arrives; storage-buffer writes made before it are visible to the workgroup after it.',
    note: 'compute stage; in workgroup-uniform control flow',
  },
  textureBarrier: {
    signatures: ['textureBarrier()'],
    doc: 'Waits for the whole workgroup; writes to read-write storage textures made before it are visible after it.',
    note: 'compute stage; in workgroup-uniform control flow',
  },
  workgroupBarrier: {
    signatures: ['workgroupBarrier()'],
    doc: 'Waits until every invocation of the workgroup arrives; workgroup-memory writes made before it are visible to all of them after it.',
    note: 'compute stage; in workgroup-uniform control flow',
  },
  workgroupUniformLoad: {
    signatures: ['workgroupUniformLoad(p: ptr<workgroup, T>) -> T', 'workgroupUniformLoad(p: ptr<workgroup, atomic<T>>) -> T'],
    doc: 'A barrier, then *p read once and given to every invocation as a uniform value.',
    note: 'compute stage; in workgroup-uniform control flow',
  },

  // ---- atomics ----
  atomicLoad: {
    signatures: ['atomicLoad(p: ptr<AS, atomic<T>, read_write>) -> T'],
    doc: 'Atomically reads *p.',
    note: 'T: i32 or u32; AS: storage or workgroup',
  },
  atomicStore: {
    signatures: ['atomicStore(p: ptr<AS, atomic<T>, read_write>, v: T)'],
    doc: 'Atomically writes v to *p.',
    note: 'T: i32 or u32; AS: storage or workgroup',
  },
  atomicAdd: atomicRmw('atomicAdd', '*p + v'),
  atomicSub: atomicRmw('atomicSub', '*p - v'),
  atomicMax: atomicRmw('atomicMax', 'max(*p, v)'),
  atomicMin: atomicRmw('atomicMin', 'min(*p, v)'),
  atomicAnd: atomicRmw('atomicAnd', '*p & v'),
  atomicOr: atomicRmw('atomicOr', '*p | v'),
  atomicXor: atomicRmw('atomicXor', '*p ^ v'),
  atomicExchange: atomicRmw('atomicExchange', 'v'),
  atomicCompareExchangeWeak: {
    signatures: ['atomicCompareExchangeWeak(p: ptr<AS, atomic<T>, read_write>, cmp: T, v: T) -> __atomic_compare_exchange_result<T>'],
    doc: 'Atomically writes v to *p if it equals cmp; returns the old value and whether the exchange happened (it may fail spuriously).',
    note: 'T: i32 or u32; AS: storage or workgroup',
  },

  // ---- subgroups and quads ----
  subgroupAdd: subgroupReduce('subgroupAdd', 'sum', 'i32, u32, f32 or f16, scalar or vector'),
  subgroupMul: subgroupReduce('subgroupMul', 'product', 'i32, u32, f32 or f16, scalar or vector'),
  subgroupMin: subgroupReduce('subgroupMin', 'minimum', 'i32, u32, f32 or f16, scalar or vector'),
  subgroupMax: subgroupReduce('subgroupMax', 'maximum', 'i32, u32, f32 or f16, scalar or vector'),
  subgroupAnd: subgroupReduce('subgroupAnd', 'bitwise and', 'i32 or u32, scalar or vector'),
  subgroupOr: subgroupReduce('subgroupOr', 'bitwise or', 'i32 or u32, scalar or vector'),
  subgroupXor: subgroupReduce('subgroupXor', 'bitwise xor', 'i32 or u32, scalar or vector'),
  subgroupExclusiveAdd: subgroupScan('subgroupExclusiveAdd', 'sum', false),
  subgroupExclusiveMul: subgroupScan('subgroupExclusiveMul', 'product', false),
  subgroupInclusiveAdd: subgroupScan('subgroupInclusiveAdd', 'sum', true),
  subgroupInclusiveMul: subgroupScan('subgroupInclusiveMul', 'product', true),
  subgroupAll: {
    signatures: ['subgroupAll(e: bool) -> bool'],
    doc: 'True when e is true in every active invocation of the subgroup.',
    note: 'needs enable subgroups',
  },
  subgroupAny: {
    signatures: ['subgroupAny(e: bool) -> bool'],
    doc: 'True when e is true in any active invocation of the subgroup.',
    note: 'needs enable subgroups',
  },
  subgroupBallot: {
    signatures: ['subgroupBallot(pred: bool) -> vec4<u32>'],
    doc: 'A 128-bit mask with bit i set when pred is true in the active invocation with subgroup_invocation_id i.',
    note: 'needs enable subgroups',
  },
  subgroupBroadcast: {
    signatures: ['subgroupBroadcast(e: T, id: I) -> T'],
    doc: 'e as held by the invocation with subgroup_invocation_id id (a constant expression).',
    note: 'needs enable subgroups',
  },
  subgroupBroadcastFirst: {
    signatures: ['subgroupBroadcastFirst(e: T) -> T'],
    doc: 'e as held by the active invocation with the lowest subgroup_invocation_id.',
    note: 'needs enable subgroups',
  },
  subgroupElect: {
    signatures: ['subgroupElect() -> bool'],
    doc: 'True in exactly one active invocation of the subgroup: the one with the lowest id.',
    note: 'needs enable subgroups',
  },
  subgroupShuffle: {
    signatures: ['subgroupShuffle(e: T, id: I) -> T'],
    doc: 'e as held by the invocation with subgroup_invocation_id id (any value, not only a constant).',
    note: 'needs enable subgroups',
  },
  subgroupShuffleDown: {
    signatures: ['subgroupShuffleDown(e: T, delta: u32) -> T'],
    doc: 'e as held by the invocation delta places above this one (subgroup_invocation_id + delta).',
    note: 'needs enable subgroups',
  },
  subgroupShuffleUp: {
    signatures: ['subgroupShuffleUp(e: T, delta: u32) -> T'],
    doc: 'e as held by the invocation delta places below this one (subgroup_invocation_id - delta).',
    note: 'needs enable subgroups',
  },
  subgroupShuffleXor: {
    signatures: ['subgroupShuffleXor(e: T, mask: u32) -> T'],
    doc: 'e as held by the invocation whose subgroup_invocation_id is this one xor mask (butterfly exchange).',
    note: 'needs enable subgroups',
  },
  quadBroadcast: {
    signatures: ['quadBroadcast(e: T, id: I) -> T'],
    doc: 'e as held by the invocation of the same quad with quad index id (a constant expression, 0 to 3).',
    note: 'needs enable subgroups',
  },
  quadSwapDiagonal: quadSwap('quadSwapDiagonal', 'diagonally opposite'),
  quadSwapX: quadSwap('quadSwapX', 'beside this one horizontally'),
  quadSwapY: quadSwap('quadSwapY', 'beside this one vertically'),

  // ---- textures ----
  textureDimensions: {
    signatures: ['textureDimensions(t: T) -> vecN<u32>', 'textureDimensions(t: T, level: L) -> vecN<u32>'],
    doc: 'The size of texture t (of a mip level, when given) in texels: width, height and depth as the dimension has them.',
  },
  textureGather: {
    signatures: [
      'textureGather(component: C, t: texture_2d<ST>, s: sampler, coords: vec2<f32>) -> vec4<ST>',
      'textureGather(t: texture_depth_2d, s: sampler, coords: vec2<f32>) -> vec4<f32>',
    ],
    doc: 'One component (0 to 3, constant) of the four texels a bilinear sample at coords would blend.',
  },
  textureGatherCompare: {
    signatures: ['textureGatherCompare(t: texture_depth_2d, s: sampler_comparison, coords: vec2<f32>, depth_ref: f32) -> vec4<f32>'],
    doc: 'The depth comparison against depth_ref of the four texels a bilinear sample at coords would blend.',
  },
  textureLoad: {
    signatures: [
      'textureLoad(t: texture_2d<ST>, coords: vec2<C>, level: L) -> vec4<ST>',
      'textureLoad(t: texture_storage_2d<F, AM>, coords: vec2<C>) -> vec4<CT>',
    ],
    doc: 'One texel read at integer coordinates, without sampling or filtering.',
  },
  textureNumLayers: { signatures: ['textureNumLayers(t: T) -> u32'], doc: 'The number of layers of an arrayed texture.' },
  textureNumLevels: { signatures: ['textureNumLevels(t: T) -> u32'], doc: 'The number of mip levels of a texture.' },
  textureNumSamples: { signatures: ['textureNumSamples(t: T) -> u32'], doc: 'The number of samples per texel of a multisampled texture.' },
  textureSample: {
    signatures: ['textureSample(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>'],
    doc: 'A filtered sample of t at coords, with the mip level chosen from the derivatives of coords.',
    note: 'fragment stage only, in uniform control flow',
  },
  textureSampleBaseClampToEdge: {
    signatures: ['textureSampleBaseClampToEdge(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>'],
    doc: 'A sample of mip level 0 with coords clamped so no texel outside the edge is blended.',
  },
  textureSampleBias: {
    signatures: ['textureSampleBias(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, bias: f32) -> vec4<f32>'],
    doc: 'Like textureSample, with bias added to the chosen mip level.',
    note: 'fragment stage only, in uniform control flow',
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
  textureSampleLevel: {
    signatures: ['textureSampleLevel(t: texture_2d<f32>, s: sampler, coords: vec2<f32>, level: f32) -> vec4<f32>'],
    doc: 'A filtered sample of t at coords on an explicit mip level; usable in every stage.',
  },
  textureStore: {
    signatures: ['textureStore(t: texture_storage_2d<F, AM>, coords: vec2<C>, value: vec4<CT>)'],
    doc: 'Writes one texel of a storage texture at integer coordinates.',
  },

  // ---- fragment-stage derivatives ----
  dpdx: derivative('dpdx', 'x', 'coarse or fine as the device chooses'),
  dpdxCoarse: derivative('dpdxCoarse', 'x', 'possibly shared by the fragments of a quad'),
  dpdxFine: derivative('dpdxFine', 'x', 'computed per fragment'),
  dpdy: derivative('dpdy', 'y', 'coarse or fine as the device chooses'),
  dpdyCoarse: derivative('dpdyCoarse', 'y', 'possibly shared by the fragments of a quad'),
  dpdyFine: derivative('dpdyFine', 'y', 'computed per fragment'),
  fwidth: derivative('fwidth', 'both', 'coarse or fine as the device chooses'),
  fwidthCoarse: derivative('fwidthCoarse', 'both', 'from coarse derivatives'),
  fwidthFine: derivative('fwidthFine', 'both', 'from fine derivatives'),
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
