// WGSL as wgpu users write it (docs/wgpu-dialect.md): `check` analyzes code that naga
// accepts and Tint refuses, as naga reads it, with portability warnings carrying Tint's
// message; `run` on the GPU fails with Tint's message and says where naga differs. The
// differential part holds the front end's portability notes against Tint itself: on
// generated, well-typed operator mixes (fixed seed), Tint refuses exactly the expressions
// that have a note, on a noted line, and accepts the notes' rewrite.
import { describe, expect, it } from 'vitest';
import { compileWgsl } from '../src/gpu/compile.js';
import { parseWgsl } from '../src/wgsl/parser.js';
import { portableSource } from '../src/wgsl/portability.js';
import { frontEndModule } from '../src/runner/simulate.js';
import { scratchDir, wgslLab } from './support/cli.js';
import { onlyReport } from './support/check-json.js';
import { gpu } from './support/gpu.js';
import { rng } from '../src/numbers/rng.js';

const { write } = scratchDir('wgsl-lab-naga-');

// A workgroup tile filled by a hash written as wgpu code often is (no parentheses around
// the shift), then read at the neighbour's index without a barrier: a race.
const HASH_RACE = `//! dispatch 1
//! buffer 0 u32[64]
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;

fn hash(x: u32) -> u32 {
  var h = x * 0x9e3779b9u;
  h = h ^ h >> 16u;
  return h;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = hash(i);
  out[i] = tile[(i + 1u) % 64u];
}
`;

// A minimum reduction seeded with naga's spelling of the largest f32, and a helper with
// '-> void': correct (a barrier separates the phases), so only portability warnings.
const MIN_CLEAN = `//! dispatch 1
//! buffer 0 f32[64] = 100 - i
//! buffer 1 f32[1]
//! expect 1[0] = 37
@group(0) @binding(0) var<storage, read> data: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: array<f32>;
var<workgroup> best: array<f32, 64>;

fn publish(m: f32) -> void {
  result[0] = m;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  best[i] = min(data[i], 3.40282347E+38);
  workgroupBarrier();
  if i == 0u {
    var m = 3.40282347E+38;
    for (var k = 0u; k < 64u; k++) { m = min(m, best[k]); }
    publish(m);
  }
}
`;

