// Expectations by field on struct buffers: `expect 1[3].vel.x = 0.25`, `expect 1[0..4].count = …`,
// `expect 1.count = 7`. The path is resolved against the shader's layout into the byte offset
// of every selected scalar (element after element, the selected part's scalars in memory
// order), which all share one scalar type; the read-back bytes are compared at those offsets
// with the same rules as element expectations (compare.ts).
import { bindingName, checkExpect, type ElementType, type ExpectSpec, type Harness } from '../harness/index.js';
import type { PathStep } from '../harness/types.js';
import type { BindingInfo, Reflection } from '../wgsl/reflect.js';
import { matrixColumnStride, strideOf, typeName, type Type } from '../wgsl/types.js';
import { InputError } from './errors.js';

/** One selected scalar: its byte offset in the buffer and how it is named in messages. */
export interface FieldSlot {
  offset: number;
  element: number;
  /** `[3].vel.x`, or `.count` for a binding of one struct. */
  label: string;
}

export interface FieldExpect {
  spec: ExpectSpec;
  /** The path as written (`.vel.x`), for reports. */
  path: string;
  type: ElementType;
  slots: FieldSlot[];
}

/** Resolves every expect line of a struct buffer (the header's typed buffers). */
export function resolveFieldExpects(harness: Harness, reflection: Reflection): FieldExpect[] {
  const out: FieldExpect[] = [];
  for (const spec of harness.expects) {
    const buffer = harness.buffers.find((x) => x.group === spec.group && x.binding === spec.binding);
    if (!buffer?.typed) continue;
    const b = reflection.bindings.find((x) => x.group === spec.group && x.binding === spec.binding)!;
    out.push(resolveOne(spec, b, buffer.typed.count));
  }
  return out;
}

const COMPONENTS = ['xyzw', 'rgba'];

function resolveOne(spec: ExpectSpec, b: BindingInfo, count: number | undefined): FieldExpect {
  const where = `the shader's '${b.name}' (${bindingName(b)}, ${typeName(b.type)})`;
  const pathText = (spec.path ?? []).map((s) => (s.kind === 'field' ? `.${s.name}` : `[${s.index}]`)).join('');
  let elemType: Type;
  let stride = 0;
  if (b.type.kind === 'array') {
    if (spec.whole) throw new InputError(`${where} is an array: name the elements, \`expect ${ref(spec)}[0]${pathText} = …\``, spec);
    elemType = b.type.elem;
    stride = strideOf(b.type);
  } else {
    if (!spec.whole)
      throw new InputError(
        `${where} holds one ${typeName(b.type)}, not an array: write \`expect ${ref(spec)}${pathText || '.FIELD'} = …\``,
        spec,
      );
    elemType = b.type;
  }
  // How the selection is named in messages: `parts[0..2].pos`, `stats.count`.
  const base = spec.whole ? b.name : `${b.name}[${spec.end - spec.start === 1 ? spec.start : `${spec.start}..${spec.end}`}]`;
  const selected = walk(elemType, spec.path ?? [], 0, '', count, base);
  const leaves: { offset: number; label: string; scalar: string }[] = [];
  flatten(selected.type, selected.offset, selected.label, leaves, count);
  const scalars = [...new Set(leaves.map((l) => l.scalar))];
  if (scalars.length !== 1 || !['f32', 'i32', 'u32'].includes(scalars[0]!))
    throw new InputError(
      `'${base}${selected.label}' is ${typeName(selected.type)}, which holds ${scalars.join(' and ')}: name a part of one type (f32, i32 or u32)`,
      spec.path?.[spec.path.length - 1]?.at ?? spec,
    );
  const type = scalars[0] as ElementType;
  const slots: FieldSlot[] = [];
  for (let e = spec.start; e < spec.end; e++)
    for (const l of leaves) slots.push({ offset: e * stride + l.offset, element: e, label: spec.whole ? l.label : `[${e}]${l.label}` });
  if (slots.length !== spec.values.length) {
    const elements = spec.end - spec.start;
    const shape = elements === 1 ? `${leaves.length}` : `${elements} elements × ${leaves.length}`;
    throw new InputError(
      `'${base}${selected.label}' has ${slots.length} value${slots.length === 1 ? '' : 's'} (${shape} of ${typeName(selected.type)}), but the line gives ${spec.values.length}`,
      spec,
    );
  }
  for (const v of spec.values) {
    if (type === 'f32') continue;
    const [lo, hi] = type === 'i32' ? [-(2 ** 31), 2 ** 31 - 1] : [0, 2 ** 32 - 1];
    if (!Number.isInteger(v) || v < lo || v > hi)
      throw new InputError(`'${base}${selected.label}' is ${type}: expected integers from ${lo} to ${hi}, found ${v}`, spec);
  }
  return { spec, path: pathText, type, slots };
}

