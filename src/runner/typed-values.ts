// The bytes of a struct-typed binding (`//! uniform 0 = { … }`, `//! buffer 1 Particle[N] = { … }`):
// the header's value laid out by the type the shader declares (WGSL's offsets, alignment,
// padding, vec3 and matrix column rules, from wgsl/types.ts), so the GPU and the simulator
// receive the very same bytes. A value that does not fit the type is an InputError at the
// part of the header that was written for it.
import { bindingName, type BufferSpec, type UniformSpec } from '../harness/index.js';
import type { InitExpr, TypedInit, ValueLit } from '../harness/types.js';
import { compileInit, constantValue, type CompiledInit } from '../harness/expr.js';
import type { BindingInfo } from '../wgsl/reflect.js';
import { matrixColumnStride, strideOf, typeName, type ArrayType, type StructType, type Type } from '../wgsl/types.js';
import type { SourceSpan } from '../diagnostics/index.js';
import { InputError } from './errors.js';

type Store = 'f32' | 'i32' | 'u32' | 'bool';

/** One scalar of the value: where it goes and the function of the element index giving it. */
interface SlotWriter {
  offset: number;
  store: Store;
  fn: CompiledInit;
}

/** What the header's value of a binding becomes: the shape of its elements and their writers. */
interface Layout {
  /** Top-level elements (i = 0 … count-1) and the distance between them. */
  count: number;
  stride: number;
  writers: SlotWriter[];
  /** A struct's runtime-sized last member: its elements (i = 0 … count-1). */
  tail?: { offset: number; count: number; stride: number; writers: SlotWriter[]; each?: SlotWriter[][] };
  bytes: number;
}

/** Bytes of the header's typed value for binding `b`, known before anything is encoded (the memory budget needs it). */
export function typedByteLength(spec: BufferSpec | UniformSpec, typed: TypedInit, b: BindingInfo, uniform: boolean): number {
  return Math.ceil(layoutOf(spec, typed, b, uniform).bytes / 4) * 4;
}

/** The header's typed value for binding `b`, as raw little-endian words. */
export function encodeTyped(spec: BufferSpec | UniformSpec, typed: TypedInit, b: BindingInfo, uniform: boolean): Uint32Array {
  const layout = layoutOf(spec, typed, b, uniform);
  const words = new Uint32Array(Math.ceil(layout.bytes / 4));
  const view = new DataView(words.buffer);
  for (let i = 0; i < layout.count; i++) writeAll(view, layout.writers, i * layout.stride, i);
  const t = layout.tail;
  if (t) for (let j = 0; j < t.count; j++) writeAll(view, t.each?.[j] ?? t.writers, t.offset + j * t.stride, j);
  return words;
}

function writeAll(view: DataView, writers: SlotWriter[], base: number, i: number): void {
  for (const w of writers) {
    const v = w.fn(i);
    const at = base + w.offset;
    if (w.store === 'f32') view.setFloat32(at, v, true);
    else if (w.store === 'i32') view.setInt32(at, v | 0, true);
    else if (w.store === 'u32') view.setUint32(at, v >>> 0, true);
    else view.setUint32(at, v !== 0 && !Number.isNaN(v) ? 1 : 0, true);
  }
}

/** The struct a binding's header line must name: that of `T` or of `array<T>`. */
export function structOf(t: Type): StructType | undefined {
  if (t.kind === 'struct') return t;
  if (t.kind === 'array' && t.elem.kind === 'struct') return t.elem;
  return undefined;
}

