// Matches a parsed harness to the shader's declarations and checks everything that can be
// checked before a run: the entry point, a buffer for every binding the entry point uses,
// element types, sizes, workgroup size, workgroup memory and dispatch against the limits.
// The GPU runtime and the simulator both execute the resulting plan.
import {
  allocateElements,
  bindingName,
  elementBytes,
  fillBuffer,
  uniformValue,
  type BufferSpec,
  type ElementArray,
  type Harness,
  type UniformSpec,
} from '../harness/index.js';
import type { BindingInfo, EntryPointInfo, Reflection } from '../wgsl/reflect.js';
import { typeName } from '../wgsl/types.js';
import type { SourceSpan } from '../diagnostics/index.js';
import { InputError } from './errors.js';
import { structHint, typedBinding } from './typed-binding.js';
import { resolveFieldExpects, type FieldExpect } from './field-expects.js';
import { planTextures, type PlannedSampler, type PlannedTexture } from './plan-textures.js';
import type { RunLimits } from '../gpu/limits.js';
import { enforceBudget, estimateMemory, inParts, type MemoryBudget, type MemoryMode } from './memory-budget.js';
import { budgetInput } from './plan-memory.js';
import { entryWithPassesText, pickEntryAdvice, type Audience } from './audience.js';

export interface PlannedBinding {
  group: number;
  binding: number;
  kind: 'storage' | 'uniform';
  spec: BufferSpec | UniformSpec;
  /** The shader's declaration, when the entry point uses this binding. */
  shader?: BindingInfo;
  /** Initial contents. */
  data: ElementArray;
  /** Buffer size in bytes (uniforms are padded to 16). */
  byteSize: number;
  /**
   * Set when no pass's entry point uses the binding: it is allocated neither on the GPU nor
   * in the simulator, and `data` holds its initial values only when an expect line checks
   * them (otherwise it is empty); `elements` is the header's element count.
   */
  unused?: { elements: number };
}

export interface PlannedPass {
  entry: EntryPointInfo;
  workgroupSize: [number, number, number];
  dispatch: [number, number, number];
}

export interface RunPlan {
  /** One pass for a `dispatch` header; one per `pass` line otherwise, run in order. */
  passes: PlannedPass[];
  /** Every buffer of the header, in header order (storage buffers first, then uniforms). */
  bindings: PlannedBinding[];
  /** The expect lines of struct buffers, resolved to the bytes they compare (field-expects.ts). */
  fieldExpects: FieldExpect[];
  /** Textures and samplers (plan-textures.ts), in header order. */
  textures: PlannedTexture[];
  samplers: PlannedSampler[];
}

/** A binding checked, whose contents `fill` makes: the allocation the memory budget guards. */
type PendingBinding = Omit<PlannedBinding, 'data'> & {
  fill: () => ElementArray;
  /** The shader's declaration at this binding (used or not). */
  declared: BindingInfo;
  /** Whether `fill` allocates the contents (used, or checked by an expect line). */
  materialized: boolean;
};

export interface PlanOptions {
  entry?: string;
  /** Refuse the plan, before anything is allocated, when it needs more memory than the budget (memory-budget.ts). */
  memory?: { mode: MemoryMode; budget: MemoryBudget; parts?: number };
  /** Who reads the refusals: the CLI's name its flags, the lab's what to change on the page. */
  audience?: Audience;
}

export function selectEntryPoint(reflection: Reflection, wanted?: string, audience?: Audience): EntryPointInfo {
  const computes = reflection.entryPoints.filter((e) => e.stage === 'compute');
  if (wanted !== undefined) {
    const e = computes.find((x) => x.name === wanted);
    if (!e) {
      const other = reflection.entryPoints.find((x) => x.name === wanted);
      if (other) throw new InputError(`'${wanted}' is a @${other.stage} entry point; wgsl-lab runs @compute entry points`, other.loc);
      throw new InputError(
        `there is no @compute entry point named '${wanted}'; the shader has: ${computes.map((x) => x.name).join(', ') || 'none'}`,
      );
    }
    return e;
  }
  if (computes.length === 0) throw new InputError('the shader has no @compute entry point (a function marked @compute @workgroup_size(…))');
  if (computes.length > 1) {
    throw new InputError(
      `the shader has ${computes.length} @compute entry points (${computes.map((x) => x.name).join(', ')}): ${pickEntryAdvice(audience)}`,
    );
  }
  return computes[0]!;
}

