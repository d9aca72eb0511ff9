// Storage textures after a run, and the `expect texture` lines checked against them, in
// `run --json` (docs/check-json.md, "run --json: textures") and `run`'s text. A texel
// matches within its format's precision: one unorm8/snorm8 step, one f16 ulp, F32_ULP_TOLERANCE
// ulps for 32-bit floats, exactly for integers.
import { F32_ULP_TOLERANCE, ulpDistanceF32, type Harness } from '../harness/index.js';
import type { TexelFormat } from '../wgsl/textures.js';
import type { RunPlan } from './plan.js';

/** A texture's channel values after a run: the simulator's texture memory, or a GPU read-back (gpu-textures.ts). */
export interface TexelsAfterRun {
  readonly texels: number;
  /** Texel index of (x, y, z); z is the depth slice or array layer. */
  index(x: number, y: number, z: number): number;
  /** Channel c (0..3) of texel t. */
  channel(t: number, c: number): number;
}

export interface TextureResult {
  group: number;
  binding: number;
  name: string;
  format: string;
  /** Width, height, depth or layers. */
  size: [number, number, number];
  /** Channel values, 4 per texel (x fastest, then y, then z); missing channels read 0 (alpha 1). */
  texels: number[];
}

export interface TextureExpectOutcome {
  line: number;
  column: number;
  group: number;
  binding: number;
  coords: number[];
  expected: number[];
  actual: number[];
  ok: boolean;
}

/** The plan's storage textures (those a shader can write) as the run left them. */
export function textureResults(plan: RunPlan, textures: readonly TexelsAfterRun[]): TextureResult[] {
  return plan.textures.flatMap((t, i) =>
    t.shape.kind === 'storage'
      ? [
          {
            group: t.group,
            binding: t.binding,
            name: t.shader.name,
            format: t.format.name,
            size: t.size,
            texels: Array.from({ length: textures[i]!.texels * 4 }, (_, k) => textures[i]!.channel(k >> 2, k & 3)),
          },
        ]
      : [],
  );
}

/** How far a channel of this format may be from the expected value and still match. */
function tolerance(format: TexelFormat, expected: number): number {
  if (format.encoding === 'unorm8') return 1 / 255;
  if (format.encoding === 'snorm8') return 1 / 127;
  if (format.encoding === 'float16') return 2 ** (Math.floor(Math.log2(Math.max(Math.abs(expected), 2 ** -14))) - 10);
  return 0;
}

export function channelMatches(format: TexelFormat, expected: number, actual: number): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  if (format.encoding === 'float32') return ulpDistanceF32(expected, actual) <= F32_ULP_TOLERANCE;
  return Math.abs(expected - actual) <= tolerance(format, expected);
}

/** Evaluates every `expect texture` line against the textures after the run (any texture of the plan). */
export function evaluateTextureExpects(harness: Harness, plan: RunPlan, textures: readonly TexelsAfterRun[]): TextureExpectOutcome[] {
  return (harness.textureExpects ?? []).map((e) => {
    const i = plan.textures.findIndex((t) => t.group === e.group && t.binding === e.binding);
    const t = textures[i]!;
    const format = plan.textures[i]!.format;
    const [x = 0, y = 0, z = 0] = e.coords;
    const texel = t.index(x, y, z);
    const actual = e.values.map((_, c) => t.channel(texel, c));
    const ok = e.values.every((v, c) => channelMatches(format, v, actual[c]!));
    return { line: e.line, column: e.column, group: e.group, binding: e.binding, coords: e.coords, expected: e.values, actual, ok };
  });
}
