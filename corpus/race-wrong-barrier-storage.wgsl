//! dispatch 2
//! buffer 0 u32[128] = i
//! buffer 1 u32[128]
// verdict: race RAW workgroup tile 18 20

// The wrong kind of barrier: the values are exchanged through WORKGROUP memory, but the
// barrier is storageBarrier(), which orders only storage-buffer accesses. The reversed
// read on line 20 still races with the store on line 18 of the mirror invocation.
// Fixed in race-wrong-barrier-storage-fixed.wgsl.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> reversed: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn reverse(@builtin(global_invocation_id) gid: vec3u,
           @builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[gid.x];
  storageBarrier();
  reversed[gid.x] = tile[63u - lane];
}
