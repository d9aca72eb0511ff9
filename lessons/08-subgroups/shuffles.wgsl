//! buffer 0 u32[256] = (i * 7) % 100
//! buffer 1 u32[4]
//! expect 1[0..4] = 12580, 12580, 256, 256

// Shuffles by hand: a subgroup sum and an inclusive scan written with subgroupShuffleXor
// and subgroupShuffleUp, compared with the builtins that do the same. Whatever the subgroup
// size, every lane's results agree (results[2], results[3] count the lanes that agree) and
// the subgroup sums add up to the sum of the input (results[0], results[1]).
enable subgroups;

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> results: array<atomic<u32>>;

@compute @workgroup_size(256)
fn shuffles(@builtin(local_invocation_index) lane: u32,
            @builtin(subgroup_invocation_id) id: u32,
            @builtin(subgroup_size) size: u32) {
  let x = values[lane];

  // Butterfly: after the step with distance d, each lane holds the sum of its block of 2d
  // lanes. The loop runs log2(size) steps: 5 on a GPU with 32 lanes, 2 with 4, 7 with 128.
  var sum = x;
  for (var d = 1u; d < size; d *= 2u) {
    sum += subgroupShuffleXor(sum, d);
  }

  // Hillis–Steele in registers: take the value d lanes below, if there is one.
  var scan = x;
  for (var d = 1u; d < size; d *= 2u) {
    let below = subgroupShuffleUp(scan, d);
    if (id >= d) {
      scan += below;
    }
  }

  // The builtins, called where every lane of the subgroup takes part (never inside `if`).
  let builtin_sum = subgroupAdd(x);
  let builtin_scan = subgroupInclusiveAdd(x);
  if (subgroupElect()) {
    atomicAdd(&results[0], sum);
    atomicAdd(&results[1], builtin_sum);
  }
  atomicAdd(&results[2], select(0u, 1u, sum == builtin_sum));
  atomicAdd(&results[3], select(0u, 1u, scan == builtin_scan));
}
