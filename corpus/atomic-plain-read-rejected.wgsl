//! buffer 0 u32[64]
// verdict: compile-error 17

// The race "atomicAdd by some invocations, a plain read of the same word by others" cannot
// be written in WGSL: a variable of type atomic<u32> is only accessible through the atomic
// built-in functions, so the plain read below is a type error and the compiler rejects the
// shader. (Atomic and non-atomic accesses to one word would otherwise race even though
// each atomic is indivisible.) Read it with atomicLoad after a barrier, as in
// atomic-add-workgroup.wgsl.
@group(0) @binding(0) var<storage, read_write> output: array<u32>;

var<workgroup> count: atomic<u32>;

@compute @workgroup_size(64)
fn plain_read(@builtin(local_invocation_index) lane: u32) {
  atomicAdd(&count, 1u);
  let seen = count;
  output[lane] = seen;
}