function layoutOf(spec: BufferSpec | UniformSpec, typed: TypedInit, b: BindingInfo, uniform: boolean): Layout {
  const where = `the shader's '${b.name}' (${bindingName(b)}, ${typeName(b.type)})`;
  const at: SourceSpan = typed.typeAt ?? spec;
  const s = structOf(b.type);
  if (typed.typeName !== undefined) {
    if (!s) throw new InputError(`the header names struct '${typed.typeName}', but ${where} holds no struct`, at);
    if (s.name !== typed.typeName) throw new InputError(`the header names struct '${typed.typeName}', but ${where} holds ${s.name}`, at);
  }
  const ctx = new Context(spec);
  if (uniform) {
    const writers = ctx.compile(b.type, typed.value, 0, b.name);
    return { count: 1, stride: 0, writers, bytes: b.minSize };
  }
  if (b.type.kind === 'array') {
    const arr = b.type;
    const fixed = arr.count;
    const count = typed.count ?? fixed;
    if (count === null || count === undefined)
      throw new InputError(`${where} is a runtime-sized array: give its element count, \`${typed.typeName}[N]\``, at);
    if (fixed !== null && count < fixed)
      throw new InputError(`${where} has ${fixed} elements, but the header gives ${count}: make it \`${typed.typeName}[${fixed}]\``, at);
    const stride = strideOf(arr);
    return { count, stride, writers: ctx.compile(arr.elem, typed.value, 0, `${typed.typeName}`), bytes: count * stride };
  }
  const st = s!;
  const last = st.members[st.members.length - 1];
  if (last?.type.kind === 'array' && last.type.count === null) {
    if (typed.count === undefined)
      throw new InputError(
        `${st.name} ends in the runtime-sized array '${last.name}': give its length, \`${st.name}[N]\` (N elements of '${last.name}')`,
        at,
      );
    const tailType = last.type;
    const stride = strideOf(tailType);
    const fields = typed.value?.kind === 'struct' ? typed.value : undefined;
    const tailLit = fields?.fields.find((f) => f.name === last.name);
    const head = fields && { ...fields, fields: fields.fields.filter((f) => f !== tailLit) };
    const writers = ctx.compile(st, head ?? typed.value, 0, st.name);
    const tail = {
      offset: last.offset,
      count: typed.count,
      stride,
      ...ctx.tail(tailType, tailLit?.value, typed.count, `${st.name}.${last.name}`),
    };
    return { count: 1, stride: 0, writers, tail, bytes: last.offset + typed.count * stride };
  }
  if (typed.count !== undefined)
    throw new InputError(`${where} holds one ${st.name}, not an array: write \`${st.name}\` without [${typed.count}]`, at);
  return { count: 1, stride: 0, writers: ctx.compile(st, typed.value, 0, st.name), bytes: st.size };
}

const VECTOR = /^vec([234])([fiuh]?)(?:<(\w+)>)?$/;
const MATRIX = /^mat([234])x([234])([fh]?)(?:<(\w+)>)?$/;
const SUFFIX: Record<string, string> = { f: 'f32', i: 'i32', u: 'u32', h: 'f16' };

/** Compiles literal parts against types, for one binding (its random() streams). */
class Context {
  constructor(private readonly spec: BufferSpec | UniformSpec) {}

  /** Writers for a value of `type` at `base` (zeros where `lit` is absent). */
  compile(type: Type, lit: ValueLit | undefined, base: number, what: string): SlotWriter[] {
    const out: SlotWriter[] = [];
    if (lit) this.visit(type, lit, base, what, out);
    return out;
  }

  /**
   * The elements of a struct's runtime-sized last member: one value of i for every element,
   * or a list with exactly one value per element (`each`).
   */
  tail(t: ArrayType, lit: ValueLit | undefined, count: number, what: string): { writers: SlotWriter[]; each?: SlotWriter[][] } {
    if (!lit) return { writers: [] };
    if (lit.kind !== 'list') return { writers: this.compile(t.elem, lit, 0, `${what}[i]`) };
    if (lit.items.length !== count)
      throw new InputError(`'${what}' has ${count} elements (the header's [${count}]), but the list gives ${lit.items.length}`, lit.at);
    return { writers: [], each: lit.items.map((item, j) => this.compile(t.elem, item, 0, `${what}[${j}]`)) };
  }

  private visit(type: Type, lit: ValueLit, base: number, what: string, out: SlotWriter[]): void {
    switch (type.kind) {
      case 'scalar':
      case 'atomic': {
        const s = type.kind === 'atomic' ? type.elem : type;
        if (lit.kind === 'construct' && lit.name === s.name && lit.args.length === 1)
          return this.visit(type, lit.args[0]!, base, what, out);
        if (lit.kind !== 'scalar') this.mismatch(type, lit, what);
        out.push({ offset: base, store: this.store(s.name, lit, what), fn: this.scalar(lit.expr, s.name, lit, what) });
        return;
      }
      case 'vec':
      case 'mat': {
        const n = type.kind === 'vec' ? type.n : type.cols * type.rows;
        const comps = this.components(type, lit, what);
        const store = this.store(type.elem.name, lit, what);
        if (comps.length !== n && comps.length !== 1)
          throw new InputError(
            `'${what}' is ${typeName(type)}: give ${n} components${type.kind === 'vec' ? ' (or 1 for all of them)' : ''}, found ${comps.length}`,
            lit.at,
          );
        for (let c = 0; c < n; c++) {
          const comp = comps.length === 1 ? comps[0]! : comps[c]!;
          const offset = type.kind === 'vec' ? 4 * c : Math.floor(c / type.rows) * matrixColumnStride(type) + 4 * (c % type.rows);
          out.push({ offset: base + offset, store, fn: this.scalar(comp.expr, type.elem.name, comp, what) });
        }
        return;
      }
      case 'array': {
        if (type.count === null)
          throw new InputError(`'${what}' is a runtime-sized array, which only a struct's last member can be`, lit.at);
        if (lit.kind !== 'list') this.mismatch(type, lit, what);
        if (lit.items.length !== type.count)
          throw new InputError(`'${what}' is ${typeName(type)}: give ${type.count} elements, found ${lit.items.length}`, lit.at);
        const stride = strideOf(type);
        lit.items.forEach((item, k) => this.visit(type.elem, item, base + k * stride, `${what}[${k}]`, out));
        return;
      }
      case 'struct': {
        if (lit.kind !== 'struct') this.mismatch(type, lit, what);
        for (const f of lit.fields) {
          const m = type.members.find((x) => x.name === f.name);
          if (!m)
            throw new InputError(
              `${type.name} has no field '${f.name}' (in '${what}'); its fields are ${type.members.map((x) => `${x.name}: ${typeName(x.type)}`).join(', ')}`,
              f.at,
            );
          this.visit(m.type, f.value, base + m.offset, `${what}.${f.name}`, out);
        }
        return;
      }
      default:
        throw new InputError(`'${what}' is ${typeName(type)}, which a header value cannot give`, lit.at);
    }
  }