function ref(spec: ExpectSpec): string {
  return `${spec.group ? `${spec.group}:` : ''}${spec.binding}`;
}

/** Follows the path from a value of `type` at `offset`: the selected part, its offset and label. */
function walk(
  type: Type,
  path: PathStep[],
  offset: number,
  label: string,
  tailCount: number | undefined,
  base: string,
): { type: Type; offset: number; label: string } {
  const [step, ...rest] = path;
  if (!step) return { type, offset, label };
  const at = step.at;
  if (step.kind === 'field') {
    if (type.kind === 'struct') {
      const m = type.members.find((x) => x.name === step.name);
      if (!m)
        throw new InputError(`${type.name} has no field '${step.name}'; its fields are ${type.members.map((x) => x.name).join(', ')}`, at);
      return walk(m.type, rest, offset + m.offset, `${label}.${m.name}`, tailCount, base);
    }
    if (type.kind === 'vec' && step.name.length === 1) {
      const c = COMPONENTS.map((set) => set.indexOf(step.name)).find((k) => k >= 0 && k < type.n);
      if (c !== undefined) return walk(type.elem, rest, offset + 4 * c, `${label}.${step.name}`, tailCount, base);
    }
    throw new InputError(`'${base}${label}' is ${typeName(type)}, which has no field '${step.name}'`, at);
  }
  const k = step.index;
  if (type.kind === 'array') {
    const n = type.count ?? tailCount ?? 1;
    if (k >= n) throw new InputError(`index ${k} is outside '${base}${label}' (${typeName(type)}, ${n} elements)`, at);
    return walk(type.elem, rest, offset + k * strideOf(type), `${label}[${k}]`, tailCount, base);
  }
  if (type.kind === 'vec' && k < type.n) return walk(type.elem, rest, offset + 4 * k, `${label}[${k}]`, tailCount, base);
  if (type.kind === 'mat' && k < type.cols)
    return walk(
      { kind: 'vec', n: type.rows, elem: type.elem },
      rest,
      offset + k * matrixColumnStride(type),
      `${label}[${k}]`,
      tailCount,
      base,
    );
  throw new InputError(`'${base}${label}' is ${typeName(type)}; index ${k} is outside it`, at);
}

/** The scalars of a value of `type` at `offset`, in memory order. */
function flatten(
  type: Type,
  offset: number,
  label: string,
  out: { offset: number; label: string; scalar: string }[],
  tailCount: number | undefined,
): void {
  switch (type.kind) {
    case 'scalar':
      out.push({ offset, label, scalar: type.name });
      return;
    case 'atomic':
      out.push({ offset, label, scalar: type.elem.name });
      return;
    case 'vec':
      for (let c = 0; c < type.n; c++) out.push({ offset: offset + 4 * c, label: `${label}.${'xyzw'[c]}`, scalar: type.elem.name });
      return;
    case 'mat':
      for (let c = 0; c < type.cols; c++)
        flatten({ kind: 'vec', n: type.rows, elem: type.elem }, offset + c * matrixColumnStride(type), `${label}[${c}]`, out, tailCount);
      return;
    case 'array': {
      const n = type.count ?? tailCount ?? 1;
      for (let k = 0; k < n; k++) flatten(type.elem, offset + k * strideOf(type), `${label}[${k}]`, out, tailCount);
      return;
    }
    case 'struct':
      for (const m of type.members) flatten(m.type, offset + m.offset, `${label}.${m.name}`, out, tailCount);
      return;
    default:
      out.push({ offset, label, scalar: typeName(type) });
  }
}

/** The selected scalars of a read-back buffer, as numbers of the field's type. */
export function readField(f: FieldExpect, bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return f.slots.map((s) =>
    f.type === 'f32' ? view.getFloat32(s.offset, true) : f.type === 'i32' ? view.getInt32(s.offset, true) : view.getUint32(s.offset, true),
  );
}

/** Compares the selected scalars with the expected values; mismatches name their element and field. */
export function checkField(f: FieldExpect, bytes: Uint8Array, f32Ulps?: number) {
  const actual = readField(f, bytes);
  const r = checkExpect({ ...f.spec, start: 0, end: actual.length }, f.type, actual, f32Ulps);
  return {
    actual,
    ok: r.ok,
    mismatches: r.mismatches.map((m) => ({ ...m, index: f.slots[m.index]!.element, field: f.slots[m.index]!.label })),
  };
}
