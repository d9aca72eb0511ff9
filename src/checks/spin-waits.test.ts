// Spin-waits through the analyzer (simulator + checks, wgsl-lab's own front end): a loop
// polling a word another workgroup writes is information, not a bug; a wait on a later
// workgroup ends at the step budget instead of hanging; polling a word only the own
// workgroup writes is not a spin-wait on another workgroup.
import { describe, expect, it } from 'vitest';
import { analyze } from '../runner/analyze.js';

const kernel = (waitOn: string) => `//! dispatch 3
//! buffer 0 u32[3]
//! buffer 1 u32[3]
@group(0) @binding(0) var<storage, read_write> flags: array<atomic<u32>, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3u) {
  let other = ${waitOn};
  if (other != wid.x) {
    loop {
      if (atomicLoad(&flags[other]) != 0u) { break; }
    }
  }
  atomicStore(&flags[wid.x], 1u);
  out[wid.x] = wid.x;
}
`;

describe('spin-waits', () => {
  it('a wait on the previous workgroup is reported as info at the load, with the writer related', () => {
    const r = analyze(kernel('max(wid.x, 1u) - 1u'));
    expect(r.diagnostics.map((d) => [d.kind, d.severity, d.loc!.line, d.related[0]?.loc.line, d.count])).toEqual([
      ['spin-wait', 'info', 11, 14, 2],
    ]);
    expect(r.diagnostics[0]!.message).toMatch(
      /^spin-wait on flags\[other\]: invocation 0 of workgroup 1 polls a word that workgroup 0 writes atomically \(line 14\) — the simulator cannot order workgroups/,
    );
    expect(r.summary).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('a wait on a later workgroup ends at the step budget, not in a hang', () => {
    const r = analyze(kernel('min(wid.x + 1u, 2u)'), { maxSteps: 20_000 });
    expect(r.diagnostics.map((d) => d.kind)).toEqual(['step-limit']);
  });
});
