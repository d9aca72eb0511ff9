//! buffer 0 u32[128] = (i * 37 + 11) % 101
//! buffer 1 u32[4096]
enable subgroups;

// Every subgroup builtin of WGSL, one output row of 128 per operation (row k at k * 128),
// on u32, i32, f32 and vector operands. Results depend on the subgroup size, never on
// undefined behaviour: shuffles that would read outside the subgroup are masked with
// select, and every operation is reached by all lanes. The differential test runs it at
// the device's size; src/sim/subgroups.test.ts at 4, 8, 32 and 64 against a reference.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) i: u32, @builtin(subgroup_invocation_id) id: u32, @builtin(subgroup_size) size: u32) {
  let x = input[i];
  let m = x % 3u + 1u;
  let s = i32(x) - 50;
  let f = f32(x) * 0.5;
  var r: array<u32, 32>;
  r[0] = subgroupAdd(x);
  r[1] = subgroupMul(m);
  r[2] = subgroupMin(x);
  r[3] = subgroupMax(x);
  r[4] = subgroupAnd(x | 0x100u);
  r[5] = subgroupOr(x);
  r[6] = subgroupXor(x);
  r[7] = subgroupInclusiveAdd(x);
  r[8] = subgroupExclusiveAdd(x);
  r[9] = subgroupInclusiveMul(m);
  r[10] = subgroupExclusiveMul(m);
  r[11] = select(0u, 1u, subgroupAll(x < 100u));
  r[12] = select(0u, 1u, subgroupAny(x == 5u));
  let ballot = subgroupBallot(x % 3u == 0u);
  r[13] = ballot.x;
  r[14] = ballot.y;
  r[15] = ballot.z;
  r[16] = ballot.w;
  r[17] = select(0u, 1u, subgroupElect());
  r[18] = subgroupBroadcastFirst(x);
  r[19] = subgroupBroadcast(x, 3u);
  r[20] = subgroupShuffle(x, (id * 5u + 1u) % size);
  r[21] = subgroupShuffleXor(x, 3u);
  r[22] = select(0u, subgroupShuffleUp(x, 1u), id >= 1u);
  r[23] = select(0u, subgroupShuffleDown(x, 2u), id + 2u < size);
  r[24] = quadBroadcast(x, 1u);
  r[25] = quadSwapX(x);
  r[26] = quadSwapY(x);
  r[27] = quadSwapDiagonal(x);
  r[28] = bitcast<u32>(subgroupMin(s));
  r[29] = bitcast<u32>(subgroupAdd(f));
  r[30] = bitcast<u32>(subgroupExclusiveAdd(vec2f(f, 1.0)).y);
  r[31] = dot(subgroupMax(vec2u(x, 1u)), vec2u(1000u, 1u));
  for (var k = 0u; k < 32u; k++) {
    out[k * 128u + i] = r[k];
  }
}
