//! buffer 0 u32[256] = i % 5
//! buffer 1 u32[256]
//! expect 1[0..8] = 0, 0, 1, 3, 6, 10, 10, 11
//! expect 1[254..256] = 506, 510

// Lesson 6's exclusive prefix sum of 256 values in one workgroup (Blelloch's scan), the
// baseline the subgroup version is timed against.
// Up-sweep: a reduction tree that leaves partial sums in place. Then the root is cleared
// and the down-sweep pushes prefixes back down the tree. 128 invocations, two elements
// each; a barrier before every level.
@group(0) @binding(0) var<storage, read> numbers: array<u32>;
@group(0) @binding(1) var<storage, read_write> prefix: array<u32>;

const N: u32 = 256u;
const LANES: u32 = N / 2u;
var<workgroup> tree: array<u32, N>;

@compute @workgroup_size(LANES)
fn scan_workgroup(@builtin(local_invocation_index) lane: u32) {
  tree[2u * lane] = numbers[2u * lane];
  tree[2u * lane + 1u] = numbers[2u * lane + 1u];

  var offset = 1u;
  for (var width = N / 2u; width > 0u; width /= 2u) {
    workgroupBarrier();
    if (lane < width) {
      let left = offset * (2u * lane + 1u) - 1u;
      let right = offset * (2u * lane + 2u) - 1u;
      tree[right] += tree[left];
    }
    offset *= 2u;
  }

  if (lane == 0u) {
    tree[N - 1u] = 0u;
  }

  for (var width = 1u; width < N; width *= 2u) {
    offset /= 2u;
    workgroupBarrier();
    if (lane < width) {
      let left = offset * (2u * lane + 1u) - 1u;
      let right = offset * (2u * lane + 2u) - 1u;
      let carried = tree[left];
      tree[left] = tree[right];
      tree[right] += carried;
    }
  }
  workgroupBarrier();

  prefix[2u * lane] = tree[2u * lane];
  prefix[2u * lane + 1u] = tree[2u * lane + 1u];
}