describe('check: naga-only WGSL is analyzed as naga reads it', () => {
  it('finds the race and warns about the mix, with Tint’s refusal attached (exit 1)', async () => {
    const f = write('hash-race.wgsl', HASH_RACE);
    const r = await wgslLab('check', f);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `${f}:8:9: warning: mixing '^' and '>>' without parentheses: naga (wgpu) reads \`h ^ h >> 16u\` as \`h ^ (h >> 16u)\`, browsers (Tint) refuse it; add parentheses: \`h ^ (h >> 16u)\` [portability]`,
    );
    expect(r.out).toContain(`${f}:8:9: note: Tint (browsers): mixing '^' and '>>' requires parenthesis`);
    expect(r.out).toMatch(new RegExp(`${f}:15:12: error: data race \\(RAW\\) on workgroup variable 'tile'`));
    expect(r.out).toContain('1 error, 1 warning, 1 race');
    expect(r.out).not.toContain('could not be analyzed');
  });

  it('reports a clean naga-only kernel with warnings only (exit 0) and the verdict as written in JSON', async () => {
    const f = write('min-clean.wgsl', MIN_CLEAN);
    const r = await wgslLab('check', '--json', f);
    expect(r.code, r.err).toBe(0);
    const j = onlyReport(r.out);
    expect(j.compile.ok).toBe(true);
    // Tint stops at its first refusal: the 'void' of line 9.
    expect(j.compile.asWritten.ok).toBe(false);
    expect(j.compile.asWritten.messages[0]).toMatchObject({ severity: 'error', line: 9, column: 23 });
    expect(j.diagnostics.map((d: { kind: string; line: number; column: number }) => `${d.kind} ${d.line}:${d.column}`)).toEqual([
      'portability 9:23',
      'portability 15:26',
      'portability 18:13',
    ]);
    expect(j.diagnostics[0].related[0].message).toBe(`Tint (browsers): ${j.compile.asWritten.messages[0].message}`);
    expect(j.diagnostics[0].message).toMatch(/^'-> void': naga \(wgpu\) reads it as no return type/);
    expect(j.diagnostics[1].message).toMatch(/^the float literal `3.40282347E\+38`, converted to f32, is above the largest f32/);
    expect(j.summary).toEqual({ errors: 0, warnings: 3, races: 0, maxBankWays: 1 });
  });

  it('lists portability results under their SARIF rule', async () => {
    const r = await wgslLab('check', '--sarif', write('hash-race-sarif.wgsl', HASH_RACE));
    const run = JSON.parse(r.out).runs[0];
    const ids = run.tool.driver.rules.map((x: { id: string }) => x.id);
    const result = run.results.find((x: { ruleId: string }) => x.ruleId === 'portability');
    expect(result).toMatchObject({ level: 'warning', ruleIndex: ids.indexOf('portability') });
    expect(result.relatedLocations[0].message.text).toBe("Tint (browsers): mixing '^' and '>>' requires parenthesis");
    expect(run.tool.driver.rules[ids.indexOf('portability')].help.text).toContain('a ^ (b >> 16u)');
  });

  it('run --sim runs it as naga reads it, with a warning per leniency (exit 0, expectation met)', async () => {
    const f = write('min-sim.wgsl', MIN_CLEAN);
    const r = await wgslLab('run', '--sim', '--json', f);
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.ok).toBe(true);
    expect(j.expects[0]).toMatchObject({ ok: true });
    expect(
      j.compile.messages.map(
        (m: { severity: string; line: number; message: string }) => `${m.severity} ${m.line} ${m.message.slice(0, 25)}`,
      ),
    ).toEqual(["warning 9 portability: '-> void': n", 'warning 15 portability: the float li', 'warning 18 portability: the float li']);
  });

  it('run on the GPU fails with Tint’s message and names the portability finding (exit 1)', async () => {
    const f = write('hash-run.wgsl', HASH_RACE);
    const r = await wgslLab('run', f);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${f}:8:9: error: mixing '^' and '>>' requires parenthesis`);
    expect(r.out).toContain(
      `${f}:8:9: note: portability: mixing '^' and '>>' without parentheses: naga (wgpu) reads \`h ^ h >> 16u\` as \`h ^ (h >> 16u)\``,
    );
    expect(r.out).toContain('`wgsl-lab check` analyzes the file as naga (wgpu) reads it');
    expect(r.out).toContain('the shader did not compile (1 error(s))');
  });
});

