// C = A · B for an M × K and a K × N matrix, row-major, f32 or f16 (the device's
// 'shader-f16' feature): register-blocked tiles (matmul-wgsl.ts says how). f16 inputs are
// Uint16Arrays of binary16 bit patterns (or GPUBuffers), accumulated in f32 and rounded to
// f16 once per element of C.
//
// B is bound whole; A and C are processed in bands of rows whose bindings fit the binding
// limit (several dispatches of one compute pass), so `maxBindingBytes` forces bands in tests.
import { checkLength, materialize, runAndRead, window, type InputSpec } from './buffers.js';
import { bindingLimit, deviceLostOr, kernelContext, type KernelContext, type KernelDevice } from './context.js';
import { KernelInputError, KernelOptionError, quoted } from './errors.js';
import { buildPlan, submit } from './execute.js';
import {
  matmulLabel,
  matmulShader,
  matmulTilingProblem,
  matmulWorkgroupBytes,
  type MatmulPrefetch,
  type MatmulShape,
  type MatmulType,
} from './matmul-wgsl.js';
import { checkPublic, optionValue } from './options.js';
import { getKernel } from './pipelines.js';
import type { KernelPlan, PlanBuilder } from './plan.js';
import { MATMUL_OPTIONS } from './primitive-options.js';

export type { MatmulType } from './matmul-wgsl.js';

export interface MatmulOptions {
  /** Rows of A and C. */
  m: number;
  /** Columns of A, rows of B. */
  k: number;
  /** Columns of B and C. */
  n: number;
  /** Element type: required for GPUBuffers; a Float32Array is 'f32', a Uint16Array (binary16 bits) 'f16'. */
  type?: MatmulType;
  /** The largest storage binding one dispatch uses, in bytes (default the device's limit). */
  maxBindingBytes?: number;
}

/** The experiments (MATMUL_OPTIONS says what each does): internal.ts only. */
export interface MatmulTuning extends MatmulOptions {
  tile?: 32 | 64 | 128;
  block?: 4 | 8;
  tileN?: 32 | 64 | 128;
  blockN?: 4 | 8;
  slice?: 8 | 16 | 32;
  prefetch?: MatmulPrefetch;
  interior?: boolean;
  groupRows?: 1 | 4 | 8 | 16;
  unrollK?: boolean;
  /** 'scalar' forces element-by-element loads where vec4 ones would do. */
  loads?: 'auto' | 'scalar';
}

/**
 * The default kernel (docs/decisions/0011-matmul-default.md): 128 × 64 tiles, 8 × 8 per
 * invocation, slices of 16 double-buffered, interior tiles unchecked, tiles in groups of 8
 * rows, the loop over a slice's k unrolled (decision 0012). It needs 24 KiB of workgroup
 * memory; a device with less (WebGPU's minimum is 16 KiB) gets DEFAULT_MATMUL_SMALL unless
 * a tiling, slice or prefetch was asked for.
 */
export const DEFAULT_MATMUL_TILE = 128;
export const DEFAULT_MATMUL_BLOCK = 8;
export const DEFAULT_MATMUL_SLICE = 16;
/** The rest of the default kernel (MATMUL_OPTIONS says what each is). */
const DEFAULT_MATMUL_REST = {
  tileN: 64,
  blockN: 8,
  prefetch: 'double',
  interior: true,
  groupRows: 8,
  unrollK: true,
} as const satisfies Partial<MatmulTuning>;
/** The default where workgroup memory is 16 KiB: the fastest variant that fits it on the H200. */
const DEFAULT_MATMUL_SMALL = {
  tileM: 128,
  tileN: 128,
  blockM: 8,
  blockN: 8,
  slice: 16,
  prefetch: 'registers',
  interior: true,
  groupRows: 1,
  unrollK: true,
} as const satisfies Partial<MatmulShape>;

const BYTES: Record<MatmulType, number> = { f32: 4, f16: 2 };

interface MatmulSettings {
  m: number;
  k: number;
  n: number;
  /** The kernel's shape but for its load width, which depends on k and n. */
  shape: Omit<MatmulShape, 'vec4'>;
  scalarOnly: boolean;
  limit: number;
}

