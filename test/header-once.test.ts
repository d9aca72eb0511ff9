// A kernel's header is parsed once per file, however many steps read it: its data files
// (readKernelFiles), the plan of `run --sim`, and `check`'s question about `pass` lines and
// the analysis of each entry point, all under one memory budget.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headerParses } from '../src/harness/index.js';
import { runFile } from '../src/cli/run-file.js';
import { checkFile } from '../src/cli/check.js';
import { budgetFromOption } from '../src/runner/memory-budget.js';
import { scratchDir } from './support/cli.js';

const KERNEL = `//! buffer 0 u32[4] = file("data.bin")
//! buffer 1 u32[4]
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(4) fn first(@builtin(local_invocation_index) i: u32) { b[i] = a[i] * 2u; }
@compute @workgroup_size(4) fn second(@builtin(local_invocation_index) i: u32) { b[i] = a[i] + 1u; }
`;

function kernel(): string {
  const { dir, write } = scratchDir('wgsl-lab-header-once-');
  writeFileSync(join(dir, 'data.bin'), new Uint8Array(new Uint32Array([1, 2, 3, 4]).buffer));
  // A fresh text per test (a different comment), so that no earlier parse is reused.
  return write('k.wgsl', `${KERNEL}// ${dir}\n`);
}

describe('the header is parsed once per file', () => {
  it('run --sim: data files and the run share one parse', async () => {
    const file = kernel();
    const before = headerParses();
    const outcome = await runFile(
      file,
      { sim: true, entry: 'first', maxSteps: 1_000_000, memoryBudget: budgetFromOption('64M') },
      undefined,
    );
    expect(headerParses() - before).toBe(1);
    expect(outcome.kind).toBe('result');
    if (outcome.kind === 'result') expect(Array.from(outcome.result.buffers[1]!.values)).toEqual([2, 4, 6, 8]);
  });

  it('check: data files, the pass question and both entry points share one parse', async () => {
    const file = kernel();
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(file, 'utf8');
    const before = headerParses();
    const { reports } = await checkFile(file, source, { options: { memoryBudget: budgetFromOption('64M') }, warn: () => {} });
    expect(headerParses() - before).toBe(1);
    expect(reports.map((r) => [r.entryPoint, r.diagnostics.filter((d) => d.severity === 'error').length])).toEqual([
      ['first', 0],
      ['second', 0],
    ]);
  });
});
