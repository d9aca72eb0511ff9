// The result of running a harnessed kernel, on the GPU or on the simulator: the same shape
// for both, so `run --json`, the lab's output panel and the tests read one format.
import { checkExpect, f16Values, type ElementArray, type ElementType, type Harness } from '../harness/index.js';
import type { CompilerMessage, Diagnostic } from '../diagnostics/index.js';
import type { DeviceDescription } from '../gpu/device.js';
import type { Timing } from '../gpu/timing.js';
import type { RunPlan } from './plan.js';
import { checkField, type FieldExpect } from './field-expects.js';
import { structView, type StructView } from './struct-view.js';
import type { TextureExpectOutcome, TextureResult } from './texture-results.js';

export type { DeviceDescription, Timing };

/** A compiler's message as `run --json` prints it (compile.messages): the diagnostics model's CompilerMessage. */
export type CompileMessage = CompilerMessage;

/** A compiler diagnostic in RunResult's form (`run --json`'s compile.messages): zeros where it has no location. */
export function compileMessage(d: Diagnostic): CompileMessage {
  const { line, column, offset, length } = d.loc ?? { line: 0, column: 0, offset: 0, length: 0 };
  return { severity: d.severity, line, column, offset, length, message: d.message };
}

export interface BufferResult {
  group: number;
  binding: number;
  /** The shader variable bound here, when the entry point uses it. */
  name?: string;
  type: ElementType;
  count: number;
  values: ElementArray;
  /** A struct buffer (`//! buffer 1 Particle[N]`): `values` are its raw u32 words, this is them by field. */
  struct?: StructView;
  /**
   * No pass's entry point uses it, so it was not allocated: `values` are its initial values
   * when an expect line checks them, and empty otherwise (`count` is still the header's).
   */
  unused?: true;
}

export interface ExpectOutcome {
  line: number;
  column: number;
  group: number;
  binding: number;
  start: number;
  end: number;
  expected: number[];
  actual: number[];
  ok: boolean;
  /** `field` (a struct buffer's mismatch): the scalar that differs, e.g. `[3].vel.x`. */
  mismatches: { index: number; expected: number; actual: number; ulps?: number; field?: string }[];
  /** A field expectation (`expect 1[3].vel.x`): the path as written, and the field's scalar type. */
  field?: string;
  type?: ElementType;
}

export interface PassResult {
  entryPoint: string;
  workgroupSize: [number, number, number];
  dispatch: [number, number, number];
}

export interface RunResult {
  file?: string;
  engine: 'gpu' | 'simulator';
  device?: DeviceDescription;
  /** The entry point, workgroup size and dispatch of the first (usually only) pass. */
  entryPoint?: string;
  workgroupSize?: [number, number, number];
  dispatch?: [number, number, number];
  /** Every pass in order (one unless the header has `pass` lines). */
  passes?: PassResult[];
  compile: { ok: boolean; messages: CompileMessage[] };
  buffers: BufferResult[];
  expects: ExpectOutcome[];
  /** Storage textures after the run, when the kernel has any (texture-results.ts). */
  textures?: TextureResult[];
  /** The header's `expect texture` lines, when it has any. */
  textureExpects?: TextureExpectOutcome[];
  timing?: Timing;
  /** Compiled, ran, and every expectation held. */
  ok: boolean;
}

/** Evaluates every `expect` line against the buffers read back. */
export function evaluateExpects(harness: Harness, buffers: BufferResult[], fields: readonly FieldExpect[] = []): ExpectOutcome[] {
  return harness.expects.map((spec) => {
    const buf = buffers.find((b) => b.group === spec.group && b.binding === spec.binding)!;
    const field = fields.find((f) => f.spec === spec);
    if (field) {
      const r = checkField(field, new Uint8Array(buf.values.buffer, buf.values.byteOffset, buf.values.byteLength), harness.tolerance?.ulps);
      const { line, column, group, binding, start, end } = spec;
      return { line, column, group, binding, start, end, expected: spec.values, ...r, field: field.path, type: field.type };
    }
    const r = checkExpect(spec, buf.type, buf.values, harness.tolerance?.ulps);
    return {
      line: spec.line,
      column: spec.column,
      group: spec.group,
      binding: spec.binding,
      start: spec.start,
      end: spec.end,
      expected: spec.values,
      actual: Array.from(buf.values.subarray(spec.start, spec.end)),
      ok: r.ok,
      mismatches: r.mismatches,
    };
  });
}

export function passResults(plan: RunPlan): Pick<RunResult, 'entryPoint' | 'workgroupSize' | 'dispatch' | 'passes'> {
  const passes = plan.passes.map((p) => ({ entryPoint: p.entry.name, workgroupSize: p.workgroupSize, dispatch: p.dispatch }));
  return { ...passes[0]!, passes };
}

/** Buffers of a plan, in the plan's order, holding the given contents. */
export function bufferResults(plan: RunPlan, contents: ElementArray[]): BufferResult[] {
  return plan.bindings
    .map((b, i) => ({ b, values: contents[i]! }))
    .filter(({ b }) => b.kind === 'storage')
    .map(({ b, values }) => {
      const typed = 'typed' in b.spec ? b.spec.typed : undefined;
      const struct =
        typed && b.shader && structView(b.shader, new Uint8Array(values.buffer, values.byteOffset, values.byteLength), typed.count);
      return {
        group: b.group,
        binding: b.binding,
        name: b.shader?.name,
        type: b.spec.type,
        count: b.unused ? b.unused.elements : values.length,
        // f16 contents travel as bits; results hold their values.
        values: b.spec.type === 'f16' ? f16Values(values as Uint16Array) : values,
        ...(struct ? { struct } : {}),
        ...(b.unused ? { unused: true as const } : {}),
      };
    });
}