function settings(ctx: KernelContext, o: MatmulTuning, type: MatmulType): MatmulSettings {
  const option = <K extends keyof MatmulTuning>(name: K, fallback: NonNullable<MatmulTuning[K]>) =>
    optionValue('matmul', MATMUL_OPTIONS, name, o[name], fallback);
  // A tile asked for brings its own square block (4 for tiles up to 64, else 8).
  const tiled = o.tile !== undefined;
  const tile = option('tile', DEFAULT_MATMUL_TILE);
  const block = option('block', !tiled ? DEFAULT_MATMUL_BLOCK : tile <= 64 ? 4 : 8);
  const tileN = option('tileN', tiled ? tile : DEFAULT_MATMUL_REST.tileN);
  const blockN = option('blockN', tiled || o.block !== undefined ? block : DEFAULT_MATMUL_REST.blockN);
  const problem = matmulTilingProblem(tile, tileN, block, blockN);
  if (problem) throw new KernelOptionError('matmul', o.blockN !== undefined || o.tileN !== undefined ? 'blockN' : 'block', block, problem);
  if (type === 'f16' && !ctx.device.features.has('shader-f16'))
    throw new KernelOptionError('matmul', 'type', 'f16', "type 'f16' needs a device created with the 'shader-f16' feature");
  const shape: Omit<MatmulShape, 'vec4'> = {
    type,
    tileM: tile,
    tileN,
    blockM: block,
    blockN,
    slice: option('slice', DEFAULT_MATMUL_SLICE),
    prefetch: option('prefetch', DEFAULT_MATMUL_REST.prefetch),
    interior: option('interior', DEFAULT_MATMUL_REST.interior),
    groupRows: option('groupRows', DEFAULT_MATMUL_REST.groupRows),
    unrollK: option('unrollK', DEFAULT_MATMUL_REST.unrollK),
  };
  const chosen = (['tile', 'block', 'tileN', 'blockN', 'slice', 'prefetch'] as const).some((name) => o[name] !== undefined);
  if (!chosen && matmulWorkgroupBytes(shape) > ctx.maxWorkgroupStorageBytes) {
    const { interior, groupRows, unrollK } = shape;
    Object.assign(shape, DEFAULT_MATMUL_SMALL);
    // Experiments asked for still apply.
    if (o.interior !== undefined) shape.interior = interior;
    if (o.groupRows !== undefined) shape.groupRows = groupRows;
    if (o.unrollK !== undefined) shape.unrollK = unrollK;
  }
  const bytes = matmulWorkgroupBytes(shape);
  if (bytes > ctx.maxWorkgroupStorageBytes)
    throw new KernelOptionError(
      'matmul',
      'slice',
      shape.slice,
      `a ${tile} × ${tileN} tile with slices of ${shape.slice}${shape.prefetch === 'double' ? ', twice,' : ''} needs ${bytes} bytes of workgroup memory; this device has ${ctx.maxWorkgroupStorageBytes}`,
    );
  const { m, k, n } = o;
  return { m, k, n, shape, scalarOnly: option('loads', 'auto') === 'scalar', limit: bindingLimit(ctx, o) };
}

function checkShape(o: MatmulOptions | undefined): void {
  if (!o || typeof o !== 'object')
    throw new KernelOptionError('matmul', 'm', undefined, 'matmul needs { m, k, n }: the shapes of A (m × k) and B (k × n)');
  for (const name of ['m', 'k', 'n'] as const) checkLength('matmul', o[name], name);
}

function isGpuBuffer(x: unknown): x is GPUBuffer {
  return typeof x === 'object' && x !== null && 'mapAsync' in x && 'usage' in x && 'size' in x;
}