  /** The scalar parts of a vector or matrix constructor (nested vectors are flattened). */
  private components(type: Type & { kind: 'vec' | 'mat' }, lit: ValueLit, what: string): (ValueLit & { kind: 'scalar' })[] {
    if (lit.kind !== 'construct') this.mismatch(type, lit, what);
    const v = VECTOR.exec(lit.name);
    const m = MATRIX.exec(lit.name);
    const elem = v ? (SUFFIX[v[2]!] ?? v[3]) : m ? (SUFFIX[m[3]!] ?? m[4]) : undefined;
    const shapeOk =
      type.kind === 'vec' ? v !== null && Number(v[1]) === type.n : m !== null && Number(m[1]) === type.cols && Number(m[2]) === type.rows;
    if (!shapeOk || (elem !== undefined && elem !== type.elem.name)) this.mismatch(type, lit, what);
    const out: (ValueLit & { kind: 'scalar' })[] = [];
    for (const a of lit.args) {
      if (a.kind === 'scalar') out.push(a);
      else if (a.kind === 'construct' && VECTOR.test(a.name)) {
        const n = Number(VECTOR.exec(a.name)![1]);
        const inner = this.components({ kind: 'vec', n: n as 2 | 3 | 4, elem: type.elem }, a, `${what} (an argument of ${lit.name})`);
        if (inner.length === 1) for (let k = 0; k < n; k++) out.push(inner[0]!);
        else out.push(...inner);
      } else this.mismatch(type, a, `an argument of ${lit.name} (${what})`);
    }
    return out;
  }

  private store(name: string, lit: ValueLit, what: string): Store {
    if (name === 'f32' || name === 'i32' || name === 'u32' || name === 'bool') return name;
    throw new InputError(`'${what}' holds ${name}, which struct values in the header do not support yet`, lit.at);
  }

  /** The init expression of one scalar; a constant fraction for an integer is refused. */
  private scalar(expr: InitExpr, name: string, lit: ValueLit & { kind: 'scalar' }, what: string): CompiledInit {
    const c = constantValue(expr);
    if (c !== undefined && (name === 'i32' || name === 'u32') && Number.isFinite(c) && !Number.isInteger(c))
      throw new InputError(`'${what}' is ${name}: expected an integer, found '${lit.text}'`, lit.at);
    if (c !== undefined && name === 'u32' && c < 0)
      throw new InputError(`'${what}' is u32: expected a value ≥ 0, found '${lit.text}'`, lit.at);
    return compileInit(expr, this.spec);
  }

  private mismatch(type: Type, lit: ValueLit, what: string): never {
    throw new InputError(`'${what}' is ${typeName(type)} (write ${example(type)}), found ${describe(lit)}`, lit.at);
  }
}

/** How a value of `type` is written in the header. */
function example(type: Type): string {
  switch (type.kind) {
    case 'scalar':
    case 'atomic':
      return 'a number or an expression of i';
    case 'vec':
      return `vec${type.n}<${type.elem.name}>(…)`;
    case 'mat':
      return `mat${type.cols}x${type.rows}<${type.elem.name}>(…)`;
    case 'array':
      return '[a, b, …]';
    case 'struct':
      return '{ field: value, … }';
    default:
      return typeName(type);
  }
}

function describe(lit: ValueLit): string {
  switch (lit.kind) {
    case 'scalar':
      return `'${lit.text}'`;
    case 'construct':
      return `${lit.name}(…)`;
    case 'list':
      return `a list of ${lit.items.length}`;
    case 'struct':
      return 'a struct value { … }';
  }
}
