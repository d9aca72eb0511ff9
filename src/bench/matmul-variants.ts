// The matmul variants scripts/explore-matmul.ts times on a GPU, chosen to find what closes
// the gap to cuBLAS on 4096³ f32 (issue 36 item 7): tilings (squares, rectangles, 8 × 4
// blocks), slices of 8 … 32, the next slice prefetched in registers or double-buffered in
// workgroup memory, interior tiles without bounds checks, tiles visited in groups of rows,
// and the slice's k loop unrolled. src/kernels/matmul.analyze.test.ts runs every one on the
// simulator under the analyzer.
import type { MatmulTuning } from '../kernels/internal.js';

export type MatmulVariantOptions = Omit<MatmulTuning, 'm' | 'k' | 'n' | 'type' | 'maxBindingBytes'>;

export interface MatmulVariant {
  name: string;
  options: MatmulVariantOptions;
}

/** A variant's name from its options: tiling, slice, then the experiments it turns on. */
export function matmulVariantName(o: MatmulVariantOptions): string {
  const tile = o.tile ?? 128;
  const block = o.block ?? (tile <= 64 ? 4 : 8);
  const tileN = o.tileN ?? tile;
  const blockN = o.blockN ?? block;
  const parts = [`${tile}x${tileN}/${block}x${blockN}`, `s${o.slice ?? 8}`];
  if (o.prefetch && o.prefetch !== 'none') parts.push(o.prefetch);
  if (o.interior) parts.push('interior');
  if (o.groupRows && o.groupRows > 1) parts.push(`groups${o.groupRows}`);
  if (o.unrollK) parts.push('unrolled');
  return parts.join(' ');
}

const SQUARE_128: MatmulVariantOptions = { tile: 128, block: 8 };
const SQUARE_64: MatmulVariantOptions = { tile: 64, block: 4 };
const WIDE: MatmulVariantOptions = { tile: 64, block: 8, tileN: 128 };
const TALL: MatmulVariantOptions = { tile: 128, block: 8, tileN: 64 };

const list: MatmulVariantOptions[] = [
  // The default of h200-2026-12-03c and the faster of the two tilings timed there.
  { ...SQUARE_128, slice: 8 },
  { ...SQUARE_64, slice: 16 },
  // Slices and prefetching on the default tiling.
  { ...SQUARE_128, slice: 16 },
  { ...SQUARE_128, slice: 8, prefetch: 'registers' },
  { ...SQUARE_128, slice: 16, prefetch: 'registers' },
  { ...SQUARE_128, slice: 32, prefetch: 'registers' },
  { ...SQUARE_128, slice: 8, prefetch: 'double' },
  // The 64 × 64 tiling.
  { ...SQUARE_64, slice: 32 },
  { ...SQUARE_64, slice: 32, prefetch: 'registers' },
  { ...SQUARE_64, slice: 16, prefetch: 'double' },
  { tile: 64, block: 8, slice: 16, prefetch: 'registers' },
  // Rectangles: 128 invocations with 8 × 8 blocks, 256 with 8 × 4 or 4 × 8.
  { ...TALL, slice: 8 },
  { ...TALL, slice: 16, prefetch: 'registers' },
  { ...TALL, slice: 16, prefetch: 'double' },
  { ...WIDE, slice: 16, prefetch: 'registers' },
  { ...WIDE, slice: 16, prefetch: 'double' },
  { tile: 128, block: 8, tileN: 64, blockN: 4, slice: 16, prefetch: 'registers' },
  { tile: 64, block: 4, tileN: 128, blockN: 8, slice: 16, prefetch: 'registers' },
  // Interior tiles unchecked.
  { ...SQUARE_128, slice: 16, prefetch: 'registers', interior: true },
  { ...SQUARE_64, slice: 16, prefetch: 'registers', interior: true },
  { ...TALL, slice: 16, prefetch: 'double', interior: true },
  // Tiles in groups of rows (shared rows of A and columns of B in the cache).
  { ...SQUARE_128, slice: 16, prefetch: 'registers', groupRows: 8 },
  { ...SQUARE_64, slice: 16, prefetch: 'registers', groupRows: 8 },
  { ...SQUARE_128, slice: 16, prefetch: 'registers', interior: true, groupRows: 8 },
  { ...SQUARE_128, slice: 16, prefetch: 'registers', interior: true, groupRows: 4 },
  { ...SQUARE_128, slice: 32, prefetch: 'registers', interior: true, groupRows: 8 },
  { ...TALL, slice: 16, prefetch: 'double', interior: true, groupRows: 8 },
  { ...TALL, slice: 8, prefetch: 'registers', interior: true, groupRows: 8 },
  { ...SQUARE_128, slice: 8, prefetch: 'double', interior: true, groupRows: 8 },
  // The k loop unrolled.
  { ...SQUARE_128, slice: 16, prefetch: 'registers', interior: true, unrollK: true },
  { ...SQUARE_128, slice: 8, prefetch: 'registers', interior: true, groupRows: 8, unrollK: true },
  { ...SQUARE_128, slice: 16, prefetch: 'double', interior: true, groupRows: 8, unrollK: true },
  { ...SQUARE_64, slice: 16, prefetch: 'registers', interior: true, groupRows: 8, unrollK: true },
  // The k loop unrolled on the 128 × 64 tiling of the default (h200-2026-12-04b/matmul).
  { ...TALL, slice: 16, prefetch: 'double', interior: true, groupRows: 8, unrollK: true },
  { ...TALL, slice: 16, prefetch: 'double', interior: true, unrollK: true },
  { ...TALL, slice: 16, prefetch: 'double', interior: true, groupRows: 16, unrollK: true },
  { ...TALL, slice: 8, prefetch: 'double', interior: true, groupRows: 8, unrollK: true },
  { ...TALL, slice: 16, prefetch: 'registers', interior: true, groupRows: 8, unrollK: true },
  { ...WIDE, slice: 16, prefetch: 'double', interior: true, groupRows: 8, unrollK: true },
  { tile: 128, block: 8, tileN: 64, blockN: 4, slice: 16, prefetch: 'double', interior: true, groupRows: 8, unrollK: true },
];

/** What a variant leaves out is off, whatever the library's default (names say what is on). */
const OFF = { prefetch: 'none', interior: false, groupRows: 1, unrollK: false } as const;

/** Every variant once, named. */
export const MATMUL_VARIANTS: MatmulVariant[] = list.map((o) => ({ name: matmulVariantName(o), options: { ...OFF, ...o } }));
