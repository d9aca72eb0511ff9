// Out-of-bounds findings through the analyzer (simulator + checks, wgsl-lab's own front
// end): an indexing whose value select() discards is a warning, one whose value is used an
// error, and the counts split accordingly.
import { describe, expect, it } from 'vitest';
import { analyze } from '../runner/analyze.js';

const kernel = (body: string) => `
//! buffer 0 u32[64] = i
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = lane * 2u;
  workgroupBarrier();
  ${body}
}
`;

const oob = (body: string) => analyze(kernel(body)).diagnostics.filter((d) => d.kind === 'out-of-bounds');

describe('out-of-bounds inside select()', () => {
  it('is a warning when the condition discards the out-of-bounds argument', () => {
    const [d, ...rest] = oob('out[lane] = select(tile[lane - 1u], tile[lane], lane == 0u);');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'warning', count: 1, loc: { line: 9, column: 22 } });
    expect(d!.message).toContain('evaluated eagerly; value unused');
  });

  it('is an error when the condition picks the out-of-bounds argument', () => {
    // Lane 0 picks the second argument, which is tile[4294967295].
    const [d] = oob('out[lane] = select(0u, tile[lane - 1u], lane == 0u);');
    expect(d).toMatchObject({ severity: 'error', count: 1 });
    expect(d!.message).toContain('argument of select(), which evaluates both arguments');
  });

  it('is an error at a site where some lanes use the value and others discard it', () => {
    // Lanes 0 and 63 index out of bounds; lane 0 discards its value, lane 63 uses it.
    const [d] = oob('out[lane] = select(tile[(lane + 63u) % 64u + select(0u, 1u, lane > 0u) * 64u], 7u, lane == 0u);');
    expect(d).toMatchObject({ severity: 'error', count: 63 });
    // The quoted invocation is one whose value was used.
    expect(d!.message).toMatch(/invocation [1-9]/);
  });

  it('with a vector condition, is a warning only when every component discards the argument', () => {
    const unused = oob('let v = select(vec2u(tile[lane - 1u], 1u), vec2u(2u), vec2<bool>(lane == 0u, lane == 0u)); out[lane] = v.x + v.y;');
    expect(unused.map((d) => d.severity)).toEqual(['warning']);
    const mixed = oob('let v = select(vec2u(tile[lane - 1u], 1u), vec2u(2u), vec2<bool>(lane == 0u, lane != 0u)); out[lane] = v.x + v.y;');
    expect(mixed.map((d) => d.severity)).toEqual(['error']);
  });

  it('is an error outside select() as before', () => {
    expect(oob('out[lane] = tile[lane + 1u];').map((d) => [d.severity, d.count])).toEqual([['error', 1]]);
  });

  it('a nested select() that discards the outer argument makes the inner access unused', () => {
    const [d] = oob('out[lane] = select(select(tile[lane - 1u], 5u, lane == 1u), 9u, lane == 0u);');
    expect(d).toMatchObject({ severity: 'warning', count: 1 });
  });
});
