//! buffer 0 u32[256] = (i * 3) % 7
//! buffer 1 u32[256]
//! expect 1[0..8] = 0, 0, 3, 9, 11, 16, 17, 21
//! expect 1[100..104] = 297, 303, 305, 310
//! expect 1[254..256] = 759, 765
enable subgroups;

// Exercise: the subgroup scan is missing its last step. Each run is scanned within its
// subgroup, and every run's total is in run_totals[slot]; a lane still has to add the
// totals of the runs before its own.
@group(0) @binding(0) var<storage, read> numbers: array<u32>;
@group(0) @binding(1) var<storage, read_write> prefix: array<u32>;

const LANES: u32 = 256u;
// One slot per subgroup, enough for the smallest subgroup size WebGPU allows (4).
var<workgroup> run_totals: array<u32, LANES / 4u>;
// Low 16 bits: positions claimed so far; high 16 bits: slots claimed so far.
var<workgroup> claims: atomic<u32>;

@compute @workgroup_size(LANES)
fn scan_carry() {
  // WGSL does not promise which local indices form a subgroup, nor in which order their
  // lanes scan. So the subgroup's first lane claims as many positions as the subgroup has
  // lanes, and the lanes take them in the order subgroupExclusiveAdd uses.
  let lanes = subgroupAdd(1u);
  var claimed = 0u;
  if (subgroupElect()) {
    claimed = atomicAdd(&claims, 0x10000u | lanes);
  }
  claimed = subgroupBroadcastFirst(claimed);
  let position = (claimed & 0xffffu) + subgroupExclusiveAdd(1u);
  let slot = claimed >> 16u;

  let x = numbers[position];
  let within = subgroupExclusiveAdd(x);
  let run_total = subgroupAdd(x);
  if (subgroupElect()) {
    run_totals[slot] = run_total;
  }
  workgroupBarrier();

  var before = 0u; // TODO: the sum of the totals of the runs before this one
  prefix[position] = before + within;
}
