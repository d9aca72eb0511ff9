// Compiles a texture line's init expression (texture-types.ts) to a function of the texel
// coordinates and channel. random() draws from the binding's stream like buffer lines do,
// indexed by texel × 4 + channel, so every channel of every texel gets its own value.
import { randomSite } from './random.js';
import type { TexInitExpr, TextureSpec } from './types.js';

export type TexelInit = (x: number, y: number, z: number, c: number, texel: number) => number;

const CALLS: Record<string, (...a: number[]) => number> = {
  sin: Math.sin,
  cos: Math.cos,
  floor: Math.floor,
  fract: (v) => v - Math.floor(v),
  abs: Math.abs,
  sqrt: Math.sqrt,
  min: Math.min,
  max: Math.max,
};

/** The value of channel c of texel (x, y, z); zero everywhere when the line has no init. */
export function compileTextureInit(spec: TextureSpec): TexelInit {
  const { init } = spec;
  if (!init) return () => 0;
  if (Array.isArray(init)) {
    const parts = init.map((e) => compile(e, spec));
    return (x, y, z, c, t) => (c < parts.length ? parts[c]!(x, y, z, c, t) : c === 3 ? 1 : 0);
  }
  return compile(init, spec);
}

function compile(e: TexInitExpr, spec: TextureSpec): TexelInit {
  switch (e.kind) {
    case 'number': {
      const v = e.value;
      return () => v;
    }
    case 'var':
      return e.name === 'x' ? (x) => x : e.name === 'y' ? (_x, y) => y : e.name === 'z' ? (_x, _y, z) => z : (_x, _y, _z, c) => c;
    case 'unary': {
      const f = compile(e.operand, spec);
      return e.op === '-' ? (x, y, z, c, t) => -f(x, y, z, c, t) : f;
    }
    case 'binary': {
      const l = compile(e.left, spec);
      const r = compile(e.right, spec);
      switch (e.op) {
        case '+':
          return (x, y, z, c, t) => l(x, y, z, c, t) + r(x, y, z, c, t);
        case '-':
          return (x, y, z, c, t) => l(x, y, z, c, t) - r(x, y, z, c, t);
        case '*':
          return (x, y, z, c, t) => l(x, y, z, c, t) * r(x, y, z, c, t);
        case '/':
          return (x, y, z, c, t) => l(x, y, z, c, t) / r(x, y, z, c, t);
        case '%':
          return (x, y, z, c, t) => l(x, y, z, c, t) % r(x, y, z, c, t);
      }
      break;
    }
    case 'call': {
      const fn = CALLS[e.fn]!;
      const args = e.args.map((a) => compile(a, spec));
      if (args.length === 1) return (x, y, z, c, t) => fn(args[0]!(x, y, z, c, t));
      return (x, y, z, c, t) => fn(...args.map((a) => a(x, y, z, c, t)));
    }
    case 'random': {
      const r = randomSite(spec.group, spec.binding, e.site);
      return (_x, _y, _z, c, t) => r(t * 4 + c);
    }
  }
  throw new Error('internal: unknown texture init expression');
}
