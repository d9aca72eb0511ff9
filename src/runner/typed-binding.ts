// A header binding given by a struct value (`typed`): its bytes from the shader's layout
// (typed-values.ts), checked against the device's binding-size limit like any buffer.
import { bindingName, type BufferSpec, type TypedInit, type UniformSpec } from '../harness/index.js';
import type { BindingInfo } from '../wgsl/reflect.js';
import type { RunLimits } from '../gpu/limits.js';
import { InputError } from './errors.js';
import { encodeTyped, typedByteLength } from './typed-values.js';

/** The binding's buffer size in bytes, and how to make its raw words (checked against the limit before they exist). */
export function typedBinding(
  spec: BufferSpec | UniformSpec,
  typed: TypedInit,
  b: BindingInfo,
  uniform: boolean,
  limits: RunLimits,
): { encode: () => Uint32Array; byteSize: number } {
  const bytes = typedByteLength(spec, typed, b, uniform);
  const limit = uniform ? limits.maxUniformBufferBindingSize : limits.maxStorageBufferBindingSize;
  if (bytes > limit)
    throw new InputError(
      `${bindingName(spec)} is ${bytes} bytes; this device binds at most ${limit}: use fewer elements`,
      typed.typeAt ?? spec,
    );
  return {
    encode: () => encodeTyped(spec, typed, b, uniform),
    // Uniform buffers are padded to 16 bytes, the alignment of a uniform struct's size.
    byteSize: uniform ? Math.max(16, Math.ceil(bytes / 16) * 16) : bytes,
  };
}

/** The header line to suggest for a binding of struct (or array-of-struct) type, or undefined. */
export function structHint(b: BindingInfo): string | undefined {
  const ref = `${b.group ? `${b.group}:` : ''}${b.binding}`;
  if (b.type.kind === 'struct') {
    const first = b.type.members[0]?.name ?? 'field';
    if (b.space === 'uniform') return `//! uniform ${ref} = { ${first}: … }`;
    return `//! buffer ${ref} ${b.type.name}${b.runtimeSized ? '[N]' : ''} = { ${first}: … }`;
  }
  if (b.type.kind === 'array' && b.type.elem.kind === 'struct' && b.space !== 'uniform') {
    const first = b.type.elem.members[0]?.name ?? 'field';
    return `//! buffer ${ref} ${b.type.elem.name}[${b.type.count ?? 'N'}] = { ${first}: … }`;
  }
  return undefined;
}
