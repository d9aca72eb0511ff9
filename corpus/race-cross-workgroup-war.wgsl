//! dispatch 2
//! buffer 0 u32[128] = i
//! buffer 1 u32[128]
// verdict: race RAW storage data 21 19
// (one finding per pair of sites: see below)

// An in-place swap of two halves: each invocation reads the OTHER workgroup's half, then
// overwrites its own half. Within a workgroup storageBarrier() orders the read before the
// write, but across workgroups nothing does. The two sites conflict both ways (workgroup 1
// reads what workgroup 0 already overwrote, and overwrites what workgroup 0 read); the
// pair is reported once, labelled by the first conflict in simulation order (RAW), with
// the count of all.
//
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

@compute @workgroup_size(64)
fn swap_halves(@builtin(global_invocation_id) gid: vec3u) {
  let other = data[(gid.x + 64u) % 128u];
  storageBarrier();
  data[gid.x] = other;
  sums[gid.x] = other;
}
