//! dispatch 2, 2
//! buffer 0 f16[1024] = (i % 7) * 0.25 - 0.75
//! buffer 1 f16[1024] = (i % 5) * 0.5 - 1
//! buffer 2 f16[1024]
//! uniform 3 u32 = 32
//! expect 2[0..2] = -0.375, -0.5
//! expect 2[1023..1024] = -0.5
// verdict: clean

// Tiled matrix product C = A·B of n×n f16 matrices (n a multiple of 16), the shape of the
// f16 matmul kernels of WebGPU ML runtimes: each 16×16 workgroup stages one tile of A and
// one of B in workgroup memory (two f16 per 32-bit word), synchronizes, and accumulates
// in f16. With these inputs every product and partial sum is exact in f16, so any order
// of summation (or a fused multiply-add) gives the same bits.
enable f16;

@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read> b: array<f16>;
@group(0) @binding(2) var<storage, read_write> c: array<f16>;
@group(0) @binding(3) var<uniform> n: u32;

const TILE = 16u;
var<workgroup> a_tile: array<array<f16, TILE>, TILE>;
var<workgroup> b_tile: array<array<f16, TILE>, TILE>;

@compute @workgroup_size(16, 16)
fn matmul(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  var acc = 0.0h;
  for (var t = 0u; t < n / TILE; t++) {
    a_tile[lid.y][lid.x] = a[row * n + t * TILE + lid.x];
    b_tile[lid.y][lid.x] = b[(t * TILE + lid.y) * n + col];
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      acc += a_tile[lid.y][k] * b_tile[k][lid.x];
    }
    workgroupBarrier();
  }
  c[row * n + col] = acc;
}
