// Checks an `expect texture` line against the texture line it names (parse.ts calls this
// once the whole header is read): the texel inside the texture, a value per channel.
import { HarnessError } from './errors.js';
import { headerSpan, type HeaderLine } from './scan.js';
import type { TextureExpectSpec, TextureSpec } from './types.js';
import { TEXTURE_FORMAT_CHANNELS } from './texture-directives.js';

export function resolveTextureExpect(
  d: TextureExpectSpec,
  header: HeaderLine,
  decl: { kind: string; spec?: unknown } | undefined,
  errors: HarnessError[],
): TextureExpectSpec | undefined {
  const where = `@group(${d.group}) @binding(${d.binding})`;
  const at = headerSpan(header, d.column);
  if (!decl) {
    errors.push(new HarnessError(`expect texture names ${where}, but no texture line declares it`, at));
    return undefined;
  }
  if (decl.kind !== 'texture') {
    errors.push(new HarnessError(`expect texture names ${where}, which is a ${decl.kind}, not a texture`, at));
    return undefined;
  }
  const tex = decl.spec as TextureSpec | undefined;
  if (!tex) return undefined;
  const before = errors.length;
  const size = [...tex.size, 1, 1].slice(0, 3);
  if (d.coords.length > tex.size.length && d.coords.slice(tex.size.length).some((c) => c !== 0))
    errors.push(
      new HarnessError(`texel (${d.coords.join(', ')}) has more coordinates than ${where} (${tex.size.join('x')}) has dimensions`, at),
    );
  else if (d.coords.some((c, i) => c >= size[i]!))
    errors.push(new HarnessError(`texel (${d.coords.join(', ')}) is outside ${where}, which is ${tex.size.join('x')}`, at));
  const channels = TEXTURE_FORMAT_CHANNELS[tex.format]!;
  if (d.values.length !== channels && d.values.length !== 4)
    errors.push(
      new HarnessError(
        `${tex.format} has ${channels} channel${channels === 1 ? '' : 's'}: give ${channels}${channels === 4 ? '' : ' or 4'} values, found ${d.values.length}`,
        at,
      ),
    );
  return errors.length > before ? undefined : d;
}
