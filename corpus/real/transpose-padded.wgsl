//! dispatch 4, 4
//! buffer 0 f32[4096] = i
//! buffer 1 f32[4096]
//! expect 1[0..4] = 0, 64, 128, 192
//! expect 1[64..66] = 1, 65
//! expect 1[4095] = 4095
// verdict: clean
// verdict: bank 24 write 2
// verdict: bank 28 read 2

// 64×64 transpose through a 16×17 tile in workgroup memory, as transpose kernels ship it:
// the padding column turns the column read of the tile from a 16-way bank conflict into a
// 2-way one. 2-way, not 1: a subgroup of 32 covers two rows of the 16×16 block, and lane 31's
// word (1 × 17 + 15 = 32) shares bank 0 with lane 0's word 0.
@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;

var<workgroup> tile: array<array<f32, 17>, 16>;

@compute @workgroup_size(16, 16)
fn transpose(@builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u) {
  let x = wid.x * 16u + lid.x;
  let y = wid.y * 16u + lid.y;
  tile[lid.y][lid.x] = src[y * 64u + x];
  workgroupBarrier();
  let tx = wid.y * 16u + lid.x;
  let ty = wid.x * 16u + lid.y;
  dst[ty * 64u + tx] = tile[lid.x][lid.y];
}
