// Semantic types of WGSL and their memory layout (WGSL § "Memory layout": size, alignment
// and array stride of every host-shareable type). The simulator and the GPU runtime both
// rely on these numbers, so they follow the specification exactly.

export type ScalarName = 'bool' | 'i32' | 'u32' | 'f32' | 'f16' | 'abstract-int' | 'abstract-float';

export interface ScalarType {
  kind: 'scalar';
  name: ScalarName;
}
export interface VectorType {
  kind: 'vec';
  n: 2 | 3 | 4;
  elem: ScalarType;
}
export interface MatrixType {
  kind: 'mat';
  cols: 2 | 3 | 4;
  rows: 2 | 3 | 4;
  elem: ScalarType;
}
export interface ArrayType {
  kind: 'array';
  elem: Type;
  /** Element count; null for a runtime-sized array (its length comes from the buffer). */
  count: number | null;
}
export interface StructMemberType {
  name: string;
  type: Type;
  offset: number;
  size: number;
  align: number;
}
export interface StructType {
  kind: 'struct';
  name: string;
  members: StructMemberType[];
  size: number;
  align: number;
}
export interface AtomicType {
  kind: 'atomic';
  elem: ScalarType;
}
export type AddressSpace = 'function' | 'private' | 'workgroup' | 'storage' | 'uniform' | 'handle';
export type AccessMode = 'read' | 'write' | 'read_write';
export interface PointerType {
  kind: 'ptr';
  space: AddressSpace;
  store: Type;
  access: AccessMode;
}
/** The type of a memory view (a reference): what a variable name or `a[i]` denotes. */
export interface ReferenceType {
  kind: 'ref';
  space: AddressSpace;
  store: Type;
  access: AccessMode;
}
export interface VoidType {
  kind: 'void';
}
export type TextureDim = '1d' | '2d' | '2d_array' | '3d' | 'cube' | 'cube_array';
export type TextureKind = 'sampled' | 'storage' | 'depth' | 'multisampled';

/** What a texture type says: its kind, dimensionality, channel type and (storage) format and access. */
/** What a texture type says (textures.ts builds it): kind, dimensionality, channel type, storage format and access. */
export interface TextureShape {
  kind: TextureKind;
  dim: TextureDim;
  /** The scalar a load returns per channel: f32 for float, unorm, snorm and depth formats. */
  sampled: 'f32' | 'i32' | 'u32';
  /** Storage textures only. */
  format?: string;
  access?: AccessMode;
}

/** Textures and samplers (handle address space): `name` is the type as written canonically. */
export interface OpaqueType {
  kind: 'opaque';
  name: string;
  /** Set for texture types (textures.ts); samplers have none. */
  texture?: TextureShape;
}

export type Type =
  ScalarType | VectorType | MatrixType | ArrayType | StructType | AtomicType | PointerType | ReferenceType | VoidType | OpaqueType;

const scalarCache = new Map<ScalarName, ScalarType>();
export function scalar(name: ScalarName): ScalarType {
  let t = scalarCache.get(name);
  if (!t) scalarCache.set(name, (t = { kind: 'scalar', name }));
  return t;
}
export const BOOL = scalar('bool');
export const I32 = scalar('i32');
export const U32 = scalar('u32');
export const F32 = scalar('f32');
export const F16 = scalar('f16');
export const ABSTRACT_INT = scalar('abstract-int');
export const ABSTRACT_FLOAT = scalar('abstract-float');
export const VOID: VoidType = { kind: 'void' };

export function vec(n: 2 | 3 | 4, elem: ScalarType): VectorType {
  return { kind: 'vec', n, elem };
}

export function isAbstract(t: Type): boolean {
  const s = t.kind === 'array' ? leafScalar(t) : scalarOf(t);
  return !!s && (s.name === 'abstract-int' || s.name === 'abstract-float');
}
export function isFloatScalar(s: ScalarType): boolean {
  return s.name === 'f32' || s.name === 'f16' || s.name === 'abstract-float';
}
export function isIntScalar(s: ScalarType): boolean {
  return s.name === 'i32' || s.name === 'u32' || s.name === 'abstract-int';
}

