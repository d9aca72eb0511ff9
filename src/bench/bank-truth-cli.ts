// `node dist/bench/bank-truth-cli.js [--quick] [--out FILE]`: times the bank-conflict
// patterns on this machine's GPU and compares them with the model (see bank-truth.ts).
// The H200 run and its command are in bench/README.md; results in bench/results/.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { runBankTruth, type BankTruthReport } from './bank-truth.js';

export function bankTruthMarkdown(r: BankTruthReport, command: string): string {
  const lines = [
    `# Bank-conflict model vs hardware`,
    ``,
    `Device: ${r.device}. Timing: ${r.timing}, median of ${r.runs} runs after a warm-up; ${r.workgroups} workgroups × 256 invocations, ${r.iterations} loop iterations of the hot access.`,
    `Command: \`${command}\``,
    ``,
    `Spearman rank correlation of time with the model's wavefronts per subgroup access (all ${r.rows.length} patterns): **${r.spearmanWavefronts.toFixed(3)}**; with excess wavefronts (scalar strides 1–33): **${r.spearmanExcessScalar.toFixed(3)}**.`,
    ``,
    `| pattern | max ways | wavefronts | excess | time (ms) | time / stride 1 | model / stride 1 | agree |`,
    `|---|---:|---:|---:|---:|---:|---:|:---:|`,
    ...r.rows.map(
      (x) =>
        `| ${x.name} | ${x.maxWays} | ${x.wavefronts.toFixed(2)} | ${x.excess.toFixed(2)} | ${x.ms.toFixed(3)} | ${x.timeRatio.toFixed(2)} | ${x.modelRatio.toFixed(2)} | ${x.disagrees ? 'no' : 'yes'} |`,
    ),
    ``,
    r.disagreements.length
      ? `Patterns where model and hardware disagree (ratios off by more than 1.5×):`
      : `Model and hardware agree on every pattern (within 1.5×).`,
    ...r.disagreements.map((d) => `- ${d}`),
    ``,
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      out: { type: 'string' },
      iterations: { type: 'string' },
      workgroups: { type: 'string' },
      runs: { type: 'string' },
    },
  });
  const quick = !!values.quick;
  const options = {
    iterations: Number(values.iterations ?? (quick ? 64 : 4096)),
    workgroups: Number(values.workgroups ?? (quick ? 4 : 2048)),
    runs: Number(values.runs ?? (quick ? 3 : 15)),
    progress: (done: number, total: number) => process.stderr.write(`\rbank patterns ${done}/${total}`),
  };
  const session = new GpuSession(nodeGpuProvider());
  const report = await runBankTruth(session, options);
  process.stderr.write('\n');
  const command = `node ${process.argv.slice(1).join(' ')}`;
  const md = bankTruthMarkdown(report, command);
  process.stdout.write(md);
  if (values.out) {
    writeFileSync(values.out, JSON.stringify({ command, ...report }, null, 2) + '\n');
    writeFileSync(values.out.replace(/\.json$/, '') + '.md', md);
  }
  session.destroy();
}

if (
  import.meta.url === `file://${process.argv[1]}` ||
  process.argv[1]?.endsWith('bank-truth-cli.js') ||
  process.argv[1]?.endsWith('bank-truth.mjs')
) {
  main().then(
    () => process.exit(0),
    (e) => {
      process.stderr.write(`${(e as Error).stack}\n`);
      process.exit(2);
    },
  );
}