/** The element type the inputs say, checked against `type` and against each other. */
function typeOf(a: unknown, b: unknown, o: MatmulOptions): MatmulType {
  const given = optionValue<MatmulType | undefined>('matmul', MATMUL_OPTIONS, 'type', o.type, undefined);
  const of = (x: unknown, which: string): MatmulType | undefined => {
    if (x instanceof Float32Array) return 'f32';
    if (x instanceof Uint16Array) return 'f16';
    if (isGpuBuffer(x)) return undefined;
    const name = (x as object | null)?.constructor?.name ?? String(x);
    throw new KernelInputError(
      'matmul',
      which,
      `${which} must be a Float32Array (f32), a Uint16Array (f16 bits) or a GPUBuffer, got ${name}`,
    );
  };
  const ta = of(a, 'a');
  const tb = of(b, 'b');
  if ((ta === undefined) !== (tb === undefined))
    throw new KernelInputError('matmul', 'b', 'a and b must both be typed arrays or both GPUBuffers');
  if (ta !== tb) throw new KernelInputError('matmul', 'b', `a is ${ta} but b is ${tb}: both matrices have one element type`);
  if (ta === undefined) {
    if (!given) throw new KernelOptionError('matmul', 'type', given, "GPUBuffer matrices need { type: 'f32' | 'f16' }");
    return given;
  }
  if (given && given !== ta)
    throw new KernelOptionError('matmul', 'type', given, `{ type: ${quoted(given)} } does not match the ${ta} arrays`);
  return ta;
}

/** A matrix input as a buffer spec of the right length (f16 counts as u32 pairs for upload). */
function matrixSpec(x: Float32Array | Uint16Array | GPUBuffer, which: string, rows: number, cols: number, type: MatmulType): InputSpec {
  const length = rows * cols;
  const bytes = length * BYTES[type];
  if (isGpuBuffer(x)) {
    if (x.size < bytes)
      throw new KernelInputError(
        'matmul',
        which,
        `${which} is ${rows} × ${cols} ${type} (${bytes} bytes), but the GPUBuffer has ${x.size}`,
      );
    return { type: 'f32', length: Math.ceil(bytes / 4), buffer: x };
  }
  if (x.length !== length)
    throw new KernelInputError(
      'matmul',
      which,
      `${which} is ${rows} × ${cols}, which needs ${length} elements, but the array has ${x.length}`,
    );
  // Uploaded as bytes: an f16 matrix of odd length gets a zero half-word of padding.
  const words = new Uint32Array(Math.ceil(bytes / 4));
  new Uint8Array(words.buffer).set(new Uint8Array(x.buffer, x.byteOffset, bytes));
  return { type: 'u32', length: words.length, array: words };
}

async function buildMatmul(plan: PlanBuilder, a: GPUBuffer, b: GPUBuffer, c: GPUBuffer, s: MatmulSettings): Promise<void> {
  const { m, k, n, shape, limit } = s;
  const { type, tileM, tileN } = shape;
  if (m === 0 || n === 0) return;
  const { ctx } = plan;
  const e = BYTES[type];
  const cap = Math.floor((limit - ctx.bindingAlignment) / e);
  if (k * n > cap)
    throw new KernelInputError(
      'matmul',
      'b',
      `B (${k} × ${n} ${type}, ${k * n * e} bytes) must fit one storage binding of ${limit} bytes; split it into bands of columns`,
    );
  // Bands of rows of A and C: whole tiles where the binding allows.
  const fit = Math.max(1, Math.floor(cap / Math.max(k, n, 1)));
  const band = fit >= m ? m : fit >= tileM ? fit - (fit % tileM) : fit;
  const full: MatmulShape = { ...shape, vec4: !s.scalarOnly && k % 4 === 0 && n % 4 === 0 };
  const kernel = await getKernel(ctx.device, matmulLabel(full), matmulShader(full), ['uniform', 'read', 'read', 'write']);
  const bw = window(ctx, b, e, 0, k * n);
  for (let r0 = 0; r0 < m; r0 += band) {
    const h = Math.min(band, m - r0);
    const aw = window(ctx, a, e, r0 * k, h * k);
    const cw = window(ctx, c, e, r0 * n, h * n);
    const tilesX = Math.ceil(n / tileN);
    const tiles = tilesX * Math.ceil(h / tileM);
    plan.dispatch(kernel, [h, n, k, aw.base, bw.base, cw.base, tilesX, tiles], [aw.binding, bw.binding, cw.binding], tiles);
  }
}

/** Plans C = A · B on GPUBuffers into a new M × N buffer the caller owns. */
export async function planMatmul(gpu: KernelDevice, a: GPUBuffer, b: GPUBuffer, options: MatmulOptions): Promise<KernelPlan> {
  checkPublic('matmul', MATMUL_OPTIONS, options);
  return planMatmulTuned(gpu, a, b, options);
}

