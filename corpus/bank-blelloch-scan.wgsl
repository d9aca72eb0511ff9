//! buffer 0 u32[128] = i % 7
//! buffer 1 u32[128]
//! expect 1[0..8] = 0, 0, 1, 3, 6, 10, 15, 21
//! expect 1[126..128] = 378, 378
// verdict: clean
// verdict: bank 36 write 2
// verdict: bank 37 write 2
// verdict: bank 45 read 4
// verdict: bank 46 read 4
// verdict: bank 47 write 4
// verdict: bank 53 write 1
// verdict: bank 62 read 4
// verdict: bank 63 read 4
// verdict: bank 64 write 4
// verdict: bank 65 write 4
// verdict: bank 70 read 2
// verdict: bank 71 read 2

// Exclusive prefix sum of 128 values by 64 invocations (Blelloch: up-sweep, clear the
// root, down-sweep). At the level with offset o, invocation l touches words o (2 l + 1) - 1
// and o (2 l + 2) - 1: 2 o words apart. The degree is the number of active lanes of a
// subgroup per used bank:
//   o = 1: 32 lanes, stride 2: 2-way       o = 8: 8 lanes, stride 16: 4-way
//   o = 2: 32 lanes, stride 4: 4-way       o = 16: 4 lanes, stride 32: 4-way
//   o = 4: 16 lanes, stride 8: 4-way       o = 32: 2 lanes: 2-way; o = 64: 1 lane
// Up-sweep and down-sweep visit the same levels, so every tree access peaks at 4-way; the
// loads and stores of pairs (words 2 l and 2 l + 1) are 2-way.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

const N: u32 = 128u;
var<workgroup> tree: array<u32, N>;

@compute @workgroup_size(64)
fn blelloch(@builtin(local_invocation_index) lane: u32) {
  tree[2u * lane] = input[2u * lane];
  tree[2u * lane + 1u] = input[2u * lane + 1u];

  var offset = 1u;
  for (var width = N / 2u; width > 0u; width /= 2u) {
    workgroupBarrier();
    if (lane < width) {
      let left = offset * (2u * lane + 1u) - 1u;
      let right = offset * (2u * lane + 2u) - 1u;
      let l = tree[left];
      let r = tree[right];
      tree[right] = l + r;
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
      let l = tree[left];
      let r = tree[right];
      tree[left] = r;
      tree[right] = l + r;
    }
  }
  workgroupBarrier();

  output[2u * lane] = tree[2u * lane];
  output[2u * lane + 1u] = tree[2u * lane + 1u];
}
