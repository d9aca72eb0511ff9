// Textures from PNG images (`= file("NAME.png")`): images encoded here with fast-png in
// each colour type, loaded by a kernel on Dawn and on the simulator; the texels must be the
// image's bytes (normalized for float formats, raw for integer ones). Bad images — corrupt,
// 16-bit, of another size than the header's — are errors naming the file, at its line.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode, type ImageData } from 'fast-png';
import { session } from './support/gpu.js';
import { scratchDir, wgslLabIn } from './support/cli.js';
import { runOnGpuFromSource } from '../src/runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { InputError } from '../src/runner/errors.js';

const W = 5;
const H = 3;

/** A pixel's channel value (0..255): different in every pixel and channel. */
const byte = (x: number, y: number, c: number) => (x * 47 + y * 83 + c * 61 + 13) % 256;

function image(channels: number, depth: 8 | 16 = 8): ImageData {
  const data = depth === 8 ? new Uint8Array(W * H * channels) : new Uint16Array(W * H * channels);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) for (let c = 0; c < channels; c++) data[(y * W + x) * channels + c] = byte(x, y, c);
  return { width: W, height: H, data, channels, depth };
}

/** Copies every texel's 4 channels of texture 0 into buffer 1, as f32. */
const kernel = (format: string, sampled: 'f32' | 'u32', size = `${W}x${H}`) => `//! dispatch 1
//! texture 0 ${format} ${size} = file("img.png")
//! buffer 1 f32[${W * H * 4}]
@group(0) @binding(0) var t: texture_2d<${sampled}>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(${W}, ${H}) fn main(@builtin(local_invocation_id) l: vec3u) {
  let v = vec4f(textureLoad(t, l.xy, 0));
  let i = (l.y * ${W}u + l.x) * 4u;
  o[i] = v.x; o[i + 1u] = v.y; o[i + 2u] = v.z; o[i + 3u] = v.w;
}
`;

/** What the kernel must read for an image of `channels` (gray fills r, g, b; alpha defaults to 1). */
function expected(channels: number, scale: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const b = (c: number) => byte(x, y, c) * scale;
      const gray = channels <= 2;
      out.push(b(0), gray ? b(0) : b(1), gray ? b(0) : b(2), channels === 2 ? b(1) : channels === 4 ? b(3) : 255 * scale);
    }
  return out.map((v) => Math.fround(v));
}

const files = (png: Uint8Array) => new Map([['img.png', png]]);

