//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[0..4] = 0, 1024, 0, 1024
//! expect 1[64..66] = 4096, 9216

// A pattern often called a 32-way conflict: every lane reads tile[(lane * 32) % 64].
// Only two distinct words are read, tile[0] and tile[32]. Both are in bank 0, but lanes
// reading the same word are served together (a broadcast), so a subgroup needs two
// accesses, not 32: a 2-way conflict. `wgsl-lab check` reports maxWays 2.
@group(0) @binding(0) var<storage, read> squares: array<f32>;
@group(0) @binding(1) var<storage, read_write> picked: array<f32>;

var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(64)
fn two_words(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lane: u32) {
  tile[lane] = squares[gid.x];
  workgroupBarrier();
  picked[gid.x] = tile[(lane * 32u) % 64u];
}
