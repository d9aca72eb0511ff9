// `enable f16;` end to end: the front end's rules (Tint's error without the directive,
// range errors on constants, layout), the simulator against Dawn on f16 arithmetic
// (fixed-seed property test), f16 buffers through the header, the race detector and bank
// model on f16 workgroup memory, the device-without-shader-f16 path, and the real-pattern
// f16 kernels of corpus/real with their verdicts.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { analyze } from '../src/runner/analyze.js';
import { checkSource } from '../src/runner/check-source.js';
import { runOnGpuFromSource } from '../src/runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { compileWgsl } from '../src/gpu/compile.js';
import { GpuUnavailableError } from '../src/gpu/errors.js';
import { GpuSession } from '../src/gpu/session.js';
import { nodeGpuProvider } from '../src/gpu/adapters/node.js';
import { reflect } from '../src/wgsl/reflect.js';
import { f16FromBits, f16ToBits, roundF16 } from '../src/numbers/f16.js';
import { compareF16 } from '../src/harness/compare-f16.js';
import { f16Values, fillBuffer, parseHarness } from '../src/harness/index.js';
import { compileMessage, type RunResult } from '../src/runner/result.js';
import { gpu, gpuHas, session } from './support/gpu.js';
import { rng } from '../src/numbers/rng.js';

const HAS_F16 = gpuHas('shader-f16');

/** Distance in f16 ULPs, f16 subnormals flushed to 0 (a GPU may flush them). */
function f16Ulps(a: number, b: number): number {
  const flush = (x: number) => (Math.abs(x) < 2 ** -14 ? 0 : x);
  const [x, y] = [flush(a), flush(b)];
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y) ? 0 : Infinity;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return x === y ? 0 : Infinity;
  const ord = (v: number) => {
    const h = f16ToBits(v);
    return h & 0x8000 ? -(h & 0x7fff) : h;
  };
  return Math.abs(ord(x) - ord(y));
}

function messagesOf(r: RunResult): string[] {
  return r.compile.messages.map((m) => `${m.line}:${m.column} ${m.message}`);
}

describe('front end', () => {
  /** The front end's one error message for a source (run --sim reports it as the compile message). */
  const simError = (src: string) => {
    const r = runOnSimulatorFromSource(src);
    expect(r.compile.ok).toBe(false);
    expect(r.compile.messages).toHaveLength(1);
    const m = r.compile.messages[0]!;
    return { message: m.message, loc: { line: m.line, column: m.column } };
  };

  it("refuses f16 without 'enable f16;' like Tint, at the type or literal", async () => {
    const typed = '@group(0) @binding(0) var<storage, read_write> o: array<f16>;\n@compute @workgroup_size(1) fn main() { o[0] = 1; }';
    const e = simError(typed);
    expect(e.message).toBe("'f16' type used without 'f16' extension enabled");
    expect(e.loc).toMatchObject({ line: 1, column: 57 });
    const lit = simError('@compute @workgroup_size(1) fn main() { let x = 1.5h; }');
    expect(lit.message).toBe("'f16' type used without 'f16' extension enabled");
    expect(lit.loc).toMatchObject({ line: 1, column: 49 });
    // Tint says the same at the same places.
    const tint = async (src: string) =>
      (await compileWgsl(gpu.device, src)).diagnostics.map((d) => [d.message, d.loc?.line, d.loc?.column]);
    expect(await tint(typed)).toEqual([[e.message, 1, 57]]);
    expect(await tint('@compute @workgroup_size(1) fn main() { let x = 1.5h; }')).toEqual([[lit.message, 1, 49]]);
  });

  it('rejects f16 constants out of range, as Tint does, and accepts the largest finite', async () => {
    const cases: [string, string][] = [
      ['const big = 70000.0h;', "value 70000.0 cannot be represented as 'f16'"],
      ['const big: f16 = 65520.0;', "value 65520 cannot be represented as 'f16'"],
      ['const big = 60000.0h * 2.0h;', "value inf cannot be represented as 'f16'"],
    ];
    for (const [decl, message] of cases) {
      const src = `enable f16;\n${decl}\n@compute @workgroup_size(1) fn main() { _ = big; }`;
      expect(simError(src).message, decl).toBe(message);
      expect(simError(src).loc?.line, decl).toBe(2);
      if (HAS_F16) expect((await compileWgsl(gpu.device, src)).ok, decl).toBe(false);
    }
    const ok = 'enable f16;\nconst big = 65504.0h;\n@compute @workgroup_size(1) fn main() { _ = big; }';
    expect(runOnSimulatorFromSource(ok).compile.ok).toBe(true);
  });

  it('lays out f16 scalars, vectors, matrices, structs and arrays by the WGSL rules', () => {
    const r = reflect(`enable f16;
struct S { a: f16, b: vec3h, c: f16, d: vec2<f16>, e: f32, m: mat2x2h }
@group(0) @binding(0) var<storage, read_write> s: array<S, 2>;
@group(0) @binding(1) var<storage, read_write> h: array<f16, 5>;
@group(0) @binding(2) var<storage, read_write> v: array<vec3h, 3>;
@compute @workgroup_size(1) fn main() { s[0].a = h[0] + v[0].x; }`);
    const size = (b: number) => r.entryPoints[0]!.bindings.find((x) => x.binding === b)!.minSize;
    // a@0 (2), b@8 (6, align 8), c@14, d@16 (4), e@20, m@24 (2 columns of 4): 32, align 8.
    expect(size(0)).toBe(64);
    expect(size(1)).toBe(10); // stride 2
    expect(size(2)).toBe(24); // vec3h: size 6, align 8, stride 8
  });
});

