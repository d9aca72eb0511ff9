//! buffer 0 u32[64] = i % 5
//! buffer 1 u32[64]
// verdict: race WAW workgroup status 22 22
// One report for the pair (line 22, line 22), not benign: the invocations store
// different values (0 and 1). docs/analyzer.md: one report per (variable, pair of
// sites); the detector keeps one finding per pair and clears its benign label as soon
// as any two conflicting stores differ, even if some pairs stored equal values
// (invocations 1 and 2 both store 0).
//

// Every invocation reports its verdict into one shared status word, instead of only the
// failing ones: invocations whose input is 0 store 1, the others store 0, all in one
// barrier interval. The surviving value depends on the order of the stores: a real
// write-write race, and not a benign one, since the stored values differ.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> status: u32;

@compute @workgroup_size(64)
fn validate(@builtin(local_invocation_index) lane: u32) {
  status = select(0u, 1u, input[lane] == 0u);
  workgroupBarrier();
  output[lane] = status;
}