describe('every leniency against Tint', () => {
  const head = '@group(0) @binding(0) var<storage, read_write> o: array<f32>;\n';
  const body = (s: string) => `${head}@compute @workgroup_size(1) fn main() {\n  var f = o[1];\n  ${s}\n}\n`;
  const cases: [string, string][] = [
    ['f32 literal', body('o[0] = min(f, 3.40282347E+38f);')],
    ['f32 literal, Rust spelling', body('o[0] = min(f, 3.4028235e38f);')],
    ['abstract literal converted', body('let m: f32 = -3.40282347E+38; o[0] = max(f, m);')],
    ['abstract literal inferred', body('var m = 3.40282347E+38; o[0] = min(f, m);')],
    ['module constant', `${head}const FLT_MAX = 3.40282347E+38;\n@compute @workgroup_size(1) fn main() { o[0] = min(o[1], FLT_MAX); }\n`],
    ['-> void', `${head}fn put(v: f32) -> void { o[0] = v; }\n@compute @workgroup_size(1) fn main() { put(1.0); }\n`],
    ['open comment at the end', `${head}@compute @workgroup_size(1) fn main() { o[0] = 1.0; }\n/* to do\n`],
  ];
  it.each(cases)('%s: Tint refuses it as written and accepts the rewrite', async (_, source) => {
    const notes = parseWgslAndResolve(source);
    expect(notes.length).toBeGreaterThan(0);
    expect((await compileWgsl(gpu.device, source)).ok).toBe(false);
    const rewritten = portableSource(source, notes);
    const again = await compileWgsl(gpu.device, rewritten);
    expect(again.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    expect(parseWgslAndResolve(rewritten)).toEqual([]);
  });
});

/** The front end's notes of a source it accepts. */
function parseWgslAndResolve(source: string) {
  const fe = frontEndModule(source);
  expect(fe.messages.filter((m) => m.severity === 'error')).toEqual([]);
  return fe.module!.portability;
}

/** A chain of operands and operators, some sub-chains in parentheses: `a ^ (b + c) >> d`. */
function chain(next: () => number, operands: string[], ops: string[], n: number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const parts = [pick(operands)];
  for (let k = 1; k < n; k++) parts.push(pick(ops), pick(operands));
  // Parenthesize one random run of operands (from an operand to an operand).
  if (next() < 0.5 && n > 2) {
    const from = 2 * Math.floor(next() * (n - 1));
    const to = from + 2 * (1 + Math.floor(next() * (n - 1 - from / 2)));
    parts[from] = `(${parts[from]}`;
    parts[Math.min(to, parts.length - 1)] += ')';
  }
  return parts.join(' ');
}

function kernel(expr: string, bool: boolean): string {
  const value = bool ? `select(0u, 1u, ${expr})` : expr;
  return `@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() {
  var a = o[1]; var b = o[2]; var c = o[3]; var x = o[4] > 0u; var y = o[5] > 0u; var z = o[6] > 0u;
  o[0] = ${value};
}
`;
}

describe('portability notes agree with Tint on generated operator mixes', () => {
  it('Tint refuses exactly where a note says and accepts the rewrite', async () => {
    const next = rng(34);
    const stats = { refused: 0, accepted: 0, illTyped: 0 };
    const disagreements: string[] = [];
    for (let k = 0; k < 200; k++) {
      const bool = k % 4 === 3;
      const expr = bool
        ? chain(next, ['x', 'y', 'z', 'a < b', 'c == a'], ['&&', '||', '&', '|', '==', '!='], 2 + Math.floor(next() * 3))
        : chain(next, ['a', 'b', 'c'], ['*', '+', '-', '<<', '>>', '&', '|', '^'], 2 + Math.floor(next() * 3));
      const source = kernel(expr, bool);
      // Only well-typed mixes say anything about the grammar (`x == a` is a type error).
      if (frontEndModule(source).messages.some((m) => m.severity === 'error')) {
        stats.illTyped++;
        continue;
      }
      const notes = parseWgsl(source).portability ?? [];
      const tint = await compileWgsl(gpu.device, source);
      const firstError = tint.diagnostics.find((d) => d.severity === 'error');
      if (!!firstError !== notes.length > 0) {
        disagreements.push(`${expr}: Tint ${firstError?.message ?? 'accepts'}; notes ${notes.length}`);
        continue;
      }
      if (!firstError) {
        stats.accepted++;
        continue;
      }
      stats.refused++;
      // Tint names the first pair it meets left to right; a note stands on that line, about mixing.
      if (
        !/^mixing '.+' and '.+' requires parenthesis$/.test(firstError.message) ||
        !notes.some((n) => n.loc.line === firstError.loc?.line)
      )
        disagreements.push(`${expr}: Tint '${firstError.message}' at line ${firstError.loc?.line}`);
      const rewritten = portableSource(source, notes);
      const again = await compileWgsl(gpu.device, rewritten);
      if (!again.ok) disagreements.push(`${expr}: the rewrite ${rewritten.split('\n')[3]} is refused: ${again.diagnostics[0]?.message}`);
      if (parseWgsl(rewritten).portability) disagreements.push(`${expr}: the rewrite still has notes`);
    }
    console.log(
      `[naga] operator mixes: ${stats.refused} refused by Tint and noted, ${stats.accepted} accepted without a note, ${stats.illTyped} ill-typed skipped, 0 disagreements`,
    );
    expect(disagreements).toEqual([]);
    // Both outcomes well represented, or the comparison proves little.
    expect(stats.refused).toBeGreaterThan(40);
    expect(stats.accepted).toBeGreaterThan(20);
    expect(stats.illTyped).toBeLessThan(100);
  }, 120_000);
});
