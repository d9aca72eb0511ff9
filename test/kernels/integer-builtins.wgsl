//! buffer 0 u32[64] = floor(random() * 4294967295)
//! buffer 1 u32[512]

// Integer and bit builtins, packing, bitcast, signed division and remainder, shifts.
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  let a = x[i];
  let b = x[63u - i];
  let s = bitcast<i32>(a);
  let t = bitcast<i32>(b) | 1;
  let o = i * 8u;
  out[o] = countOneBits(a) + countLeadingZeros(b) * 64u + countTrailingZeros(a | 0x80000000u) * 4096u;
  out[o + 1u] = reverseBits(a) ^ firstLeadingBit(b) ^ (firstTrailingBit(a) << 8u);
  out[o + 2u] = extractBits(a, i % 20u, 9u) + insertBits(b, a, 5u, i % 17u);
  out[o + 3u] = bitcast<u32>(extractBits(s, 3u, 12u) + s / t + s % t);
  out[o + 4u] = (a << (i % 32u)) + (b >> (i % 31u)) + bitcast<u32>(s >> (i % 32u));
  out[o + 5u] = pack4x8unorm(vec4f(f32(i) / 63.0, 0.5, 1.25, -0.5)) + pack2x16snorm(vec2f(-0.75, f32(i) / 64.0));
  out[o + 6u] = pack2x16float(unpack2x16float(a & 0x7bff7bffu)) ^ bitcast<u32>(f32(a % 1000u) * 0.125);
  out[o + 7u] = bitcast<u32>(dot4I8Packed(a, b)) + dot4U8Packed(a, b) + bitcast<u32>(min(s, t) - max(s, t));
}
