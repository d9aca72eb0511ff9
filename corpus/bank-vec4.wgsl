//! buffer 0 u32[64]
//! expect 0[0..4] = 6, 22, 38, 54
//! expect 0[63] = 502
// verdict: clean
// verdict: bank 25 write 1
// verdict: bank 26 write 1
// verdict: bank 28 read 1
// verdict: bank 29 read 2
// verdict: bank 30 read 4
// verdict: bank 31 read 2

// 16-byte accesses (vec4<u32>, and vec3<u32>, which occupies 16 bytes in an array and
// counts as 16 bytes in the model). An instruction is served in phases of 8 lanes
// (128 bytes of banks / 16 bytes). A phase reading quads[lane] covers 32 consecutive words:
// conflict-free. quads[2 lane]: 8 lanes, words 8 l .. 8 l + 3, lanes l and l + 4 share
// banks: 2-way. quads[4 lane]: words 16 l .. 16 l + 3, only banks 0-3 and 16-19 are used,
// by 4 lanes each: 4-way. triples[2 lane]: like quads[2 lane], 2-way.
@group(0) @binding(0) var<storage, read_write> output: array<u32>;

var<workgroup> quads: array<vec4<u32>, 64>;
var<workgroup> triples: array<vec3<u32>, 64>;

@compute @workgroup_size(64)
fn vec4_access(@builtin(local_invocation_index) lane: u32) {
  quads[lane] = vec4<u32>(lane, lane + 1u, lane + 2u, lane + 3u);
  triples[lane] = vec3<u32>(lane, 2u * lane, 3u * lane);
  workgroupBarrier();
  let a = quads[lane];
  let b = quads[(2u * lane) % 64u];
  let c = quads[(4u * lane) % 64u];
  let t = triples[(2u * lane) % 64u];
  output[lane] = a.x + b.y + c.z + a.w + t.x + t.z;
}
