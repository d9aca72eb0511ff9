//! dispatch 4
//! buffer 0 f16[256] = sin(i * 0.37) * 4
//! buffer 1 f16[256]
//! uniform 2 u32 = 64
// verdict: clean

// Row softmax in half precision, the way ML runtimes write it for f16 models: one workgroup
// per row, the row maximum reduced in f16 workgroup memory (neighbouring invocations write
// the two halves of one 32-bit word: distinct locations, no race), the sum of exponentials
// accumulated in f32 for accuracy, the result rounded back to f16.
enable f16;

@group(0) @binding(0) var<storage, read> x: array<f16>;
@group(0) @binding(1) var<storage, read_write> y: array<f16>;
@group(0) @binding(2) var<uniform> cols: u32;

const WG = 64u;
var<workgroup> row_max: array<f16, WG>;
var<workgroup> row_sum: array<f32, WG>;

@compute @workgroup_size(64)
fn softmax(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) lid: u32) {
  let base = wg.x * cols;
  var m = f16(-65504.0);
  for (var c = lid; c < cols; c += WG) {
    m = max(m, x[base + c]);
  }
  row_max[lid] = m;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s >>= 1u) {
    if (lid < s) {
      row_max[lid] = max(row_max[lid], row_max[lid + s]);
    }
    workgroupBarrier();
  }
  let mx = row_max[0];

  var sum = 0.0;
  for (var c = lid; c < cols; c += WG) {
    sum += exp(f32(x[base + c] - mx));
  }
  row_sum[lid] = sum;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s >>= 1u) {
    if (lid < s) {
      row_sum[lid] += row_sum[lid + s];
    }
    workgroupBarrier();
  }
  let total = row_sum[0];
  for (var c = lid; c < cols; c += WG) {
    y[base + c] = f16(exp(f32(x[base + c] - mx)) / total);
  }
}
