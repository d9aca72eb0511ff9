// Textures and samplers: the header's texture lines (good and bad), the simulator's texture
// builtins against CPU references of WebGPU's sampling rules, texel races and bounds, and
// the values the real-pattern texture kernels of corpus/real compute (their verdicts are
// checked by test/corpus.test.ts).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHarness } from '../src/harness/index.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { analyze } from '../src/runner/analyze.js';
import { InputError } from '../src/runner/errors.js';
import { TEXEL_FORMATS } from '../src/wgsl/textures.js';
import { TEXTURE_FORMAT_CHANNELS } from '../src/harness/texture-directives.js';
import { parseWgsl } from '../src/wgsl/parser.js';
import { resolveModule } from '../src/wgsl/resolve.js';

const errorsOf = (src: string) => parseHarness(src).errors.map((e) => `${e.line}:${e.column} ${e.message}`);

/** Runs a kernel on the simulator; returns its storage buffer 0 as numbers. */
function simBuffer(src: string): number[] {
  const r = runOnSimulatorFromSource(src);
  expect(r.compile.messages.filter((m) => m.severity === 'error')).toEqual([]);
  return Array.from(r.buffers[0]!.values);
}

describe('texture header lines', () => {
  it('parses texture, sampler and expect texture lines', () => {
    const { harness, errors } = parseHarness(
      [
        '//! texture 0:1 rgba8unorm 64x32 = vec4f(x / 64, y / 32, 0, 1)',
        '//! texture 2 r32float 8x8x3 = x + 10 * y + 100 * z',
        '//! sampler 0:3 linear mirror',
        '//! sampler 4',
        '//! expect texture 0:1 (3, 4) = 0.5, 0.25, 0, 1',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(harness.textures!.map((t) => [t.group, t.binding, t.format, t.size, t.initText])).toEqual([
      [0, 1, 'rgba8unorm', [64, 32], 'vec4f(x / 64, y / 32, 0, 1)'],
      [0, 2, 'r32float', [8, 8, 3], 'x + 10 * y + 100 * z'],
    ]);
    expect(harness.samplers!.map((s) => [s.binding, s.filter, s.address])).toEqual([
      [3, 'linear', 'mirror'],
      [4, 'nearest', 'clamp'],
    ]);
    expect(harness.textureExpects!.map((e) => [e.binding, e.coords, e.values])).toEqual([[1, [3, 4], [0.5, 0.25, 0, 1]]]);
  });

  it('reports bad texture lines at their line and column', () => {
    expect(errorsOf('//! texture 0 rgba9unorm 4x4')).toEqual([
      expect.stringMatching(/^1:15 unknown texel format 'rgba9unorm'; expected one of r8unorm, /),
    ]);
    expect(errorsOf('//! texture 0 rgba8unorm 4y4')).toEqual(["1:26 expected a size (W, WxH or WxHxD, e.g. 64x64), found '4y4'"]);
    expect(errorsOf('//! texture 0 rgba8unorm 0x4')).toEqual(['1:26 a texture side must be from 1 to 8192, found 0']);
    expect(errorsOf('//! texture 0 rgba8unorm 4x4 = vec4f(x, y)')).toEqual(['1:32 vec4f takes 4 values (one per channel), found 2']);
    expect(errorsOf('//! texture 0 rgba8unorm 4x4 = i * 2')).toEqual([
      "1:32 unknown name 'i'; a texture's values are expressions of x, y, z (layer or depth) and c (channel)",
    ]);
    expect(errorsOf('//! texture 0 rgba8unorm 4x4 = file("photo.bin")')).toEqual([
      "1:38 a texture file must be a PNG image (NAME.png), found 'photo.bin'",
    ]);
    expect(errorsOf('//! sampler 0 linear cubic')).toEqual(["1:22 expected an address mode (clamp, repeat or mirror), found 'cubic'"]);
    expect(errorsOf('//! buffer 0 f32[4]\n//! texture 0 r32float 4x4')).toEqual([
      '2:13 @group(0) @binding(0) is declared twice; the buffer on line 1 already declares it',
    ]);
    expect(errorsOf('//! texture 0 r32float 4x4\n//! expect texture 0 (4, 0) = 1')).toEqual([
      '2:5 texel (4, 0) is outside @group(0) @binding(0), which is 4x4',
    ]);
    expect(errorsOf('//! texture 0 r32float 4x4\n//! expect texture 0 (1, 0) = 1, 2')).toEqual([
      '2:5 r32float has 1 channel: give 1 or 4 values, found 2',
    ]);
    expect(errorsOf('//! texture 0 r32float 4x4\n//! expect 0[0] = 1')).toEqual([
      '2:12 expect names @group(0) @binding(0), which is a texture; check a texel with `expect texture 0:0 (x, y) = …`',
    ]);
  });

  it('knows the same formats as the front end', () => {
    expect(Object.entries(TEXTURE_FORMAT_CHANNELS).sort()).toEqual([...TEXEL_FORMATS.values()].map((f) => [f.name, f.channels]).sort());
  });

  const kernel = (decl: string, header: string) =>
    `${header}\n@group(0) @binding(0) var t: ${decl};\n@group(0) @binding(1) var<storage, read_write> o: array<f32>;\n@compute @workgroup_size(1) fn main() { o[0] = f32(textureDimensions(t).x); }\n//! buffer 1 f32[1]\n`;
  const planError = (src: string) => {
    try {
      runOnSimulatorFromSource(src);
    } catch (e) {
      if (e instanceof InputError) return `${e.loc?.line}:${e.loc?.column} ${e.message}`;
      throw e;
    }
    return 'no error';
  };

  it('checks the header texture against the shader declaration', () => {
    expect(planError(kernel('texture_storage_2d<r32float, write>', '//! texture 0 rgba8unorm 4x4'))).toBe(
      "1:5 the header gives 't' (@group(0) @binding(0), texture_storage_2d<r32float, write>) the format rgba8unorm, but the shader declares r32float: they must be the same",
    );
    expect(planError(kernel('texture_2d<u32>', '//! texture 0 rgba8unorm 4x4'))).toBe(
      "1:5 rgba8unorm textures hold f32 values, but 't' (@group(0) @binding(0), texture_2d<u32>) reads u32: use a format of u32 (e.g. rgba32uint)",
    );
    expect(planError(kernel('texture_3d<f32>', '//! texture 0 rgba8unorm 4x4'))).toBe(
      "1:5 't' (@group(0) @binding(0), texture_3d<f32>) is a 3d texture: its size is WxHxD, found 4x4",
    );
    expect(planError(kernel('texture_2d<f32>', '//! texture 0 rgba8unorm 7x4'))).toBe('no error');
    expect(planError(kernel('texture_2d<f32>', ''))).toBe(
      "2:27 the shader's 't' (@group(0) @binding(0), texture_2d<f32>) has no texture in the header: add a line like `//! texture 0 rgba8unorm 16x16`",
    );
  });
});

describe('texture types and builtins in the front end', () => {
  const typeError = (body: string, decls = '') => {
    try {
      resolveModule(parseWgsl(`${decls}\n@compute @workgroup_size(1) fn main() { ${body} }`));
    } catch (e) {
      return (e as Error).message;
    }
    return 'ok';
  };
  const S =
    '@group(0) @binding(0) var s: texture_storage_2d<rgba8unorm, write>;\n@group(0) @binding(1) var t: texture_2d<f32>;\n@group(0) @binding(2) var smp: sampler;';

  it('refuses what Tint refuses, with the call written out', () => {
    expect(typeError('_ = textureLoad(s, vec2i(0));', S)).toBe(
      "no matching call to 'textureLoad(texture_storage_2d<rgba8unorm, write>, vec2<i32>)': a write-only storage texture cannot be loaded (use 'read' or 'read_write')",
    );
    expect(typeError('textureStore(t, vec2i(0), vec4f(1));', S)).toMatch(/only storage textures with 'write' or 'read_write' access/);
    expect(typeError('_ = textureLoad(t, vec2f(0), 0);', S)).toMatch(/the coordinates must be vec2<i32> or vec2<u32>/);
    expect(typeError('_ = textureNumLayers(t);', S)).toMatch(/the texture must be an array texture/);
    expect(typeError('let k = 1; _ = textureGather(k, t, smp, vec2f(0));', S)).toBe(
      "the component argument of 'textureGather' must be a constant expression",
    );
    expect(typeError('_ = textureGather(4, t, smp, vec2f(0));', S)).toBe(
      "the component argument of 'textureGather' must be 0, 1, 2 or 3, got 4",
    );
    expect(typeError('', '@group(0) @binding(0) var u: texture_storage_2d<rgb8unorm, write>;')).toMatch(
      /^'rgb8unorm' is not a storage texel format/,
    );
    expect(typeError('_ = textureSampleLevel(t, smp, vec2f(0), 0.0); _ = textureDimensions(s); _ = textureNumLevels(t);', S)).toBe('ok');
  });
});

describe('texture builtins in the simulator', () => {
  it('stores with the format precision: unorm8 steps, f16 rounding, integer bits', () => {
    const src = (format: string, value: string) => `//! texture 0 ${format} 1x1
//! buffer 1 f32[4]
@group(0) @binding(0) var t: texture_storage_2d<${format}, read_write>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() {
  textureStore(t, vec2i(0), ${value});
  let v = textureLoad(t, vec2i(0));
  for (var i = 0; i < 4; i++) { o[i] = f32(v[i]); }
}`;
    // unorm8: round(v * 255) / 255, clamped to [0, 1].
    expect(simBuffer(src('rgba8unorm', 'vec4f(0.5, 1.5, -1, 0.1)'))).toEqual([128 / 255, 1, 0, 26 / 255].map(Math.fround));
    // f16: 0.1 rounds to 0.0999755859375; 65520 overflows to inf.
    expect(simBuffer(src('rgba16float', 'vec4f(0.1, 65520, 1, 2048.5)'))).toEqual([0.0999755859375, Infinity, 1, 2048]);
    expect(simBuffer(src('rgba8uint', 'vec4u(1, 255, 256, 7)'))).toEqual([1, 255, 0, 7]);
    // A one-channel format reads 0 for g and b, 1 for alpha.
    expect(simBuffer(src('r32float', 'vec4f(3.25, 9, 9, 9)'))).toEqual([3.25, 0, 0, 1]);
  });

  it('reports dimensions and layers', () => {
    const r = simBuffer(`//! texture 0 rgba8unorm 5x3x4
//! texture 2 r32float 6x7x2
//! buffer 1 f32[6]
@group(0) @binding(0) var t: texture_2d_array<f32>;
@group(0) @binding(2) var v: texture_3d<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() {
  let d = textureDimensions(t);
  let e = textureDimensions(v, 0);
  o[0] = f32(d.x); o[1] = f32(d.y); o[2] = f32(textureNumLayers(t)); o[3] = f32(textureNumLevels(t));
  o[4] = f32(e.z); o[5] = f32(textureDimensions(t, 1).x);
}`);
    expect(r).toEqual([5, 3, 4, 1, 2, 2]);
  });

  /** CPU reference of a bilinear sample with clamp-to-edge (WebGPU's rules) on an r32float image. */
  function bilinear(
    img: (x: number, y: number) => number,
    w: number,
    h: number,
    u: number,
    v: number,
    mode: 'clamp' | 'repeat' | 'mirror',
  ): number {
    const wrap = (i: number, n: number) => {
      if (mode === 'clamp') return Math.min(Math.max(i, 0), n - 1);
      if (mode === 'repeat') return ((i % n) + n) % n;
      const p = ((i % (2 * n)) + 2 * n) % (2 * n);
      return p < n ? p : 2 * n - 1 - p;
    };
    const fx = u * w - 0.5;
    const fy = v * h - 0.5;
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const ax = fx - x0;
    const ay = fy - y0;
    const at = (x: number, y: number) => img(wrap(x, w), wrap(y, h));
    return (
      (1 - ax) * (1 - ay) * at(x0, y0) + ax * (1 - ay) * at(x0 + 1, y0) + (1 - ax) * ay * at(x0, y0 + 1) + ax * ay * at(x0 + 1, y0 + 1)
    );
  }

  for (const mode of ['clamp', 'repeat', 'mirror'] as const) {
    it(`samples linearly with ${mode} addressing like the CPU reference`, () => {
      const coords = [-0.3, 0.01, 0.2, 0.49, 0.77, 1.0, 1.35];
      const src = `//! texture 0 r32float 5x4 = x * x + 7 * y
//! sampler 2 linear ${mode}
//! buffer 1 f32[${coords.length * coords.length}]
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
const C = array(${coords.join(', ')});
@compute @workgroup_size(${coords.length}, ${coords.length}) fn main(@builtin(local_invocation_id) l: vec3u) {
  o[l.y * ${coords.length}u + l.x] = textureSampleLevel(t, s, vec2f(C[l.x], C[l.y]), 0.0).r;
}`;
      const want = coords.flatMap((v) =>
        coords.map((u) => Math.fround(bilinear((x, y) => x * x + 7 * y, 5, 4, Math.fround(u), Math.fround(v), mode))),
      );
      const got = simBuffer(src);
      got.forEach((g, i) => expect(g).toBeCloseTo(want[i]!, 4));
    });
  }

  it('samples nearest texels, array layers and gathers components in WGSL order', () => {
    const r = simBuffer(`//! texture 0 rgba32float 4x4x2 = x + 10 * y + 100 * z + 1000 * c
//! sampler 2 nearest clamp
//! buffer 1 f32[12]
@group(0) @binding(0) var t: texture_2d_array<f32>;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() {
  let a = textureSampleLevel(t, s, vec2f(0.6, 0.3), 1, 0.0);
  o[0] = a.x; o[1] = a.y; o[2] = a.w;
  let g = textureGather(1, t, s, vec2f(0.5, 0.5), 0);
  o[3] = g.x; o[4] = g.y; o[5] = g.z; o[6] = g.w;
  let h = textureGather(0, t, s, vec2f(0.5, 0.5), 1, vec2i(1, 0));
  o[7] = h.x; o[8] = h.w;
  let n = textureSampleLevel(t, s, vec2f(5.0, -1.0), 0, 0.0);
  o[9] = n.x;
  o[10] = textureSampleLevel(t, s, vec2f(0.1, 0.1), 0, 3.0).x;
  o[11] = f32(textureNumLayers(t));
}`);
    // Nearest (0.6 * 4 = 2.4 → x 2, 0.3 * 4 = 1.2 → y 1) on layer 1; gather at the centre:
    // texels x 1..2, y 1..2 in the order (1,2) (2,2) (2,1) (1,1); the offset shifts x by 1.
    expect(r).toEqual([112, 1112, 3112, 1021, 1022, 1012, 1011, 122, 112, 3, 0, 2]);
  });
});

describe('texel races and bounds', () => {
  const findings = (src: string) =>
    analyze(src, { file: 'k.wgsl', compile: { ok: true, messages: [] } }).diagnostics.map((d) => `${d.kind} ${d.loc!.line} ${d.message}`);

  it('finds two invocations writing one texel, and a read-write texture read after another invocation wrote it', () => {
    const f = findings(`@group(0) @binding(0) var img: texture_storage_2d<r32float, read_write>;
@compute @workgroup_size(8, 8) fn main(@builtin(global_invocation_id) g: vec3u) {
  let v = textureLoad(img, vec2i(g.xy));
  textureStore(img, vec2i(g.yx), v * 2.0);
}`);
    expect(f).toEqual([
      expect.stringMatching(
        /^data-race 4 data race \(WAR\) on storage texture 'img': invocation \d+ writes textureStore\(img, vec2i\(g\.yx\), v \* 2\.0\) while invocation \d+ reads textureLoad\(img, vec2i\(g\.xy\)\) \(line 3\); no textureBarrier\(\) separates them\./,
      ),
    ]);
    // Storage textures are ordered by textureBarrier(), not by workgroupBarrier().
    const fixed = findings(`@group(0) @binding(0) var img: texture_storage_2d<r32float, read_write>;
@compute @workgroup_size(8, 8) fn main(@builtin(global_invocation_id) g: vec3u) {
  let v = textureLoad(img, vec2i(g.xy));
  textureBarrier();
  textureStore(img, vec2i(g.yx), v * 2.0);
}`);
    expect(fixed).toEqual([]);
  });

  it('finds stores of one texel from different workgroups', () => {
    const f = findings(`//! dispatch 2
@group(0) @binding(0) var img: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_id) l: vec3u, @builtin(workgroup_id) w: vec3u) {
  textureStore(img, vec2u(l.x, 0), vec4u(w.x));
}`);
    expect(f).toEqual([
      expect.stringMatching(/^data-race 4 data race \(WAW\) on storage texture 'img': invocation \d of workgroup \d writes/),
    ]);
  });

  it('reports an out-of-bounds textureLoad with its coordinates, and the layer of an array texture', () => {
    const f = findings(`//! texture 0 rgba8unorm 8x8x2
@group(0) @binding(0) var t: texture_2d_array<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<f32, 64>;
@compute @workgroup_size(8, 8) fn main(@builtin(local_invocation_id) l: vec3u) {
  o[l.y * 8u + l.x] = textureLoad(t, vec2u(l.x, l.y), 2, 0).x;
}`);
    expect(f).toEqual([
      "out-of-bounds 5 texel coordinates (0, 0), layer 2 are out of bounds for texture 't' (8×8 texels, 2 layers) in textureLoad(t, vec2u(l.x, l.y), 2, 0), invocation 0; WGSL then loads some texel of the texture or zero, or discards the store, and GPUs differ in which.",
    ]);
  });
});

describe('real-pattern texture kernels (corpus/real)', () => {
  const DIR = fileURLToPath(new URL('../corpus/real', import.meta.url));
  // Their verdict lines are checked with the whole corpus (test/corpus.test.ts); here, their values.
  it('the clean blur computes the 3×3 box average of the image', () => {
    const source = readFileSync(join(DIR, 'box-blur-tiled.wgsl'), 'utf8') + '//! expect texture 1 (0, 0) = 0.0118, 0.0118, 0.0157, 1\n';
    const r = runOnSimulatorFromSource(source);
    const img = (x: number, y: number, c: number) => {
      const cx = Math.min(Math.max(x, 0), 31);
      const cy = Math.min(Math.max(y, 0), 31);
      const v = [cx / 32, cy / 32, (cx * cy) / 7 - Math.floor((cx * cy) / 7), 1][c]!;
      return Math.round(v * 255) / 255;
    };
    const out = r.textures![0]!;
    for (const [x, y] of [
      [0, 0],
      [5, 9],
      [31, 31],
      [16, 7],
    ] as const) {
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += img(x + dx, y + dy, c);
        expect(Math.abs(out.texels[(y * 32 + x) * 4 + c]! - Math.round((sum / 9) * 255) / 255)).toBeLessThanOrEqual(1 / 255 + 1e-6);
      }
    }
    expect(r.textureExpects).toEqual([expect.objectContaining({ ok: true, coords: [0, 0] })]);
  });
});
