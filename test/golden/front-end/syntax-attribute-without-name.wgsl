//! buffer 0 u32[4]
@group(0) @(0) var<storage, read_write> o: array<u32>;

