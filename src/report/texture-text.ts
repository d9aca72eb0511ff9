// `run`'s text for textures: each storage texture's size, format and channel range, its
// first texels (all of them with --full), and a line per `expect texture`.
import type { RunResult } from '../runner/result.js';

const num = (v: number) => (Number.isInteger(v) ? String(v) : Number(v.toPrecision(6)).toString());

/** Texels shown without --full. */
const SHOWN_TEXELS = 4;

export function formatTextures(r: RunResult, file: string, full: boolean): string[] {
  const out: string[] = [];
  for (const t of r.textures ?? []) {
    const [w, h, d] = t.size;
    const count = t.texels.length / 4;
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of t.texels) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const n = full ? count : Math.min(count, SHOWN_TEXELS);
    const texels: string[] = [];
    for (let k = 0; k < n; k++) {
      const x = k % w;
      const y = Math.floor(k / w) % h;
      const z = Math.floor(k / (w * h));
      texels.push(
        `(${x}, ${y}${d > 1 ? `, ${z}` : ''}) = ${t.texels
          .slice(k * 4, k * 4 + 4)
          .map(num)
          .join(', ')}`,
      );
    }
    const more = n < count ? `; … ${count - n} more texels` : '';
    out.push(
      `@group(${t.group}) @binding(${t.binding}) ${t.name}: ${t.format} ${t.size.slice(0, d > 1 ? 3 : 2).join('x')}, channels ${num(lo)}..${num(hi)}: ${texels.join('; ')}${more}`,
    );
  }
  for (const e of r.textureExpects ?? []) {
    const ref = `texture ${e.group ? `${e.group}:` : ''}${e.binding} (${e.coords.join(', ')})`;
    if (e.ok) out.push(`ok   expect ${ref} = ${e.expected.map(num).join(', ')}`);
    else
      out.push(
        `${file}:${e.line}:${e.column}: error: expect ${ref} failed: the texel is ${e.actual.map(num).join(', ')}, expected ${e.expected.map(num).join(', ')}`,
      );
  }
  return out;
}