/** The scalar of a scalar, vector or matrix type (the element type of its components). */
export function scalarOf(t: Type): ScalarType | undefined {
  if (t.kind === 'scalar') return t;
  if (t.kind === 'vec' || t.kind === 'mat') return t.elem;
  return undefined;
}

/** Number of scalar components of a scalar/vector/matrix. */
export function componentCount(t: Type): number {
  if (t.kind === 'vec') return t.n;
  if (t.kind === 'mat') return t.cols * t.rows;
  return 1;
}

/** Replaces the scalar of a numeric type (used by conversions and concretization). */
export function withScalar(t: Type, s: ScalarType): Type {
  if (t.kind === 'scalar') return s;
  if (t.kind === 'vec') return { kind: 'vec', n: t.n, elem: s };
  if (t.kind === 'mat') return { kind: 'mat', cols: t.cols, rows: t.rows, elem: s };
  if (t.kind === 'array') return { kind: 'array', elem: withScalar(t.elem, s), count: t.count };
  return t;
}

/** The concrete type an abstract value becomes when nothing else decides (i32 / f32). */
export function concretize(t: Type): Type {
  if (t.kind === 'array') return { kind: 'array', elem: concretize(t.elem), count: t.count };
  const s = scalarOf(t);
  if (!s) return t;
  if (s.name === 'abstract-int') return withScalar(t, I32);
  if (s.name === 'abstract-float') return withScalar(t, F32);
  return t;
}

/**
 * Whether a value of abstract type `from` converts automatically to `to` (WGSL's automatic
 * conversions of abstract values): the same shape (vector size, matrix shape, array count,
 * element by element) and AbstractInt to any numeric scalar, AbstractFloat to a float one.
 */
export function abstractConverts(from: Type, to: Type): boolean {
  if (from.kind === 'array')
    return (
      to.kind === 'array' &&
      from.count !== null &&
      from.count === to.count &&
      (typeEquals(from.elem, to.elem) || abstractConverts(from.elem, to.elem))
    );
  if (from.kind !== to.kind || componentCount(from) !== componentCount(to)) return false;
  if (from.kind === 'mat' && from.rows !== (to as MatrixType).rows) return false;
  const f = scalarOf(from);
  const t = scalarOf(to);
  if (!f || !t) return false;
  if (f.name === 'abstract-int') return t.name !== 'bool';
  return f.name === 'abstract-float' && isFloatScalar(t);
}

export function typeEquals(a: Type, b: Type): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'scalar':
      return a.name === (b as ScalarType).name;
    case 'vec':
      return a.n === (b as VectorType).n && typeEquals(a.elem, (b as VectorType).elem);
    case 'mat': {
      const m = b as MatrixType;
      return a.cols === m.cols && a.rows === m.rows && typeEquals(a.elem, m.elem);
    }
    case 'array': {
      const r = b as ArrayType;
      return a.count === r.count && typeEquals(a.elem, r.elem);
    }
    case 'struct':
      return a === b || a.name === (b as StructType).name;
    case 'atomic':
      return typeEquals(a.elem, (b as AtomicType).elem);
    case 'ptr':
    case 'ref': {
      const p = b as PointerType;
      return a.space === p.space && typeEquals(a.store, p.store);
    }
    case 'void':
      return true;
    case 'opaque':
      return a.name === (b as OpaqueType).name;
  }
}

export function typeName(t: Type): string {
  switch (t.kind) {
    case 'scalar':
      return t.name === 'abstract-int' ? 'abstract-int' : t.name === 'abstract-float' ? 'abstract-float' : t.name;
    case 'vec':
      return `vec${t.n}<${typeName(t.elem)}>`;
    case 'mat':
      return `mat${t.cols}x${t.rows}<${typeName(t.elem)}>`;
    case 'array':
      return t.count === null ? `array<${typeName(t.elem)}>` : `array<${typeName(t.elem)}, ${t.count}>`;
    case 'struct':
      return t.name;
    case 'atomic':
      return `atomic<${typeName(t.elem)}>`;
    case 'ptr':
      return `ptr<${t.space}, ${typeName(t.store)}, ${t.access}>`;
    case 'ref':
      return `ref<${t.space}, ${typeName(t.store)}, ${t.access}>`;
    case 'void':
      return 'void';
    case 'opaque':
      return t.name;
  }
}

