// Analyzer speed, side by side in one process: wgsl-lab's analyze() (every check on) and
// wgsl_reflect's detectRaces() (a dev dependency, used only here) on the same kernels,
// dispatches and buffer contents. Prints a table and writes results/analyzer-speed.json.
//   npm run build && node bench/analyzer/speed.mjs [--runs N]
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { cpus } from 'node:os';
import { detectRaces } from 'wgsl_reflect/wgsl_reflect.module.js';
import { analyze } from '../../dist/runner/analyze.js';
import { parseHarness, fillBuffer, uniformValue } from '../../dist/harness/index.js';
import { reflect } from '../../dist/wgsl/reflect.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;

const KERNELS = [
  { name: 'tree reduction, 16 workgroups × 256', file: 'bench/analyzer/reduction.wgsl' },
  { name: '32×32 tiled transpose (64×64, 4 workgroups × 256)', file: 'lessons/03-bank-conflicts/transpose-unpadded.wgsl' },
  { name: 'smoothing loop (64 invocations, 6 steps)', file: 'bench/analyzer/smoothing.wgsl' },
];

function bindGroupsFor(source) {
  const { harness } = parseHarness(source);
  const groups = {};
  for (const b of harness.buffers) (groups[b.group] ??= {})[b.binding] = fillBuffer(b);
  for (const u of harness.uniforms) (groups[u.group] ??= {})[u.binding] = uniformValue(u);
  return { groups, dispatch: harness.dispatch };
}

function time(f) {
  const t = performance.now();
  const r = f();
  return { ms: performance.now() - t, r };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
for (const k of KERNELS) {
  const source = readFileSync(join(root, k.file), 'utf8');
  const entry = reflect(source).entryPoints.find((e) => e.stage === 'compute').name;
  const ours = [];
  const theirs = [];
  let oursReport;
  let theirReport;
  // Alternate the two tools so that machine load affects both alike; run 0 is the cold run.
  for (let i = 0; i <= RUNS; i++) {
    const a = time(() => analyze(source, { file: k.file }));
    ours.push(a.ms);
    oursReport = a.r;
    const { groups, dispatch } = bindGroupsFor(source);
    // wgsl_reflect prints its interpreter's complaints with console.log; keep them out of the table.
    const log = console.log;
    console.log = () => {};
    const b = time(() => detectRaces(source, entry, dispatch, groups));
    console.log = log;
    theirs.push(b.ms);
    theirReport = b.r;
  }
  const row = {
    kernel: k.name,
    file: k.file,
    wgslLab: { coldMs: ours[0], medianMs: median(ours.slice(1)), races: oursReport.summary.races, errors: oursReport.summary.errors },
    wgslReflect: {
      coldMs: theirs[0],
      medianMs: median(theirs.slice(1)),
      races: theirReport.races.length,
      errors: theirReport.errors.length,
    },
  };
  row.speedup = row.wgslReflect.medianMs / row.wgslLab.medianMs;
  row.coldSpeedup = row.wgslReflect.coldMs / row.wgslLab.coldMs;
  results.push(row);
  console.log(
    `${k.name}: wgsl-lab ${row.wgslLab.medianMs.toFixed(1)} ms (cold ${row.wgslLab.coldMs.toFixed(1)}), wgsl_reflect ${row.wgslReflect.medianMs.toFixed(1)} ms (cold ${row.wgslReflect.coldMs.toFixed(1)}): ${row.speedup.toFixed(1)}× (cold ${row.coldSpeedup.toFixed(1)}×)`,
  );
}
const out = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  runs: RUNS,
  command: 'node bench/analyzer/speed.mjs',
  results,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/analyzer-speed.json'), JSON.stringify(out, null, 2) + '\n');