describe('textures from PNG images', () => {
  for (const [channels, kind] of [
    [4, 'RGBA'],
    [3, 'RGB'],
    [1, 'gray'],
    [2, 'gray + alpha'],
  ] as const) {
    it(`an 8-bit ${kind} image fills an rgba8unorm texture, on the GPU and the simulator`, async () => {
      const source = kernel('rgba8unorm', 'f32');
      const png = encode(image(channels));
      const want = expected(channels, 1 / 255);
      const gpu = await runOnGpuFromSource(session, source, { files: files(png) });
      const sim = runOnSimulatorFromSource(source, { files: files(png) });
      for (const r of [gpu, sim]) {
        // Lavapipe converts unorm bytes within an ulp or two of k / 255.
        const got = Array.from(r.buffers[0]!.values);
        const k = got.findIndex((v, k) => !(Math.abs(v - want[k]!) <= 1e-6));
        expect(k < 0 ? 'equal' : `${r.engine} value ${k}: ${got[k]}, expected ${want[k]}`).toBe('equal');
      }
    });
  }

  it('an integer format keeps the bytes 0 to 255', async () => {
    const source = kernel('rgba8uint', 'u32');
    const png = encode(image(4));
    const want = expected(4, 1);
    const gpu = await runOnGpuFromSource(session, source, { files: files(png) });
    const sim = runOnSimulatorFromSource(source, { files: files(png) });
    expect(Array.from(gpu.buffers[0]!.values)).toEqual(want);
    expect(Array.from(sim.buffers[0]!.values)).toEqual(want);
  });

  it('a palette image expands to its colours', async () => {
    const palette = [
      [255, 0, 0],
      [0, 128, 255],
      [10, 20, 30],
    ];
    const indices = Uint8Array.from({ length: W * H }, (_, k) => k % 3);
    const png = encode({ width: W, height: H, data: indices, channels: 1, depth: 8, palette });
    const want = Array.from(indices).flatMap((i) => [...palette[i]!.map((v) => Math.fround(v / 255)), 1]);
    const gpu = await runOnGpuFromSource(session, kernel('rgba8unorm', 'f32'), { files: files(png) });
    const sim = runOnSimulatorFromSource(kernel('rgba8unorm', 'f32'), { files: files(png) });
    for (const r of [gpu, sim])
      Array.from(r.buffers[0]!.values).forEach((v, k) => expect(Math.abs(v - want[k]!)).toBeLessThanOrEqual(1e-6));
  });

  it('a one-channel format takes the red (or gray) channel', () => {
    const sim = runOnSimulatorFromSource(kernel('r8unorm', 'f32'), { files: files(encode(image(3))) });
    const got = Array.from(sim.buffers[0]!.values);
    const want = expected(3, 1 / 255).map((v, k) => ((k & 3) === 0 ? v : (k & 3) === 3 ? 1 : 0));
    expect(got).toEqual(want);
  });

  const errorOf = (source: string, png: Uint8Array): string => {
    try {
      runOnSimulatorFromSource(source, { files: files(png) });
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      const err = e as InputError;
      return `${err.loc?.line}:${err.loc?.column} ${err.message}`;
    }
    return 'no error';
  };

  it('a size other than the header says both sizes', () => {
    expect(errorOf(kernel('rgba8unorm', 'f32', '4x3'), encode(image(4)))).toBe(
      '2:37 file("img.png") is 5x3 pixels, but the texture line gives 4x3',
    );
  });

  it('16-bit images are refused, naming the file', () => {
    expect(errorOf(kernel('rgba8unorm', 'f32'), encode(image(4, 16)))).toBe(
      '2:37 file("img.png") has 16-bit channels: only 8-bit PNG images are supported',
    );
  });

  it('a corrupt or non-PNG file is an error naming the file', () => {
    const png = encode(image(4));
    const truncated = png.slice(0, png.length - 30);
    expect(errorOf(kernel('rgba8unorm', 'f32'), truncated)).toMatch(
      /^2:37 file\("img\.png"\) could not be decoded as a PNG image: \w[^:]*\w$/,
    );
    expect(errorOf(kernel('rgba8unorm', 'f32'), new TextEncoder().encode('not an image at all'))).toBe(
      '2:37 file("img.png") is not a PNG image (it does not start with the PNG signature)',
    );
  });

  it('the command line reads the image beside the kernel for run and run --sim', async () => {
    const { dir, write } = scratchDir('wgsl-lab-png-');
    writeFileSync(join(dir, 'img.png'), encode(image(4)));
    write(
      'k.wgsl',
      kernel('rgba8unorm', 'f32') +
        `//! expect 1[0..4] = ${expected(4, 1 / 255)
          .slice(0, 4)
          .join(', ')}\n`,
    );
    for (const args of [['run'], ['run', '--sim']]) {
      const r = await wgslLabIn(dir, ...args, 'k.wgsl');
      expect([r.code, r.err.split('\n').filter((l) => /error/.test(l))]).toEqual([0, []]);
      expect(r.out).toContain('k.wgsl: all 1 expectation(s) passed');
    }
    writeFileSync(join(dir, 'img.png'), 'garbage');
    const bad = await wgslLabIn(dir, 'run', '--sim', 'k.wgsl');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('file("img.png") is not a PNG image');
    expect(bad.err).not.toMatch(/\n\s+at /);
  });
});
