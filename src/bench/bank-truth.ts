// Truth on hardware for the bank-conflict model: a suite of workgroup-memory access
// patterns (scalar strides 1–33, 2-D tile columns unpadded and padded, reduction steps,
// vec2/vec4 loads) is analyzed by the model and timed on the GPU; the report gives the rank
// correlation between measured time and the model's cost, and every pattern where the two
// disagree. Environment-neutral apart from the session it is given.
import { splitLines } from '../diagnostics/index.js';
import { analyze } from '../runner/analyze.js';
import type { GpuSession } from '../gpu/session.js';
import { runOnGpuFromSource } from '../runner/run-gpu.js';

export interface BankPattern {
  name: string;
  family: 'stride' | 'tile' | 'reduction' | 'vector';
  /** WGSL with ITERS and WORKGROUPS placeholders; hot accesses are on lines marked `// hot`. */
  source: string;
}

const LANES = 256;
const TILE_WORDS = 32 * 33 + 64;

function kernel(decls: string, body: string): string {
  return `//! dispatch WORKGROUPS
//! buffer 0 f32[OUTPUT]
@group(0) @binding(0) var<storage, read_write> sink: array<f32>;
${decls}
@compute @workgroup_size(${LANES})
fn main(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) gid: vec3u) {
  // Each subgroup of 32 lanes repeats the same pattern; lane is the index within it.
  let lane = lid % 32u;
  fill(lid);
  workgroupBarrier();
  var acc = 0.0;
  for (var it = 0u; it < ITERS; it++) {
    let k = it & 31u;
${body}
  }
  sink[gid.x] = acc;
}
`;
}

const scalarTile = `var<workgroup> tile: array<f32, ${TILE_WORDS}>;
fn fill(lid: u32) { for (var i = lid; i < ${TILE_WORDS}u; i += ${LANES}u) { tile[i] = f32(i & 7u); } }`;

export function bankPatterns(): BankPattern[] {
  const out: BankPattern[] = [];
  for (let s = 1; s <= 33; s++) {
    out.push({ name: `stride ${s}`, family: 'stride', source: kernel(scalarTile, `    acc += tile[lane * ${s}u + k]; // hot`) });
  }
  for (const w of [32, 33]) {
    out.push({
      name: `tile column [32][${w}]${w === 33 ? ' padded' : ''}`,
      family: 'tile',
      source: kernel(
        `var<workgroup> grid: array<array<f32, ${w}>, 32>;
fn fill(lid: u32) { for (var i = lid; i < ${32 * w}u; i += ${LANES}u) { grid[i / ${w}u][i % ${w}u] = f32(i & 7u); } }`,
        `    acc += grid[lane][k]; // hot`,
      ),
    });
  }
  out.push({
    name: 'reduction sequential (tile[l] + tile[l + 32])',
    family: 'reduction',
    source: kernel(scalarTile, `    acc += tile[lane + k] + tile[lane + 32u + k]; // hot`),
  });
  for (const s of [1, 4, 8, 16]) {
    out.push({
      name: `reduction interleaved packed, stride ${2 * s}`,
      family: 'reduction',
      source: kernel(scalarTile, `    acc += tile[${2 * s}u * lane + k] + tile[${2 * s}u * lane + ${s}u + k]; // hot`),
    });
  }
  out.push({
    name: 'reduction interleaved (lane % 2 == 0)',
    family: 'reduction',
    source: kernel(scalarTile, `    if (lane % 2u == 0u) { acc += tile[lane + k] + tile[lane + 1u + k]; } // hot`),
  });
  for (const [n, strides] of [
    [2, [1, 2, 16]],
    [4, [1, 2, 8]],
  ] as const) {
    for (const s of strides) {
      out.push({
        name: `vec${n} stride ${s}`,
        family: 'vector',
        source: kernel(
          `var<workgroup> vt: array<vec${n}f, ${Math.ceil(TILE_WORDS / n) + 32}>;
fn fill(lid: u32) { for (var i = lid; i < ${Math.ceil(TILE_WORDS / n) + 32}u; i += ${LANES}u) { vt[i] = vec${n}f(f32(i & 7u)); } }`,
          `    acc += dot(vt[lane * ${s}u + k], vec${n}f(1.0)); // hot`,
        ),
      });
    }
  }
  return out;
}

export interface ModelCost {
  maxWays: number;
  /** Wavefronts per subgroup execution of the hot accesses (the model's cost). */
  wavefronts: number;
  excess: number;
}

