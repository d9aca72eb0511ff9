// What the GPU runtime needs to know about a shader before running it: entry points with
// their workgroup size and workgroup-memory use, and every resource binding with its type
// and minimum size. Uses the front end's declarations only (no function bodies are typed),
// so any shader the real compiler accepts can be reflected.
import { parseWgsl } from './parser.js';
import { resolveModule } from './resolve.js';
import { moduleUsage } from './usage.js';
import type { GlobalVar, ModuleInfo } from './module-info.js';
import type { Loc } from './source.js';
import { isRuntimeSized, leafScalar, sizeOf, strideOf, type AccessMode, type ScalarName, type Type } from './types.js';

export interface BindingInfo {
  name: string;
  group: number;
  binding: number;
  space: 'storage' | 'uniform' | 'handle';
  access: AccessMode;
  type: Type;
  /** Smallest buffer size in bytes the binding accepts (runtime-sized arrays: one element). */
  minSize: number;
  runtimeSized: boolean;
  /** Element stride of the runtime-sized array, when there is one. */
  runtimeStride?: number;
  /** The scalar at the leaves of the type, when all leaves share one. */
  leaf?: ScalarName;
  loc: Loc;
}

export interface EntryPointInfo {
  name: string;
  stage: 'compute' | 'vertex' | 'fragment';
  workgroupSize?: [number, number, number];
  /** Bytes of var<workgroup> the entry point uses (directly or through calls). */
  workgroupStorageBytes: number;
  /** Bindings the entry point uses. */
  bindings: BindingInfo[];
  loc: Loc;
}

export interface Reflection {
  entryPoints: EntryPointInfo[];
  /** Every declared binding, used or not. */
  bindings: BindingInfo[];
  /** Names of enabled extensions (`enable subgroups;`). */
  enables: string[];
  /** The module's `override` declarations: name, and whether it has a value (default or given). */
  overrides: { name: string; hasValue: boolean; loc: Loc }[];
}

export function reflect(source: string, overrides?: Record<string, number>): Reflection {
  const ast = parseWgsl(source);
  return reflectModule(resolveModule(ast, { bodies: false, overrides }));
}

/** Reflection of an already resolved module (the simulator's, so the source is parsed once). */
export function reflectModule(info: ModuleInfo): Reflection {
  const ast = info.ast;
  const usage = moduleUsage(ast);
  const bindingOf = new Map<GlobalVar, BindingInfo>();
  const bindings: BindingInfo[] = [];
  for (const g of info.globals) {
    if (g.group === undefined || g.binding === undefined) continue;
    const b = describeBinding(g);
    bindingOf.set(g, b);
    bindings.push(b);
  }
  const entryPoints = info.entryPoints.map((f): EntryPointInfo => {
    const names = usage.get(f.name)?.names ?? new Set<string>();
    const used = info.globals.filter((g) => names.has(g.name));
    return {
      name: f.name,
      stage: f.stage!,
      workgroupSize: f.workgroupSize,
      workgroupStorageBytes: used.filter((g) => g.space === 'workgroup').reduce((acc, g) => acc + roundUp16(sizeOf(g.type)), 0),
      bindings: used.map((g) => bindingOf.get(g)).filter((b): b is BindingInfo => !!b),
      loc: f.decl.nameLoc,
    };
  });
  const overrides = info.overrides.map((o) => ({ name: o.name, hasValue: !!o.value, loc: o.decl.nameLoc }));
  return { entryPoints, bindings, enables: info.enables, overrides };
}

// WebGPU counts each workgroup variable as roundUp(16, SizeOf(T)) against
// maxComputeWorkgroupStorageSize; counting the same way matches the device's verdict.
function roundUp16(n: number): number {
  return Math.ceil(n / 16) * 16;
}

function describeBinding(g: GlobalVar): BindingInfo {
  const space = g.space === 'storage' || g.space === 'uniform' ? g.space : 'handle';
  const b: BindingInfo = {
    name: g.name,
    group: g.group!,
    binding: g.binding!,
    space,
    access: g.access,
    type: g.type,
    minSize: 0,
    runtimeSized: false,
    loc: g.loc,
  };
  if (space === 'handle') return b;
  b.minSize = sizeOf(g.type);
  b.runtimeSized = isRuntimeSized(g.type);
  if (b.runtimeSized) {
    const arr = g.type.kind === 'array' ? g.type : g.type.kind === 'struct' ? g.type.members[g.type.members.length - 1]!.type : undefined;
    if (arr?.kind === 'array') b.runtimeStride = strideOf(arr);
  }
  b.leaf = leafScalar(g.type)?.name;
  return b;
}
