// Deterministic inputs for benchmarks and tests: a seeded 32-bit generator (splitmix32
// steps), so every run measures and validates the same data.
import type { ElementArray, ElementType } from '../kernels/index.js';

/** Returns a function yielding uniformly distributed u32 values for `seed`. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aafd);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
}

/**
 * n random elements: f32 uniform in [-scale, scale) (24-bit steps, so exact in f32), i32 and
 * u32 over their whole range (sums wrap), or u32 below `below` when given.
 */
export function randomArray(type: ElementType, n: number, seed: number, range: { scale?: number; below?: number } = {}): ElementArray {
  const next = generator(seed);
  if (type === 'f32') {
    const scale = range.scale ?? 1;
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = ((next() >>> 8) / 2 ** 23 - 1) * scale;
    return out;
  }
  const out = type === 'i32' ? new Int32Array(n) : new Uint32Array(n);
  const below = range.below;
  for (let i = 0; i < n; i++) out[i] = below === undefined ? next() : next() % below;
  return out;
}