/**
 * Operations of the property test and their tolerance in f16 ULPs (0: WGSL requires correct
 * rounding or exactness), or 'fused-or-not' for a·b + a, whose accuracy WGSL inherits from
 * its two operations: the product may be rounded (lavapipe) or not (a fused multiply-add),
 * which under cancellation differ by many final ULPs, so both must be one of those two.
 */
const OPS: [string, number | 'fused-or-not'][] = [
  ['a + b', 0],
  ['a - b', 0],
  ['a * b', 0],
  ['a / b', 3], // WGSL: 2.5 ULP
  ['-a', 0],
  ['abs(a)', 0],
  ['min(a, b)', 0],
  ['max(a, b)', 0],
  ['clamp(a, -1.0h, 1.0h)', 0],
  ['floor(a)', 0],
  ['ceil(a)', 0],
  ['trunc(a)', 0],
  ['round(a)', 0],
  ['fract(a)', 1],
  ['sign(a)', 0],
  ['select(a, b, a < b)', 0],
  ['sqrt(abs(a))', 4], // inherited from 1.0 / inverseSqrt(x)
  ['fma(a, b, a)', 'fused-or-not'],
  ['a * b + a', 'fused-or-not'],
  ['dot(vec2h(a, b), vec2h(b, a))', 3],
  ['f16(f32(a) * 3.1)', 1], // conversion from f32: either neighbour is allowed
  ['f16(i32(a * 100.0h))', 0],
  ['f16(u32(abs(a)))', 0],
  ['vec4h(a, b, a, b).zw.x', 0],
  ['f16(quantizeToF16(f32(a) / 3.0))', 1],
];
const N = 256;

function opsKernel(): string {
  const lines = OPS.map(([e], k) => `  out[i * ${OPS.length}u + ${k}u] = ${e};`).join('\n');
  return `//! dispatch 4
//! buffer 0 f16[${N}] = file("a.bin")
//! buffer 1 f16[${N}] = file("b.bin")
//! buffer 2 f16[${N * OPS.length}]
enable f16;
@group(0) @binding(0) var<storage, read> A: array<f16>;
@group(0) @binding(1) var<storage, read> B: array<f16>;
@group(0) @binding(2) var<storage, read_write> out: array<f16>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let i = g.x;
  let a = A[i];
  let b = B[i];
${lines}
}
`;
}

/** Random f16 values: exponents -6..6 (no overflow or subnormal results in + - * /), both signs, and a few specials. */
function operands(seed: number): Uint8Array {
  const r = rng(seed);
  const bits = new Uint16Array(N);
  for (let k = 0; k < N; k++) {
    const e = Math.floor(r() * 13) - 6;
    bits[k] = (r() < 0.5 ? 0x8000 : 0) | ((e + 15) << 10) | Math.floor(r() * 1024);
  }
  // 1, 0.5, -2, 1.5: halves that make ties of +, and exact results.
  bits.set([0x3c00, 0x3800, 0xc000, 0x3e00], 0);
  return new Uint8Array(bits.buffer);
}

