//! override TILE = 8
//! dispatch 4, 4
//! uniform 0:3 u32[4] = 32 / (i * i * 31 + 1)
//! buffer 0 f32[1024] = (i % 5) - 2
//! buffer 1 f32[1024] = (i % 3) - 1
//! buffer 2 f32[1024]
//! expect 2[0..4] = 1, 1, -2, 1
//! expect 2[33..37] = -1, 0, 1, -1
//! expect 2[1020..1024] = -1, 0, 1, -1
// verdict: clean

// Tiled matrix multiply C = A × B (32×32, row-major) with the tile size as a pipeline
// override, as ML kernels ship it: each workgroup computes a TILE×TILE block of C, staging
// tiles of A and B in workgroup memory with a barrier before and after each use.
// Dimensions come in a uniform struct (M = 32, N = 1, K = 1 given as raw words; only M is
// used, the matrices are square).
override TILE: u32 = 16u;

struct Dims {
  m: u32,
  n: u32,
  k: u32,
  _pad: u32,
}

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

var<workgroup> tileA: array<f32, 256>;
var<workgroup> tileB: array<f32, 256>;

@compute @workgroup_size(TILE, TILE)
fn matmul(@builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u) {
  let size = dims.m;
  let row = wid.y * TILE + lid.y;
  let col = wid.x * TILE + lid.x;
  var acc = 0.0;
  for (var t = 0u; t < size / TILE; t++) {
    tileA[lid.y * TILE + lid.x] = a[row * size + t * TILE + lid.x];
    tileB[lid.y * TILE + lid.x] = b[(t * TILE + lid.y) * size + col];
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      acc += tileA[lid.y * TILE + k] * tileB[k * TILE + lid.x];
    }
    workgroupBarrier();
  }
  c[row * size + col] = acc;
}
