//! buffer 0 u32[256] = (floor(i / 2) * 2654435761) % 4294967296
//! buffer 1 u32[256] = i
//! buffer 2 u32[256]
//! buffer 3 u32[256]
//! expect 2[0..8] = 0, 0, 21581449, 21581449, 56502658, 56502658, 78084107, 78084107
//! expect 3[0..8] = 0, 1, 178, 179, 68, 69, 246, 247
//! expect 2[254..256] = 4260046087, 4260046087
//! expect 3[254..256] = 110, 111

// LSD radix sort of 256 keys with their values, in one workgroup: four passes over the
// keys' 8-bit digits, least significant first. Each pass is a counting sort by one digit:
//   1. a histogram of the digit (workgroup atomics, as in the histogram example);
//   2. an exclusive scan of the 256 counts: where each digit's keys start;
//   3. a stable scatter: a key goes to its digit's start plus the number of keys before it
//      (lower lanes) with the same digit.
// Because every pass keeps equal digits in their current order, after the pass over the
// top byte the keys are sorted by all four. The input holds every key twice (keys of
// lanes 2m and 2m + 1 are equal) and the values are the lanes, so buffer 3 shows the
// sort is stable: each equal pair comes out as 2m, 2m + 1.
@group(0) @binding(0) var<storage, read> keys_in: array<u32>;
@group(0) @binding(1) var<storage, read> values_in: array<u32>;
@group(0) @binding(2) var<storage, read_write> keys_out: array<u32>;
@group(0) @binding(3) var<storage, read_write> values_out: array<u32>;

const N: u32 = 256u;
const RADIX: u32 = 256u;
var<workgroup> keys: array<u32, N>;
var<workgroup> values: array<u32, N>;
var<workgroup> digits: array<u32, N>;
var<workgroup> counts: array<atomic<u32>, RADIX>;
var<workgroup> starts: array<u32, RADIX>;

@compute @workgroup_size(256)
fn radix_sort(@builtin(local_invocation_index) lane: u32) {
  keys[lane] = keys_in[lane];
  values[lane] = values_in[lane];
  for (var shift = 0u; shift < 32u; shift += 8u) {
    // 1. Histogram of this pass's digit.
    atomicStore(&counts[lane], 0u);
    workgroupBarrier();
    let key = keys[lane];
    let value = values[lane];
    let digit = (key >> shift) & 0xffu;
    digits[lane] = digit;
    atomicAdd(&counts[digit], 1u);
    workgroupBarrier();

    // 2. Inclusive Hillis–Steele scan of the counts (one per lane), then minus the count.
    starts[lane] = atomicLoad(&counts[lane]);
    workgroupBarrier();
    for (var d = 1u; d < RADIX; d *= 2u) {
      var add = 0u;
      if (lane >= d) { add = starts[lane - d]; }
      workgroupBarrier();
      starts[lane] += add;
      workgroupBarrier();
    }
    let start = starts[digit] - atomicLoad(&counts[digit]);

    // 3. Stable rank among the keys with the same digit, then the scatter. The barrier
    // keeps every lane's reads of this pass before any lane's writes.
    var rank = 0u;
    for (var j = 0u; j < lane; j++) {
      if (digits[j] == digit) { rank++; }
    }
    workgroupBarrier();
    keys[start + rank] = key;
    values[start + rank] = value;
    workgroupBarrier();
  }
  keys_out[lane] = keys[lane];
  values_out[lane] = values[lane];
}
