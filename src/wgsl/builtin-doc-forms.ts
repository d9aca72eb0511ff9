// The forms of a builtin's documentation: its signatures in the spec's notation (T a scalar
// or vector of the listed kinds, N a vector width), one sentence saying what it computes and
// a note on what it needs; and the shapes that families of builtins share. Each builtin's
// entry in the builtin table (builtins.ts, texture-builtins.ts) carries its own.

export interface BuiltinDoc {
  /** Overloads as the spec writes them, e.g. `clamp(e: T, low: T, high: T) -> T`. */
  readonly signatures: readonly string[];
  /** One sentence: what the builtin computes. */
  readonly doc: string;
  /** The builtin needs `enable subgroups;` or is only meaningful in one stage. */
  readonly note?: string;
}

export const F = 'T: f32 or f16, scalar or vector';

export const unaryF = (name: string, doc: string): BuiltinDoc => ({ signatures: [`${name}(e: T) -> T`], doc, note: F });
export const atomicRmw = (name: string, what: string): BuiltinDoc => ({
  signatures: [`${name}(p: ptr<AS, atomic<T>, read_write>, v: T) -> T`],
  doc: `Atomically replaces *p with ${what} and returns the value *p held before.`,
  note: 'T: i32 or u32; AS: storage or workgroup',
});
export const subgroupReduce = (name: string, op: string, kinds: string): BuiltinDoc => ({
  signatures: [`${name}(e: T) -> T`],
  doc: `The ${op} of e over all active invocations of the subgroup, returned to each of them.`,
  note: `T: ${kinds}; needs enable subgroups`,
});
export const subgroupScan = (name: string, op: string, inclusive: boolean): BuiltinDoc => ({
  signatures: [`${name}(e: T) -> T`],
  doc: `The ${op} of e over the active invocations with a lower subgroup_invocation_id${inclusive ? ', this one included' : ' (the identity for the first)'}.`,
  note: 'T: i32, u32, f32 or f16, scalar or vector; needs enable subgroups',
});
export const pack = (name: string, from: string, doc: string): BuiltinDoc => ({ signatures: [`${name}(e: ${from}) -> u32`], doc });
export const unpack = (name: string, to: string, doc: string): BuiltinDoc => ({ signatures: [`${name}(e: u32) -> ${to}`], doc });
export const derivative = (name: string, axis: 'x' | 'y' | 'both', precision: string): BuiltinDoc => ({
  signatures: [`${name}(e: T) -> T`],
  doc:
    axis === 'both'
      ? `abs(dpdx(e)) + abs(dpdy(e)), ${precision}.`
      : `The partial derivative of e along window ${axis} across neighbouring fragments, ${precision}.`,
  note: 'T: f32 scalar or vector; fragment stage only, in uniform control flow',
});
export const quadSwap = (name: string, partner: string): BuiltinDoc => ({
  signatures: [`${name}(e: T) -> T`],
  doc: `e as held by the invocation of the same quad ${partner}.`,
  note: 'T: numeric scalar or vector; needs enable subgroups',
});
