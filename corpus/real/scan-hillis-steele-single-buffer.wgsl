//! override BLOCK = 128
//! dispatch 2
//! buffer 0 u32[256] = (i * 5 + 3) % 11
//! buffer 1 u32[256]
// verdict: race WAR workgroup buf 25 27
// differential: skip each step reads words other invocations overwrite in the same step

// scan-hillis-steele.wgsl in place, with one buffer: in a step, invocation lid reads
// buf[lid - offset] while invocation lid - offset writes it. The barrier after the write
// does not help, the read and the write are in the same step.
override BLOCK: u32 = 256u;

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> buf: array<u32, 256>;

@compute @workgroup_size(BLOCK)
fn scan(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lid: u32) {
  buf[lid] = input[gid.x];
  workgroupBarrier();
  for (var offset = 1u; offset < BLOCK; offset <<= 1u) {
    var v = buf[lid];
    if (lid >= offset) {
      v += buf[lid - offset];
    }
    buf[lid] = v;
    workgroupBarrier();
  }
  output[gid.x] = buf[lid];
}
