// Device features a shader's `enable` directives need. A device without them cannot even
// compile the shader, so `run` says what is missing before Tint's terse refusal, and
// `check` analyzes without the GPU compiler rather than reporting a compile error that is
// about the device, not the shader.
import type { DeviceHandle } from '../gpu/session.js';
import { GpuUnavailableError } from '../gpu/errors.js';
import { tokenize } from '../wgsl/lexer.js';
import { missingFeatureAdvice, type Audience } from './audience.js';

/** `enable` names whose device feature wgsl-lab checks before compiling. */
const FEATURE_OF_ENABLE: Record<string, GPUFeatureName> = { f16: 'shader-f16' };

/**
 * The names of the source's `enable` directives. Directives come before every declaration,
 * so the tokens up to the first one that is not a directive suffice: no parse (the lab's
 * page must not carry the parser, which lives in its worker).
 */
function enableNames(source: string): string[] {
  let tokens;
  try {
    tokens = tokenize(source);
  } catch {
    return []; // Tint reports what does not lex
  }
  const names: string[] = [];
  let i = 0;
  while (tokens[i]?.kind === 'ident' && ['enable', 'requires', 'diagnostic'].includes(tokens[i]!.text)) {
    const isEnable = tokens[i]!.text === 'enable';
    i++;
    while (tokens[i] && tokens[i]!.kind !== 'eof' && tokens[i]!.text !== ';') {
      if (isEnable && tokens[i]!.kind === 'ident') names.push(tokens[i]!.text);
      i++;
    }
    i++; // the ';'
  }
  return names;
}

/** The enable names of the source whose feature the device lacks. */
export function missingEnables(source: string, handle: DeviceHandle): string[] {
  return enableNames(source).filter((e) => FEATURE_OF_ENABLE[e] && !handle.device.features.has(FEATURE_OF_ENABLE[e]));
}

/** Throws when the device cannot run the source for want of a feature (exit 2, like no GPU). */
export function requireEnabledFeatures(source: string, handle: DeviceHandle, audience?: Audience): void {
  const missing = missingEnables(source, handle);
  if (!missing.length) return;
  const features = missing.map((e) => `'${FEATURE_OF_ENABLE[e]}'`).join(', ');
  const directives = missing.map((e) => `\`enable ${e};\``).join(', ');
  throw new GpuUnavailableError(
    `the shader has ${directives}, but the GPU device (${handle.description.description}) has no ${features} feature, so it cannot run here; ${missingFeatureAdvice(audience)}`,
  );
}
