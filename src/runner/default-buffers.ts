// `check` works on kernels without a header too: the simulate pipeline gives every binding
// the header does not provide a zero-filled buffer (see SimulateOptions.defaultBuffers).
import type { BufferSpec, ElementType, Harness, UniformSpec } from '../harness/index.js';
import type { Reflection } from '../wgsl/reflect.js';
import { sourceSpan } from '../diagnostics/index.js';
import { selectEntryPoint } from './plan.js';
import type { Audience } from './audience.js';

/**
 * Every binding the entry point uses and the header does not provide gets a zero-filled
 * buffer (one element per invocation of the dispatch for runtime-sized arrays). Returns
 * the completed harness and a description of each buffer added.
 */
export function withDefaultBuffers(
  harness: Harness,
  reflection: Reflection,
  entry?: string,
  audience?: Audience,
): { harness: Harness; synthesized: string[] } {
  const passes = harness.passes.length
    ? harness.passes.map((p) => selectEntryPoint(reflection, p.entry))
    : [selectEntryPoint(reflection, entry, audience)];
  const have = new Set([...harness.buffers, ...harness.uniforms].map((b) => `${b.group}:${b.binding}`));
  const buffers: BufferSpec[] = [...harness.buffers];
  const uniforms: UniformSpec[] = [...harness.uniforms];
  const synthesized: string[] = [];
  const invocations =
    Math.max(...passes.map((e) => e.workgroupSize!.reduce((a, b) => a * b, 1))) * harness.dispatch.reduce((a, b) => a * b, 1);
  for (const b of passes.flatMap((e) => e.bindings)) {
    const key = `${b.group}:${b.binding}`;
    if (have.has(key) || b.space === 'handle') continue;
    have.add(key);
    const type: ElementType = b.leaf === 'f32' || b.leaf === 'i32' ? b.leaf : 'u32';
    const loc = sourceSpan(b.loc);
    if (b.space === 'uniform') {
      const zero = { init: { kind: 'number', value: 0 } as const, initText: '0' };
      if (b.minSize <= 4) {
        uniforms.push({ group: b.group, binding: b.binding, type, ...zero, ...loc });
        synthesized.push(`'${b.name}' (uniform = 0)`);
      } else {
        // A struct, vector or array uniform: zero-filled raw words of the layout's size.
        const words = Math.ceil(b.minSize / 4);
        uniforms.push({ group: b.group, binding: b.binding, type, count: words, ...zero, ...loc });
        synthesized.push(`'${b.name}' (uniform ${type}[${words}] = 0)`);
      }
    } else {
      const words = b.runtimeSized ? (b.minSize - (b.runtimeStride ?? 4)) / 4 + invocations * ((b.runtimeStride ?? 4) / 4) : b.minSize / 4;
      buffers.push({ group: b.group, binding: b.binding, type, count: Math.max(1, Math.ceil(words)), ...loc });
      synthesized.push(`'${b.name}' (${type}[${Math.max(1, Math.ceil(words))}])`);
    }
  }
  return { harness: { ...harness, buffers, uniforms }, synthesized };
}
