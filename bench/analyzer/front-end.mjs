// Front-end speed, side by side in one process: wgsl-lab's parser (tokenize and parse) and
// reflect() (parse, resolve, usage), and wgsl_reflect's WgslParser (a dev dependency, used
// only here and in speed.mjs), on the same sources: every lesson and corpus kernel and the
// radix sort's generated pass kernels, keeping the sources both parsers accept. Prints
// megabytes of WGSL per second and writes results/front-end-speed.json.
//   npm run build && node bench/analyzer/front-end.mjs [--runs N]
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { cpus } from 'node:os';
import { WgslParser } from 'wgsl_reflect/wgsl_reflect.module.js';
import { parseWgsl } from '../../dist/wgsl/parser.js';
import { reflect } from '../../dist/wgsl/reflect.js';
import { sortShader } from '../../dist/kernels/sort-wgsl.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 9;

function wgslFiles(dir) {
  return readdirSync(join(root, dir), { recursive: true })
    .filter((f) => f.endsWith('.wgsl'))
    .map((f) => readFileSync(join(root, dir, f), 'utf8'));
}

function sortKernels() {
  const out = [];
  for (const pairs of [false, true])
    for (const keysPerThread of [1, 2, 3])
      for (const lanes of [8, 32])
        for (const mode of ['onesweep', 'scatter'])
          out.push(
            sortShader({
              mode,
              pairs,
              keysPerThread,
              slots: 256 / lanes,
              subgroups: true,
              wide: false,
              window: 1,
              order: 'launch',
              unrolled: false,
              compact: false,
              early: mode === 'onesweep' ? 'look-back' : 'none',
              match: 'ballots',
              maxLanes: lanes,
              reuseDigitArrays: false,
              stagingRounds: 1,
              packPositions: false,
              startsInCounters: false,
            }),
          );
  return out;
}

const accepts = (f) => {
  try {
    f();
    return true;
  } catch {
    return false;
  }
};
const candidates = [...wgslFiles('lessons'), ...wgslFiles('corpus'), ...sortKernels()];
const sources = candidates.filter((s) => accepts(() => reflect(s)) && accepts(() => new WgslParser().parse(s)));
const bytes = sources.reduce((n, s) => n + s.length, 0);

/** Times each source is read per pass: a pass of some tens of milliseconds, above the timer's noise. */
const REPEAT = 8;

/** Milliseconds to run `f` over every source REPEAT times. */
function pass(f) {
  const t = performance.now();
  for (let r = 0; r < REPEAT; r++) for (const s of sources) f(s);
  return performance.now() - t;
}

const tools = {
  'wgsl-lab parse': (s) => parseWgsl(s),
  'wgsl-lab reflect': (s) => reflect(s),
  'wgsl_reflect WgslParser': (s) => new WgslParser().parse(s),
};
const times = Object.fromEntries(Object.keys(tools).map((k) => [k, []]));
// Alternate the tools so that machine load affects all alike; run 0 warms the JIT up.
for (let i = 0; i <= RUNS; i++) for (const [name, f] of Object.entries(tools)) times[name].push(pass(f));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results = Object.entries(times).map(([tool, ms]) => {
  const medianMs = median(ms.slice(1));
  return { tool, medianMs, megabytesPerSecond: (REPEAT * bytes) / 1e6 / (medianMs / 1000) };
});
const theirs = results.find((r) => r.tool.startsWith('wgsl_reflect'));
for (const r of results) {
  r.ratioToWgslReflect = theirs.medianMs / r.medianMs;
  console.log(
    `${r.tool.padEnd(24)} ${r.medianMs.toFixed(0).padStart(5)} ms  ${r.megabytesPerSecond.toFixed(1).padStart(5)} MB/s  ${r.ratioToWgslReflect.toFixed(2)}× wgsl_reflect's speed`,
  );
}
const out = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model,
  runs: RUNS,
  command: 'node bench/analyzer/front-end.mjs',
  sources: { count: sources.length, of: candidates.length, bytes, repeat: REPEAT },
  results,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/front-end-speed.json'), JSON.stringify(out, null, 2) + '\n');