/** The model's cost of a pattern: the hot sites of a short run of the same kernel. */
export function modelCost(p: BankPattern): ModelCost {
  const source = instantiate(p.source, 32, 4);
  const hot = new Set(splitLines(source).flatMap((l, i) => (l.includes('// hot') ? [i + 1] : [])));
  const report = analyze(source, { file: p.name });
  const sites = report.bankConflicts.filter((b) => hot.has(b.line));
  if (!sites.length) throw new Error(`pattern '${p.name}': no hot access found`);
  const executions = sites[0]!.executions;
  return {
    maxWays: Math.max(...sites.map((s) => s.maxWays)),
    wavefronts: sites.reduce((a, s) => a + s.wavefronts, 0) / executions,
    excess: sites.reduce((a, s) => a + s.excess, 0) / executions,
  };
}

export function instantiate(source: string, iters: number, workgroups: number): string {
  return source
    .replace('WORKGROUPS', String(workgroups))
    .replace('OUTPUT', String(workgroups * LANES))
    .replace('ITERS', `${iters}u`);
}

/**
 * Median GPU time (timestamp queries when available) of `runs` repetitions in one
 * submission, after warm-up repetitions worth about `warmupMs` of GPU time (an idle GPU runs
 * at low clocks for a while).
 */
export async function timePattern(
  session: GpuSession,
  p: BankPattern,
  iters: number,
  workgroups: number,
  runs: number,
  warmupMs = 200,
): Promise<{ ms: number; method: string }> {
  const source = instantiate(p.source, iters, workgroups);
  const once = await runOnGpuFromSource(session, source, { file: p.name });
  if (!once.compile.ok) throw new Error(`pattern '${p.name}' does not compile: ${once.compile.messages.map((m) => m.message).join('; ')}`);
  const warmup = Math.min(2000, Math.ceil(warmupMs / Math.max(once.timing!.ms, 0.01)));
  const r = await runOnGpuFromSource(session, source, { file: p.name, repeat: runs, warmup });
  return { ms: r.timing!.ms, method: r.timing!.method };
}

/** Ranks with ties averaged (1-based). */
export function ranks(xs: number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

/** Spearman's rank correlation (Pearson correlation of the ranks). */
export function spearman(xs: number[], ys: number[]): number {
  const a = ranks(xs);
  const b = ranks(ys);
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

export interface BankTruthRow extends ModelCost {
  name: string;
  family: string;
  ms: number;
  /** Time relative to stride 1, and the model's cost relative to stride 1. */
  timeRatio: number;
  modelRatio: number;
  disagrees: boolean;
}

export interface BankTruthReport {
  device: string;
  iterations: number;
  workgroups: number;
  runs: number;
  timing: string;
  spearmanWavefronts: number;
  spearmanExcessScalar: number;
  rows: BankTruthRow[];
  disagreements: string[];
}

/**
 * Runs the suite. A pattern "disagrees" when its measured time ratio (to stride 1) and the
 * model's cost ratio differ by more than `tolerance` times (either way).
 */
export async function runBankTruth(
  session: GpuSession,
  options: { iterations: number; workgroups: number; runs: number; tolerance?: number; progress?: (done: number, total: number) => void },
): Promise<BankTruthReport> {
  const patterns = bankPatterns();
  const tolerance = options.tolerance ?? 1.5;
  const measured: { p: BankPattern; cost: ModelCost; ms: number; method: string }[] = [];
  for (const [i, p] of patterns.entries()) {
    const cost = modelCost(p);
    const t = await timePattern(session, p, options.iterations, options.workgroups, options.runs);
    measured.push({ p, cost, ...t });
    options.progress?.(i + 1, patterns.length);
  }
  const base = measured.find((m) => m.p.name === 'stride 1')!;
  const rows: BankTruthRow[] = measured.map(({ p, cost, ms }) => {
    const timeRatio = ms / base.ms;
    const modelRatio = cost.wavefronts / base.cost.wavefronts;
    const off = Math.max(timeRatio / modelRatio, modelRatio / timeRatio);
    return { name: p.name, family: p.family, ...cost, ms, timeRatio, modelRatio, disagrees: off > tolerance };
  });
  const scalar = rows.filter((r) => r.family === 'stride');
  const handle = await session.device();
  return {
    device: handle.description.description,
    iterations: options.iterations,
    workgroups: options.workgroups,
    runs: options.runs,
    timing: measured[0]!.method,
    spearmanWavefronts: spearman(
      rows.map((r) => r.ms),
      rows.map((r) => r.wavefronts),
    ),
    spearmanExcessScalar: spearman(
      scalar.map((r) => r.ms),
      scalar.map((r) => r.excess),
    ),
    rows,
    disagreements: rows
      .filter((r) => r.disagrees)
      .map((r) => `${r.name}: measured ${r.timeRatio.toFixed(2)}× stride 1, model ${r.modelRatio.toFixed(2)}× (${r.maxWays}-way max)`),
  };
}