function describe(b: BindingInfo): string {
  const space = b.space === 'storage' ? `var<storage, ${b.access}>` : b.space === 'uniform' ? 'var<uniform>' : 'var';
  return `'${b.name}' (${bindingName(b)}, ${space} ${typeName(b.type)})`;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export function planRun(harness: Harness, reflection: Reflection, limits: RunLimits, options: PlanOptions = {}): RunPlan {
  let passes: PlannedPass[];
  if (harness.passes.length) {
    if (options.entry !== undefined) throw new InputError(entryWithPassesText(options.audience), harness.passes[0]!);
    passes = harness.passes.map((p) => {
      let entry: EntryPointInfo;
      try {
        entry = selectEntryPoint(reflection, p.entry);
      } catch (e) {
        throw new InputError((e as Error).message, p.entryLoc);
      }
      return checkPass(entry, p.dispatch, limits, p);
    });
  } else {
    passes = [checkPass(selectEntryPoint(reflection, options.entry, options.audience), harness.dispatch, limits, harness.dispatchLocation)];
  }
  checkOverrides(harness, reflection);
  const pending = planBindings(harness, reflection, limits, passes);
  // Everything above only validated; the budget is checked before the first allocation.
  if (options.memory) {
    const estimate = estimateMemory(budgetInput(harness, reflection, passes, pending), options.memory.mode);
    enforceBudget(inParts(estimate, options.memory.parts ?? 1), options.memory.budget);
  }
  const bindings = pending.map(planned);
  return {
    passes,
    bindings,
    fieldExpects: resolveFieldExpects(harness, reflection),
    ...planTextures(
      harness,
      reflection,
      passes.map((p) => p.entry),
    ),
  };
}

/** A validated binding with its contents made: the one place a plan allocates buffer memory. */
function planned(p: PendingBinding): PlannedBinding {
  const { group, binding, kind, spec, shader, byteSize, unused } = p;
  return { group, binding, kind, spec, ...(shader ? { shader } : {}), data: p.fill(), byteSize, ...(unused ? { unused } : {}) };
}

/** Every `//! override NAME` must name one of the shader's `override` declarations. */
function checkOverrides(harness: Harness, reflection: Reflection): void {
  for (const o of harness.overrides) {
    if (reflection.overrides.some((d) => d.name === o.name)) continue;
    const names = reflection.overrides.map((d) => d.name).join(', ') || 'none';
    throw new InputError(`the header sets override '${o.name}', but the shader declares no such override (declared: ${names})`, o);
  }
}

function checkPass(entry: EntryPointInfo, dispatch: [number, number, number], limits: RunLimits, dl?: SourceSpan): PlannedPass {
  const ws = entry.workgroupSize ?? [1, 1, 1];
  const at = entry.loc;

  // Workgroup shape and memory against the limits.
  const axes = ['X', 'Y', 'Z'] as const;
  ws.forEach((n, i) => {
    const limit = limits[`maxComputeWorkgroupSize${axes[i]!}`];
    if (n > limit)
      throw new InputError(
        `@workgroup_size ${axes[i]!.toLowerCase()} = ${n} exceeds this device's maxComputeWorkgroupSize${axes[i]} (${limit}): use a smaller @workgroup_size and dispatch more workgroups`,
        at,
      );
  });
  const invocations = ws[0] * ws[1] * ws[2];
  if (invocations > limits.maxComputeInvocationsPerWorkgroup) {
    throw new InputError(
      `@workgroup_size(${ws.join(', ')}) is ${invocations} invocations; this device allows ${limits.maxComputeInvocationsPerWorkgroup} (maxComputeInvocationsPerWorkgroup): use a smaller @workgroup_size and dispatch more workgroups`,
      at,
    );
  }
  if (entry.workgroupStorageBytes > limits.maxComputeWorkgroupStorageSize) {
    throw new InputError(
      `'${entry.name}' uses ${entry.workgroupStorageBytes} bytes of workgroup memory; this device allows ${limits.maxComputeWorkgroupStorageSize} (maxComputeWorkgroupStorageSize): use smaller var<workgroup> arrays (a smaller tile, or the data in several rounds)`,
      at,
    );
  }
  dispatch.forEach((n, i) => {
    if (n > limits.maxComputeWorkgroupsPerDimension) {
      throw new InputError(
        `dispatch ${'xyz'[i]} = ${n} exceeds maxComputeWorkgroupsPerDimension (${limits.maxComputeWorkgroupsPerDimension}): split the work over more dimensions or several dispatches`,
        dl,
      );
    }
  });
  return { entry, workgroupSize: ws, dispatch: [...dispatch] };
}

/** The bindings validated, their contents not yet filled (filling allocates them). */
function planBindings(harness: Harness, reflection: Reflection, limits: RunLimits, passes: PlannedPass[]): PendingBinding[] {
  // One buffer per binding: an entry point that uses two variables at the same binding
  // would leave one of them without memory (WebGPU refuses such a pipeline too).
  for (const p of passes) {
    const seen = new Map<string, BindingInfo>();
    for (const b of p.entry.bindings) {
      const first = seen.get(`${b.group}:${b.binding}`);
      if (first && first !== b) {
        throw new InputError(
          `'${p.entry.name}' uses both '${first.name}' and '${b.name}' at ${bindingName(b)}: give one of them another @binding`,
          b.loc,
        );
      }
      seen.set(`${b.group}:${b.binding}`, b);
    }
  }
  const declared = new Map(reflection.bindings.map((b) => [`${b.group}:${b.binding}`, b]));
  const usedBindings = passes.flatMap((p) => p.entry.bindings);
  const used = new Set(usedBindings.map((b) => `${b.group}:${b.binding}`));
  const bindings: PendingBinding[] = [];
  const specs: (BufferSpec | UniformSpec)[] = [...harness.buffers, ...harness.uniforms];

  for (const spec of specs) {
    const isUniform = harness.uniforms.includes(spec as UniformSpec);
    const key = `${spec.group}:${spec.binding}`;
    const b = declared.get(key);
    const directive = isUniform ? 'uniform' : 'buffer';
    if (!b) {
      throw new InputError(
        `the header's ${directive} ${bindingName(spec)} has no matching variable in the shader (declared: ${reflection.bindings.map((x) => `${x.name} ${bindingName(x)}`).join(', ') || 'none'})`,
        spec,
      );
    }
    if (b.space === 'handle')
      throw new InputError(
        `${describe(b)} is a texture or sampler: give it a \`//! texture\` or \`//! sampler\` line instead of a ${directive} line`,
        spec,
      );
    if (isUniform !== (b.space === 'uniform')) {
      const want = b.space === 'uniform' ? `//! uniform ${spec.binding} …` : `//! buffer ${spec.binding} …`;
      throw new InputError(
        `${describe(b)} is ${b.space === 'uniform' ? 'a uniform' : 'a storage buffer'} in the shader, but the header declares a ${directive}: use ${want}`,
        spec,
      );
    }
    // An unused binding's initial values are computed only for the expect lines that check them.
    const isUsed = used.has(key);
    const checked = harness.expects.some((e) => e.group === spec.group && e.binding === spec.binding);
    const pend = (fill: () => ElementArray, byteSize: number, elements: number) =>
      bindings.push({
        group: spec.group,
        binding: spec.binding,
        kind: isUniform ? 'uniform' : 'storage',
        spec,
        ...(isUsed ? { shader: b } : {}),
        byteSize,
        ...(isUsed ? {} : { unused: { elements } }),
        fill: isUsed || checked ? fill : () => allocateElements(spec.type, 0),
        declared: b,
        materialized: isUsed || checked,
      });
    if (spec.typed) {
      const typed = typedBinding(spec, spec.typed, b, isUniform, limits);
      pend(typed.encode, typed.byteSize, typed.byteSize / 4);
      continue;
    }
    // Raw u32 words may fill f16 data, as they fill bools (captured kernels give f16 that way).
    if (b.leaf && b.leaf !== 'bool' && b.leaf !== spec.type && !(b.leaf === 'f16' && spec.type === 'u32')) {
      throw new InputError(
        `the header fills ${bindingName(spec)} with ${spec.type}, but the shader's ${describe(b)} holds ${b.leaf}`,
        spec,
      );
    }
    const count = isUniform ? ((spec as UniformSpec).count ?? 1) : (spec as BufferSpec).count;
    const size = elementBytes(spec.type);
    const bytes = count * size;
    if (isUniform) {
      const words = (spec as UniformSpec).count;
      if (words === undefined && b.minSize > 4) {
        throw new InputError(
          `a header uniform holds one ${spec.type} (${size} bytes), but the shader's ${describe(b)} needs ${b.minSize} bytes; give its raw words (\`//! uniform ${spec.group ? `${spec.group}:` : ''}${spec.binding} ${spec.type}[${Math.ceil(b.minSize / 4)}] = …\`), or pass the data in a storage buffer`,
          spec,
        );
      }
      if (words !== undefined && bytes < b.minSize) {
        throw new InputError(
          `uniform ${bindingName(spec)} holds ${bytes} bytes (${spec.type}[${words}]), but the shader's ${describe(b)} needs ${b.minSize} bytes: make it ${spec.type}[${Math.ceil(b.minSize / size)}]`,
          spec,
        );
      }
    } else {
      if (bytes < b.minSize) {
        const need = b.runtimeSized ? `at least ${b.minSize} bytes (one element)` : `${b.minSize} bytes`;
        throw new InputError(
          `buffer ${bindingName(spec)} holds ${bytes} bytes (${spec.type}[${count}]), but the shader's ${describe(b)} needs ${need}: make it ${spec.type}[${Math.ceil(b.minSize / size)}]`,
          spec,
        );
      }
      if (bytes > limits.maxStorageBufferBindingSize) {
        throw new InputError(
          `buffer ${bindingName(spec)} is ${bytes} bytes; this device binds at most ${limits.maxStorageBufferBindingSize} (maxStorageBufferBindingSize, already the adapter's maximum): split the data over several buffers or dispatches`,
          spec,
        );
      }
    }
    const fill = () => (isUniform ? uniformValue(spec as UniformSpec) : fillBuffer(spec as BufferSpec));
    // Uniform buffers are padded to 16 bytes, the alignment of a uniform struct's size.
    pend(fill, isUniform ? Math.max(16, Math.ceil(bytes / 16) * 16) : Math.ceil(bytes / 4) * 4, count);
  }

  for (const b of usedBindings) {
    if (bindings.some((p) => p.group === b.group && p.binding === b.binding)) continue;
    if (b.space === 'handle') continue; // planTextures provides textures and samplers
    const hint =
      structHint(b) ??
      (b.space === 'uniform'
        ? `//! uniform ${b.group ? `${b.group}:` : ''}${b.binding} ${b.leaf ?? 'u32'} = …`
        : `//! buffer ${b.group ? `${b.group}:` : ''}${b.binding} ${b.leaf ?? 'u32'}[${Math.max(1, Math.ceil(b.minSize / (b.leaf === 'f16' ? 2 : 4)))}]`);
    throw new InputError(`the shader's ${describe(b)} has no buffer in the header: add a line like \`${hint}\``, b.loc);
  }

  const maxGroup = Math.max(-1, ...bindings.filter((b) => b.shader).map((b) => b.group));
  if (maxGroup >= limits.maxBindGroups) {
    throw new InputError(
      `@group(${maxGroup}) is beyond this device's maxBindGroups (${limits.maxBindGroups}): use groups 0 to ${limits.maxBindGroups - 1}`,
    );
  }
  for (const p of passes) {
    const storageCount = p.entry.bindings.filter((b) => b.space === 'storage').length;
    if (storageCount > limits.maxStorageBuffersPerShaderStage) {
      throw new InputError(
        `'${p.entry.name}' uses ${plural(storageCount, 'storage buffer')}; this device allows ${limits.maxStorageBuffersPerShaderStage} per stage (maxStorageBuffersPerShaderStage): combine some of them into one buffer`,
        p.entry.loc,
      );
    }
  }
  return bindings;
}