describe.skipIf(!HAS_F16)('simulator vs Dawn on f16 (needs shader-f16)', () => {
  it(`agrees on ${OPS.length} operations over ${N} random operand pairs: bit-exact where WGSL requires it`, async () => {
    const files = new Map([
      ['a.bin', operands(1601)],
      ['b.bin', operands(1602)],
    ]);
    const source = opsKernel();
    const g = await runOnGpuFromSource(session, source, { files });
    const s = runOnSimulatorFromSource(source, { files });
    expect(messagesOf(g).filter((m) => / error/.test(m))).toEqual([]);
    expect(g.compile.ok && s.compile.ok).toBe(true);
    const out = (r: RunResult) => r.buffers.find((b) => b.binding === 2)!.values;
    const [gv, sv] = [out(g), out(s)];
    const a = s.buffers[0]!.values;
    const b = s.buffers[1]!.values;
    const bad: string[] = [];
    for (let i = 0; i < N; i++) {
      OPS.forEach(([expr, tol], k) => {
        const x = gv[i * OPS.length + k]!;
        const y = sv[i * OPS.length + k]!;
        if (tol === 'fused-or-not') {
          const allowed = [roundF16(a[i]! * b[i]! + a[i]!), roundF16(roundF16(a[i]! * b[i]!) + a[i]!)];
          if (!allowed.includes(x) || !allowed.includes(y))
            bad.push(`${expr} with a=${a[i]}, b=${b[i]}: gpu ${x}, simulator ${y}, allowed ${allowed.join(' or ')}`);
          return;
        }
        const d = f16Ulps(x, y);
        if (d > tol) bad.push(`${expr} with a=${a[i]}, b=${b[i]}: gpu ${x}, simulator ${y} (${d} ULP, allowed ${tol})`);
      });
    }
    expect(bad.slice(0, 10)).toEqual([]);
    // The inputs are real f16 values, and + is the correctly rounded double sum.
    for (let i = 0; i < N; i++) expect(sv[i * OPS.length]).toBe(roundF16(a[i]! + b[i]!));
  });

  it('writes and reads f16 struct members, vec3h and neighbouring halves of words with the same bytes', async () => {
    const source = `//! dispatch 1
//! buffer 0 u32[32]
//! buffer 1 f16[8] = i * 0.25 - 1
enable f16;
struct S { a: f16, b: vec3h, c: f16, d: vec2h }
@group(0) @binding(0) var<storage, read_write> s: array<S, 4>;
@group(0) @binding(1) var<storage, read_write> h: array<f16>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  let x = f16(i);
  s[i] = S(x + 0.5h, vec3h(x, -x, x * 0.125h), h[i] * 3.0h, vec2h(1.0h / (x + 1.0h), 65504.0h));
  h[i] = h[i] + h[i + 4u];
}`;
    const g = await runOnGpuFromSource(session, source);
    const s = runOnSimulatorFromSource(source);
    expect(g.compile.ok).toBe(true);
    expect(Array.from(s.buffers[0]!.values)).toEqual(Array.from(g.buffers[0]!.values));
    expect(Array.from(s.buffers[1]!.values)).toEqual(Array.from(g.buffers[1]!.values));
    // Element 1 of the struct array: a at byte 24 (low half of word 6), c at byte 38 (high half of word 9).
    const words = s.buffers[0]!.values;
    expect(f16FromBits(words[6]! & 0xffff)).toBe(1.5);
    expect(f16FromBits(words[9]! >>> 16)).toBe(-2.25); // h[1] * 3 = -0.75 * 3
    expect(Array.from(s.buffers[1]!.values)).toEqual([-1, -0.5, 0, 0.5, 0, 0.25, 0.5, 0.75]);
  });

  it('takes an f16 uniform from the header; f16 matrices, bitcasts and packing agree with Dawn', async () => {
    const source = `//! dispatch 1
//! buffer 0 f16[8]
//! uniform 1 f16 = 2.5
//! expect 0[0..8] = 2.5, 0.25, 1, 7.39, 2, 3, 3, 4
enable f16;
@group(0) @binding(0) var<storage, read_write> o: array<f16>;
@group(0) @binding(1) var<uniform> u: f16;
@compute @workgroup_size(1)
fn main() {
  o[0] = u;
  let m = mat2x2h(1.0h, 2.0h, 3.0h, 4.0h);
  o[1] = (m * vec2h(0.25h, 0.0h)).x;
  let p = pack2x16float(vec2f(1.0, 2.0));
  o[2] = f16(unpack2x16float(p).x);
  o[3] = exp(2.0h);
  o[4] = bitcast<vec2<f16>>(0x40003c00u).y;
  o[5] = length(vec3h(1.0h, 2.0h, 2.0h));
  o[6] = bitcast<f16>(vec2h(3.0h, 4.0h).x);
  o[7] = bitcast<vec4h>(vec2u(0x3c00u, 0x4400u)).z;
}
`;
    const g = await runOnGpuFromSource(session, source);
    const s = runOnSimulatorFromSource(source);
    expect(g.expects.map((e) => e.ok)).toEqual([true]);
    expect(s.expects.map((e) => e.ok)).toEqual([true]);
    // Everything but exp (a few ULP allowed) is exact.
    const [gv, sv] = [g.buffers[0]!.values, s.buffers[0]!.values];
    expect([0, 1, 2, 4, 5, 6, 7].map((i) => sv[i])).toEqual([0, 1, 2, 4, 5, 6, 7].map((i) => gv[i]));
    expect(compareF16(gv[3]!, sv[3]!)).toBe(true);
  });

  for (const file of ['f16-softmax.wgsl', 'f16-matmul-tile.wgsl']) {
    it(`corpus/real/${file}: the simulator equals Dawn within the f16 tolerance`, async () => {
      const source = readFileSync(join(REAL, file), 'utf8');
      const g = await runOnGpuFromSource(session, source, { file });
      const s = runOnSimulatorFromSource(source, { file });
      expect(g.ok && s.ok).toBe(true);
      g.buffers.forEach((gb, k) => {
        const sb = s.buffers[k]!;
        const bad = Array.from(gb.values).flatMap((x, i) =>
          compareF16(x, sb.values[i]!) === true ? [] : [`${i}: gpu ${x}, simulator ${sb.values[i]}`],
        );
        expect(bad, `binding ${gb.binding}`).toEqual([]);
      });
    });
  }
});

