// The bridge from a plan being made to the memory budget: the bindings plan.ts has
// validated but not yet filled, and the header's textures, as memory-budget.ts's input.
import type { ElementType, Harness } from '../harness/index.js';
import { granuleOf } from '../sim/layout.js';
import type { BindingInfo, EntryPointInfo, Reflection } from '../wgsl/reflect.js';
import type { BudgetInput } from './memory-budget.js';

/** What the budget reads of a binding plan.ts has checked but not yet filled. */
export interface BindingToBudget {
  group: number;
  binding: number;
  kind: 'storage' | 'uniform';
  spec: { type: ElementType };
  byteSize: number;
  /** Set when no pass uses the binding. */
  unused?: unknown;
  /** The shader's declaration at this binding (used or not). */
  declared: BindingInfo;
  /** Whether filling allocates the contents (used, or checked by an expect line). */
  materialized: boolean;
}

export function budgetInput(
  harness: Harness,
  reflection: Reflection,
  passes: readonly { entry: Pick<EntryPointInfo, 'workgroupStorageBytes'> }[],
  pending: readonly BindingToBudget[],
): BudgetInput {
  const declared = new Map(reflection.bindings.map((b) => [`${b.group}:${b.binding}`, b]));
  const buffers = pending.map((p) => ({
    label: `${p.kind === 'uniform' ? 'uniform' : 'buffer'} ${p.group}:${p.binding} '${p.declared.name}'`,
    kind: p.kind,
    bytes: p.byteSize,
    used: !p.unused,
    materialized: p.materialized,
    writable: p.kind === 'storage' && p.declared.access !== 'read',
    granule: granuleOf(p.declared.type),
    f16: p.spec.type === 'f16',
  }));
  const textures = (harness.textures ?? []).map((t) => {
    const b = declared.get(`${t.group}:${t.binding}`);
    return {
      label: `texture ${t.group}:${t.binding}${b ? ` '${b.name}'` : ''}`,
      texels: t.size.reduce((a, n) => a * n, 1),
      writable: b !== undefined && b.type.kind === 'opaque' && b.type.name.startsWith('texture_storage') && b.access !== 'read',
    };
  });
  return { buffers, textures, workgroupBytes: Math.max(0, ...passes.map((p) => p.entry.workgroupStorageBytes)) };
}
