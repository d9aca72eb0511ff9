//! buffer 0 u32[256] = i % 5
//! buffer 1 u32[256]
//! expect 1[0..8] = 0, 0, 1, 3, 6, 10, 10, 11
//! expect 1[254..256] = 506, 510

// Exercise solution: the Blelloch scan with conflict-free indexing. Every tree slot k is
// stored at k + k / 32, one spare word after each run of 32 slots (264 words in all).
// The tree's indices are multiples of a power of two minus one; without the shift, the
// lanes of a subgroup pile up on a few banks (up to 8-way). The shift moves each group of
// 32 over by one bank, and Check then reports no conflict on any tree access.
@group(0) @binding(0) var<storage, read> numbers: array<u32>;
@group(0) @binding(1) var<storage, read_write> prefix: array<u32>;

const N: u32 = 256u;
const LANES: u32 = N / 2u;
const BANKS: u32 = 32u;
var<workgroup> tree: array<u32, N + N / BANKS>;

fn at(k: u32) -> u32 {
  return k + k / BANKS;
}

@compute @workgroup_size(LANES)
fn blelloch_scan_padded(@builtin(local_invocation_index) lane: u32) {
  tree[at(2u * lane)] = numbers[2u * lane];
  tree[at(2u * lane + 1u)] = numbers[2u * lane + 1u];

  // Up-sweep: after the level with offset d, slot d*(2j+2)-1 holds the sum of its block.
  var offset = 1u;
  for (var width = N / 2u; width > 0u; width /= 2u) {
    workgroupBarrier();
    if (lane < width) {
      let left = at(offset * (2u * lane + 1u) - 1u);
      let right = at(offset * (2u * lane + 2u) - 1u);
      tree[right] += tree[left];
    }
    offset *= 2u;
  }

  if (lane == 0u) {
    tree[at(N - 1u)] = 0u;
  }

  // Down-sweep: each node passes its prefix to its left child and prefix + left sum to
  // its right child.
  for (var width = 1u; width < N; width *= 2u) {
    offset /= 2u;
    workgroupBarrier();
    if (lane < width) {
      let left = at(offset * (2u * lane + 1u) - 1u);
      let right = at(offset * (2u * lane + 2u) - 1u);
      let carried = tree[left];
      tree[left] = tree[right];
      tree[right] += carried;
    }
  }
  workgroupBarrier();

  prefix[2u * lane] = tree[at(2u * lane)];
  prefix[2u * lane + 1u] = tree[at(2u * lane + 1u)];
}
