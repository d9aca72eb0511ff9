//! dispatch 4
//! buffer 0 f32[256] = (i % 8) * 0.5 - 1
//! buffer 1 f32[256]
//! expect 1[0..8] = 0.0015129283, 0.0024943969, 0.0041125654, 0.006780474, 0.011179112, 0.01843124, 0.030387977, 0.050101303
//! expect 1[248..256] = 0.0015129283, 0.0024943969, 0.0041125654, 0.006780474, 0.011179112, 0.01843124, 0.030387977, 0.050101303
// verdict: clean

// Row-wise softmax over 4 rows of 64, one workgroup per row, as ML runtimes ship it: a
// max reduction and a sum reduction in workgroup memory, each level behind a barrier, and
// exp(x - max) / sum. The expected values were computed on the CPU in f32 arithmetic
// (each operation rounded to f32, the sum in the kernel's tree order); expectations hold
// within 4 ULP, which covers the GPU's exp.
var<workgroup> red: array<f32, 64>;

@group(0) @binding(0) var<storage, read> logits: array<f32>;
@group(0) @binding(1) var<storage, read_write> probs: array<f32>;

@compute @workgroup_size(64)
fn softmax(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
  let x = logits[wid.x * 64u + lid];
  red[lid] = x;
  workgroupBarrier();
  for (var s = 32u; s > 0u; s >>= 1u) {
    if (lid < s) {
      red[lid] = max(red[lid], red[lid + s]);
    }
    workgroupBarrier();
  }
  let row_max = red[0];
  workgroupBarrier();
  let e = exp(x - row_max);
  red[lid] = e;
  workgroupBarrier();
  for (var s = 32u; s > 0u; s >>= 1u) {
    if (lid < s) {
      red[lid] += red[lid + s];
    }
    workgroupBarrier();
  }
  probs[wid.x * 64u + lid] = e / red[0];
}