const REAL = fileURLToPath(new URL('../corpus/real', import.meta.url));

describe('the checks on f16 workgroup memory', () => {
  const reduction = (barrier: boolean) => `//! dispatch 2
//! buffer 0 f16[128] = i % 9
//! buffer 1 f16[2]
enable f16;
@group(0) @binding(0) var<storage, read> x: array<f16>;
@group(0) @binding(1) var<storage, read_write> sums: array<f16>;
var<workgroup> part: array<f16, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wg: vec3u) {
  part[lid] = x[wg.x * 64u + lid];
  workgroupBarrier();
  for (var s = 32u; s > 0u; s >>= 1u) {
    if (lid < s) {
      part[lid] += part[lid + s];
    }
    ${barrier ? 'workgroupBarrier();' : ''}
  }
  if (lid == 0u) {
    sums[wg.x] = part[0];
  }
}`;

  it('a reduction whose neighbours write the two halves of one word is clean, and its sums are right', () => {
    const r = analyze(reduction(true));
    expect(r.diagnostics.map((d) => d.message)).toEqual([]);
    const run = runOnSimulatorFromSource(reduction(true));
    const want = [0, 1].map((w) => Array.from({ length: 64 }, (_, i) => (w * 64 + i) % 9).reduce((p, q) => p + q, 0));
    expect(Array.from(run.buffers[1]!.values)).toEqual(want);
  });

  it('the same reduction without its loop barrier races on the f16 element, not on the word', () => {
    const r = analyze(reduction(false));
    const races = r.diagnostics.filter((d) => d.kind === 'data-race');
    expect(races.length).toBeGreaterThan(0);
    expect(races.every((d) => d.variable === 'part' && d.addressSpace === 'workgroup')).toBe(true);
    expect(races.map((d) => d.loc!.line)).toContain(14);
  });

  it('counts two lanes reading the halves of one word as one word in the bank model', () => {
    const src = (index: string) => `//! dispatch 1
//! buffer 0 f16[64]
enable f16;
@group(0) @binding(0) var<storage, read_write> o: array<f16>;
var<workgroup> t: array<f16, 2048>;
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) lane: u32) {
  t[lane * 64u] = f16(lane);
  workgroupBarrier();
  o[lane] = t[${index}];
}`;
    const read = (index: string) => analyze(src(index)).bankConflicts.find((b) => b.line === 10 && b.access === 'read')!;
    // 32 lanes on 16 words in 16 banks: one wavefront.
    expect(read('lane')).toMatchObject({ maxWays: 1, wavefronts: 1, ideal: 1 });
    // Byte 64·lane: words 16·lane fall in banks 0 and 16, 16 distinct words each.
    expect(read('lane * 32u').maxWays).toBe(16);
    // Lanes 2k and 2k+1 share word 32k (bank 0): 16 distinct words, not 32.
    expect(read('(lane / 2u) * 64u + (lane % 2u)').maxWays).toBe(16);
  });
});

