//! dispatch 2
//! buffer 0 u32[128] = i
//! buffer 1 u32[128]
//! expect 1[0..3] = 0, 8, 16
//! expect 1[8..10] = 1, 9
//! expect 1[64..66] = 64, 72
//! expect 1[127] = 127
// verdict: clean
// verdict: bank 26 write 1
// verdict: bank 28 read 2

// A two-dimensional workgroup (8 x 8) transposing 8 x 8 blocks. local_invocation_index is
// x + 8 y, so a subgroup of 32 lanes is rows y = 0..3 (or 4..7) with x = 0..7.
// Writing block[y][x] (word 8 y + x = the lane index) is conflict-free. Reading
// block[x][y] touches word 8 x + y: for one y the 8 lanes are 8 words apart, so x and
// x + 4 share a bank at different words: 2-way (the four rows use different banks).
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> block: array<array<u32, 8>, 8>;

@compute @workgroup_size(8, 8)
fn transpose8(@builtin(workgroup_id) wid: vec3u,
              @builtin(local_invocation_id) lid: vec3u) {
  let base = wid.x * 64u;
  block[lid.y][lid.x] = input[base + lid.y * 8u + lid.x];
  workgroupBarrier();
  output[base + lid.y * 8u + lid.x] = block[lid.x][lid.y];
}
