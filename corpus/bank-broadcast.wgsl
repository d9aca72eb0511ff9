//! dispatch 2
//! buffer 0 u32[128] = i
//! buffer 1 u32[1] = 3
//! buffer 2 u32[128]
//! expect 2[0..4] = 0, 32, 0, 32
//! expect 2[8..10] = 3, 35
//! expect 2[64..66] = 256, 288
// verdict: clean
// verdict: bank 31 write 1
// verdict: bank 33 write 1
// verdict: bank 35 read 1
// verdict: bank 36 read 1
// verdict: bank 37 read 2

// Broadcasts: lanes that read the SAME word are served together, so the degree counts
// distinct words per bank, not lanes. All 64 invocations reading the one word `scale`:
// conflict-free. table[lane / 8]: 8 lanes per word, 4 distinct words per subgroup in 4
// banks: conflict-free. table[(lane * 32) % 64]: only two distinct words, 0 and 32, both in
// bank 0: a 2-way conflict (not 32-way: the other lanes ride along on the broadcasts).
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> params: array<u32>;
@group(0) @binding(2) var<storage, read_write> output: array<u32>;

var<workgroup> scale: u32;
var<workgroup> table: array<u32, 64>;

@compute @workgroup_size(64)
fn broadcast(@builtin(global_invocation_id) gid: vec3u,
             @builtin(local_invocation_index) lane: u32) {
  if (lane == 0u) {
    scale = params[0];
  }
  table[lane] = input[gid.x];
  workgroupBarrier();
  let s = scale;
  let group = table[lane / 8u];
  let two = table[(lane * 32u) % 64u];
  output[gid.x] = s * group + two;
}
