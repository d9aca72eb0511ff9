//! override BLOCK = 128
//! dispatch 2
//! buffer 0 u32[256] = (i * 5 + 3) % 11
//! buffer 1 u32[256]
//! expect 1[0..4] = 3, 11, 13, 20
//! expect 1[252..256] = 633, 636, 644, 646
// verdict: clean

// Hillis–Steele inclusive scan of each block of BLOCK elements (an override), double-
// buffered in workgroup memory: each step reads one buffer and writes the other, with a
// barrier between steps, as scan libraries write it.
override BLOCK: u32 = 256u;

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> buf: array<u32, 512>;

@compute @workgroup_size(BLOCK)
fn scan(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lid: u32) {
  var src = 0u;
  buf[lid] = input[gid.x];
  workgroupBarrier();
  for (var offset = 1u; offset < BLOCK; offset <<= 1u) {
    let dst = 1u - src;
    var v = buf[src * BLOCK + lid];
    if (lid >= offset) {
      v += buf[src * BLOCK + lid - offset];
    }
    buf[dst * BLOCK + lid] = v;
    src = dst;
    workgroupBarrier();
  }
  output[gid.x] = buf[src * BLOCK + lid];
}
