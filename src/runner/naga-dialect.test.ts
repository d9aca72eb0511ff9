// naga-only WGSL through the analyzer and the simulator, without a GPU: values as naga
// computes them, portability warnings where no compiler can be asked, and the compiler's
// verdicts (refused as written, accepted as rewritten) turned into the report.
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { runOnSimulatorFromSource } from './run-sim.js';

const HASH = `//! dispatch 1
//! buffer 0 u32[64]
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i * 0x9e3779b9u ^ i * 0x85ebca6bu >> 13u | i << 3u & 0xf0u;
  out[i] = tile[(i + 1u) % 64u];
}
`;

/** The same hash in JavaScript, with naga's (C's) precedence written out. */
function hash(i: number): number {
  const a = Math.imul(i, 0x9e3779b9) >>> 0;
  const b = (Math.imul(i, 0x85ebca6b) >>> 0) >>> 13;
  const c = (i << 3) & 0xf0;
  return ((a ^ b) | c) >>> 0;
}

const TINT_REFUSAL = {
  severity: 'error' as const,
  line: 8,
  column: 15,
  offset: 0,
  length: 1,
  message: "mixing '*' and '^' requires parenthesis",
};

describe('naga-only WGSL without a GPU', () => {
  it('computes mixed operators with naga precedence in the simulator', () => {
    const fixed = HASH.replace('out[i] = tile[(i + 1u) % 64u];', 'out[i] = tile[i];');
    const r = runOnSimulatorFromSource(fixed);
    expect(r.compile.ok).toBe(true);
    const values = [...(r.buffers[0]!.values as Uint32Array)];
    expect(values).toEqual(Array.from({ length: 64 }, (_, i) => hash(i)));
    // Spot check one value by hand: i = 5.
    expect(values[5]).toBe((((0x9e3779b9 * 5) % 2 ** 32) ^ Math.floor(((0x85ebca6b * 5) % 2 ** 32) / 2 ** 13)) | (40 & 0xf0));
  });

  it('reports the race and the portability warnings when no compiler can be asked', () => {
    const r = analyze(HASH, { file: 'hash.wgsl' });
    expect(r.compile.ok).toBe(true);
    const portability = r.diagnostics.filter((d) => d.kind === 'portability');
    // Every operand WGSL wants parenthesized: '*' left of '^', '>>' right of '^', '^' left of
    // '|', '&' right of '|' (all in the expression that starts at the first '*'), then '*'
    // left of '>>' and '<<' left of '&': each at the first operator of the mixing expression.
    expect(portability.map((d) => `${d.loc!.line}:${d.loc!.column} ${d.severity}`)).toEqual([
      '8:15 warning',
      '8:15 warning',
      '8:15 warning',
      '8:15 warning',
      '8:33 warning',
      '8:58 warning',
    ]);
    expect(r.diagnostics.find((d) => d.kind === 'data-race')).toMatchObject({ severity: 'error', variable: 'tile', loc: { line: 9 } });
    expect(r.summary).toMatchObject({ errors: 1, warnings: 6, races: 1 });
  });

  it('analyzes a source Tint refused as written but accepted as rewritten, with its message attached', () => {
    const r = analyze(HASH, { compile: { ok: true, messages: [], asWritten: [TINT_REFUSAL] } });
    expect(r.compile).toEqual({
      ok: true,
      messages: [],
      asWritten: { ok: false, messages: [{ severity: 'error', line: 8, column: 15, message: TINT_REFUSAL.message }] },
    });
    // Tint's one message goes to one note at its place.
    const withTint = r.diagnostics.filter((d) => d.kind === 'portability' && d.related.length);
    expect(withTint).toHaveLength(1);
    expect(withTint[0]!.loc).toMatchObject({ line: 8, column: 15 });
    expect(withTint[0]!.related).toEqual([expect.objectContaining({ message: `Tint (browsers): ${TINT_REFUSAL.message}` })]);
    expect(r.diagnostics.some((d) => d.kind === 'data-race')).toBe(true);
    expect(r.notes).toContain(
      'Tint refused the source as written and accepted it with the portability rewrites applied: it was analyzed as naga (wgpu) reads it.',
    );
  });

  it('keeps a refusal a compile error, and drops the notes when Tint accepted the source', () => {
    const refused = analyze(HASH, { compile: { ok: false, messages: [TINT_REFUSAL] } });
    expect(refused.diagnostics.map((d) => d.kind)).toEqual(['compile-error']);
    const accepted = analyze(HASH, { compile: { ok: true, messages: [] } });
    expect(accepted.diagnostics.some((d) => d.kind === 'portability')).toBe(false);
    expect(accepted.diagnostics.some((d) => d.kind === 'data-race')).toBe(true);
  });
});