// ---------- memory layout ----------

export function roundUp(k: number, n: number): number {
  return Math.ceil(n / k) * k;
}

export function alignOf(t: Type): number {
  switch (t.kind) {
    case 'scalar':
      return t.name === 'f16' ? 2 : 4;
    case 'atomic':
      return 4;
    case 'vec': {
      const s = alignOf(t.elem);
      return t.n === 2 ? 2 * s : 4 * s;
    }
    case 'mat':
      return alignOf(vec(t.rows, t.elem));
    case 'array':
      return alignOf(t.elem);
    case 'struct':
      return t.align;
    default:
      throw new Error(`type ${typeName(t)} has no memory layout`);
  }
}

export function sizeOf(t: Type): number {
  switch (t.kind) {
    case 'scalar':
      return t.name === 'f16' ? 2 : 4;
    case 'atomic':
      return 4;
    case 'vec':
      return t.n * sizeOf(t.elem);
    case 'mat': {
      const col = vec(t.rows, t.elem);
      return t.cols * roundUp(alignOf(col), sizeOf(col));
    }
    case 'array':
      // A runtime-sized array's size is that of one element here: the minimum a binding needs.
      return (t.count ?? 1) * strideOf(t);
    case 'struct':
      return t.size;
    default:
      throw new Error(`type ${typeName(t)} has no memory layout`);
  }
}

/** Array element stride: element size rounded up to its alignment. */
export function strideOf(t: ArrayType): number {
  return roundUp(alignOf(t.elem), sizeOf(t.elem));
}

/** Byte offset of column `c` in a matrix. */
export function matrixColumnStride(t: MatrixType): number {
  const col = vec(t.rows, t.elem);
  return roundUp(alignOf(col), sizeOf(col));
}

/** Lays out struct members by WGSL rules, honouring @align/@size overrides. */
export function layoutStruct(name: string, members: { name: string; type: Type; align?: number; size?: number }[]): StructType {
  let offset = 0;
  let structAlign = 1;
  const laid: StructMemberType[] = [];
  for (const m of members) {
    const align = m.align ?? alignOf(m.type);
    const size = m.size ?? sizeOf(m.type);
    offset = roundUp(align, offset);
    laid.push({ name: m.name, type: m.type, offset, size, align });
    offset += size;
    structAlign = Math.max(structAlign, align);
  }
  return { kind: 'struct', name, members: laid, size: roundUp(structAlign, offset), align: structAlign };
}

/** True when a type (or anything it contains) is a runtime-sized array. */
export function isRuntimeSized(t: Type): boolean {
  if (t.kind === 'array') return t.count === null;
  if (t.kind === 'struct') return t.members.length > 0 && isRuntimeSized(t.members[t.members.length - 1]!.type);
  return false;
}

/** The scalar at the leaves of a host-shareable type, if all leaves share one. */
/**
 * WGSL's constructible types, the only ones a value constructor (`array(…)`, `S(…)`) can
 * build: scalars, vectors, matrices, fixed-size arrays and structs of them. Not atomics,
 * pointers, runtime-sized arrays or textures.
 */
export function isConstructible(t: Type): boolean {
  switch (t.kind) {
    case 'scalar':
    case 'vec':
    case 'mat':
      return true;
    case 'array':
      return t.count !== null && isConstructible(t.elem);
    case 'struct':
      return t.members.every((m) => isConstructible(m.type));
    default:
      return false;
  }
}

export function leafScalar(t: Type): ScalarType | undefined {
  switch (t.kind) {
    case 'scalar':
      return t;
    case 'vec':
    case 'mat':
    case 'atomic':
      return t.elem;
    case 'array':
      return leafScalar(t.elem);
    case 'struct': {
      let s: ScalarType | undefined;
      for (const m of t.members) {
        const ms = leafScalar(m.type);
        if (!ms || (s && s.name !== ms.name)) return undefined;
        s = ms;
      }
      return s;
    }
    default:
      return undefined;
  }
}
