//! pass sort_blocks 2
//! pass merge_across 1
//! pass merge_within 2
//! buffer 0 u32[128] = (i * 73 + 41) % 128
//! expect 0[0..4] = 0, 1, 2, 3
//! expect 0[124..128] = 124, 125, 126, 127
// verdict: clean

// Bitonic sort of 128 keys in three passes, as GPU sorting libraries split it: each
// workgroup sorts its 64 keys in workgroup memory (all stages up to 64); one global
// compare-exchange at distance 64 (stage 128, in storage memory, one invocation per pair);
// then each workgroup finishes stage 128 at distances 32 … 1 in workgroup memory.
@group(0) @binding(0) var<storage, read_write> keys: array<u32>;

var<workgroup> local_keys: array<u32, 64>;

fn compare_exchange(i: u32, j: u32, ascending: bool) {
  let a = local_keys[i];
  let b = local_keys[j];
  if ((a > b) == ascending) {
    local_keys[i] = b;
    local_keys[j] = a;
  }
}

@compute @workgroup_size(32)
fn sort_blocks(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
  let base = wid.x * 64u;
  local_keys[lid] = keys[base + lid];
  local_keys[lid + 32u] = keys[base + lid + 32u];
  workgroupBarrier();
  for (var k = 2u; k <= 64u; k <<= 1u) {
    for (var j = k >> 1u; j > 0u; j >>= 1u) {
      // Invocation lid handles the pair (i, i + j) with i having bit j clear.
      let i = (lid / j) * 2u * j + lid % j;
      let global_i = base + i;
      // Direction of the whole 128-key sort's stage k: ascending where bit k is clear.
      compare_exchange(i, i + j, (global_i & k) == 0u);
      workgroupBarrier();
    }
  }
  keys[base + lid] = local_keys[lid];
  keys[base + lid + 32u] = local_keys[lid + 32u];
}

@compute @workgroup_size(64)
fn merge_across(@builtin(local_invocation_index) lid: u32) {
  let a = keys[lid];
  let b = keys[lid + 64u];
  if (a > b) {
    keys[lid] = b;
    keys[lid + 64u] = a;
  }
}

@compute @workgroup_size(32)
fn merge_within(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
  let base = wid.x * 64u;
  local_keys[lid] = keys[base + lid];
  local_keys[lid + 32u] = keys[base + lid + 32u];
  workgroupBarrier();
  for (var j = 32u; j > 0u; j >>= 1u) {
    let i = (lid / j) * 2u * j + lid % j;
    compare_exchange(i, i + j, true);
    workgroupBarrier();
  }
  keys[base + lid] = local_keys[lid];
  keys[base + lid + 32u] = local_keys[lid + 32u];
}