/** planMatmul with the experiments (internal.ts). */
export async function planMatmulTuned(gpu: KernelDevice, a: GPUBuffer, b: GPUBuffer, options: MatmulTuning): Promise<KernelPlan> {
  const ctx = kernelContext(gpu, 'matmul');
  checkShape(options);
  const type = typeOf(a, b, options);
  const s = settings(ctx, options, type);
  matrixSpec(a, 'a', s.m, s.k, type);
  matrixSpec(b, 'b', s.k, s.n, type);
  return buildPlan(ctx, 'matmul', a, s.m * s.n * BYTES[type], (plan, _a, c) => buildMatmul(plan, a, b, c, s));
}

/**
 * C = A · B: A is m × k, B is k × n, both row-major; C is m × n. Float32Arrays give a
 * Float32Array, Uint16Arrays (f16 bits) a Uint16Array, GPUBuffers a new GPUBuffer.
 */
export async function matmul(gpu: KernelDevice, a: Float32Array, b: Float32Array, options: MatmulOptions): Promise<Float32Array>;
export async function matmul(gpu: KernelDevice, a: Uint16Array, b: Uint16Array, options: MatmulOptions): Promise<Uint16Array>;
export async function matmul(gpu: KernelDevice, a: GPUBuffer, b: GPUBuffer, options: MatmulOptions): Promise<GPUBuffer>;
export async function matmul(
  gpu: KernelDevice,
  a: Float32Array | Uint16Array | GPUBuffer,
  b: Float32Array | Uint16Array | GPUBuffer,
  options: MatmulOptions,
): Promise<Float32Array | Uint16Array | GPUBuffer> {
  checkPublic('matmul', MATMUL_OPTIONS, options);
  return matmulTuned(gpu, a as Float32Array, b as Float32Array, options);
}

/** matmul with the experiments (internal.ts). */
export async function matmulTuned(gpu: KernelDevice, a: Float32Array, b: Float32Array, options: MatmulTuning): Promise<Float32Array>;
export async function matmulTuned(gpu: KernelDevice, a: Uint16Array, b: Uint16Array, options: MatmulTuning): Promise<Uint16Array>;
export async function matmulTuned(gpu: KernelDevice, a: GPUBuffer, b: GPUBuffer, options: MatmulTuning): Promise<GPUBuffer>;
export async function matmulTuned(
  gpu: KernelDevice,
  a: Float32Array | Uint16Array | GPUBuffer,
  b: Float32Array | Uint16Array | GPUBuffer,
  options: MatmulTuning,
): Promise<Float32Array | Uint16Array | GPUBuffer> {
  const ctx = kernelContext(gpu, 'matmul');
  checkShape(options);
  const type = typeOf(a, b, options);
  const s = settings(ctx, options, type);
  const specA = matrixSpec(a, 'a', s.m, s.k, type);
  const specB = matrixSpec(b, 'b', s.k, s.n, type);
  const bytes = s.m * s.n * BYTES[type];
  const owned: GPUBuffer[] = [];
  const place = (spec: InputSpec, label: string) => {
    const p = materialize(ctx, spec, label);
    if (p.owned) owned.push(p.buffer);
    return p.buffer;
  };
  let plan: KernelPlan | undefined;
  try {
    const ga = place(specA, 'matmul a');
    const gb = place(specB, 'matmul b');
    plan = await buildPlan(ctx, 'matmul', ga, bytes, (p, _a, c) => buildMatmul(p, ga, gb, c, s));
    if (isGpuBuffer(a)) {
      await submit(ctx, plan);
      return plan.output;
    }
    const data = await runAndRead(ctx, plan, bytes);
    plan.output.destroy();
    return type === 'f32' ? new Float32Array(data, 0, s.m * s.n) : new Uint16Array(data, 0, s.m * s.n);
  } catch (e) {
    plan?.output.destroy();
    throw await deviceLostOr(ctx, 'matmul', e);
  } finally {
    plan?.destroy();
    for (const x of owned) x.destroy();
  }
}