describe('a device without shader-f16', () => {
  it('run says what is missing and where to go instead; check falls back to the front end', async () => {
    const g = await nodeGpuProvider().gpu();
    const adapter = await g!.requestAdapter();
    // A device requested without the feature, though the adapter may have it: what an adapter without it gives.
    const device = await adapter!.requestDevice({ requiredFeatures: [] });
    expect(device.features.has('shader-f16')).toBe(false);
    const plain = GpuSession.ofDevice(device, 'node');
    const source = readFileSync(join(REAL, 'f16-matmul-tile.wgsl'), 'utf8');
    const err = await runOnGpuFromSource(plain, source).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GpuUnavailableError);
    expect((err as Error).message).toMatch(
      /^the shader has `enable f16;`, but the GPU device \(.+\) has no 'shader-f16' feature, so it cannot run here; `run --sim` runs it on the simulator and `check` analyzes it, neither needs the feature$/,
    );
    const checked = await checkSource(source, { compiler: plain });
    expect(checked.compilerUnavailable).toBeUndefined();
    expect(checked.report.diagnostics).toEqual([]);
    expect(checked.report.summary.errors).toBe(0);
    device.destroy();
  });
});

describe('corpus/real f16 kernels and their verdicts', () => {
  for (const file of ['f16-softmax.wgsl', 'f16-matmul-tile.wgsl']) {
    it.skipIf(!HAS_F16)(`${file} (needs shader-f16 for Tint's compile)`, async () => {
      const source = readFileSync(join(REAL, file), 'utf8');
      const verdicts = [...source.matchAll(/^\/\/ verdict: (.*)$/gm)].map((m) => m[1]!.trim());
      expect(verdicts).toEqual(['clean']);
      const compiled = await compileWgsl(gpu.device, source);
      const r = analyze(source, { file, compile: { ok: compiled.ok, messages: compiled.diagnostics.map(compileMessage) } });
      expect(r.diagnostics.map((d) => d.message)).toEqual([]);
      expect(r.summary.errors + r.summary.warnings).toBe(0);
    });
  }
});

describe('the header on f16 buffers', () => {
  it('rounds init values to f16, and refuses expected values beyond the f16 range', () => {
    const ok = parseHarness('//! buffer 0 f16[3] = i + 0.1\n//! expect 0[0..3] = 0.1, 1.1, 65504');
    expect(ok.errors).toEqual([]);
    expect(Array.from(f16Values(fillBuffer(ok.harness.buffers[0]!) as Uint16Array))).toEqual([0.0999755859375, 1.099609375, 2.099609375]);
    const bad = parseHarness('//! buffer 0 f16[3]\n//! expect 0[0..1] = 70000');
    expect(bad.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      "2:22 expected a value within the f16 range (magnitude at most 65504), found '70000'",
    ]);
  });

  it('sizes f16 buffers in 2-byte elements: a file must hold 2 bytes per element', () => {
    const source =
      '//! buffer 0 f16[3] = file("h.bin")\nenable f16;\n@group(0) @binding(0) var<storage, read_write> h: array<f16>;\n@compute @workgroup_size(1) fn main() { h[2] = h[0] + h[1]; }';
    const bits = new Uint16Array([0x3c00, 0x4000, 0]); // 1, 2, 0
    const r = runOnSimulatorFromSource(source, { files: new Map([['h.bin', new Uint8Array(bits.buffer)]]) });
    expect(Array.from(r.buffers[0]!.values)).toEqual([1, 2, 3]);
    expect(() => runOnSimulatorFromSource(source, { files: new Map([['h.bin', new Uint8Array(12)]]) })).toThrow(
      /file\("h.bin"\) holds 12 bytes, but @group\(0\) @binding\(0\) \(f16\[3\]\) is 6 bytes/,
    );
  });
});
