// The analyzer's labelled corpus: every kernel in corpus/ states its expected findings in
// `// verdict:` lines, and `check` must report exactly those (kind and line; for races
// also hazard, variable, address space and benign; for bank conflicts the n-way degree).
//
//   // verdict: clean                               no errors or warnings
//   // verdict: race RAW workgroup tile 25 33        hazard, space, variable, line of the
//                                                  earlier access, line of the later one
//   // verdict: race WAW storage out 12 12 benign
//   // verdict: out-of-bounds 33                    (also: barrier-divergence, never-written-read,
//                                                  step-limit, compile-error) at that line
//   // verdict: out-of-bounds 20 warning            … with that severity (error, warning, info)
//   // verdict: bank 20 read 32                     access site at line 20: maxWays 32
//   // check: --banks 16 --subgroup-size 16 --max-steps 100000   options for this kernel
//
// With bank lines, every site with a conflict (maxWays > 1) must be listed.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze, type AnalyzeOptions } from '../src/runner/analyze.js';
import { compileWgsl } from '../src/gpu/compile.js';
import { compileMessage } from '../src/runner/result.js';
import { gpu } from './support/gpu.js';

const DIR = fileURLToPath(new URL('../corpus', import.meta.url));

interface Expected {
  findings: string[];
  /** `kind line severity` of the verdicts that state a severity. */
  severities: string[];
  banks: string[];
  clean: boolean;
  options: AnalyzeOptions;
}

function expected(source: string): Expected {
  const findings: string[] = [];
  const banks: string[] = [];
  const severities: string[] = [];
  let clean = false;
  const options: AnalyzeOptions = {};
  for (const m of source.matchAll(/^\/\/ verdict: (.*)$/gm)) {
    const w = m[1]!.trim().split(/\s+/);
    if (w[0] === 'clean') clean = true;
    else if (w[0] === 'race') findings.push(`data-race ${w[1]} ${w[2]} ${w[3]} ${w[4]} ${w[5]}${w[6] === 'benign' ? ' benign' : ''}`);
    else if (w[0] === 'bank') banks.push(`${w[1]} ${w[2]} ${w[3]}`);
    else {
      findings.push(`${w[0]} ${w[1]}`);
      if (w[2]) severities.push(`${w[0]} ${w[1]} ${w[2]}`);
    }
  }
  const opt = /^\/\/ check: (.*)$/m.exec(source);
  if (opt) {
    const a = opt[1]!.trim().split(/\s+/);
    for (let i = 0; i < a.length; i += 2) {
      const v = Number(a[i + 1]);
      if (a[i] === '--banks') options.banks = v as 32 | 16;
      else if (a[i] === '--subgroup-size') options.subgroupSize = v;
      else if (a[i] === '--max-steps') options.maxSteps = v;
      else throw new Error(`unknown corpus option ${a[i]}`);
    }
  }
  return { findings: findings.sort(), severities, banks: banks.sort(), clean, options };
}

// Subfolders too (corpus/real/: kernels in the style real projects ship them); found, not
// listed, so kernels added there are checked without touching this file.
const files = readdirSync(DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.wgsl'))
  .map((f) => f.split('\\').join('/'))
  .sort();

describe('analyzer corpus', () => {
  it('has at least 40 labelled kernels, racy and race-free', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    const sources = files.map((f) => readFileSync(join(DIR, f), 'utf8'));
    expect(sources.every((s) => /^\/\/ verdict: /m.test(s))).toBe(true);
    expect(sources.filter((s) => /^\/\/ verdict: race /m.test(s)).length).toBeGreaterThanOrEqual(10);
    expect(sources.filter((s) => /^\/\/ verdict: clean/m.test(s)).length).toBeGreaterThanOrEqual(15);
  });

  for (const f of files) {
    it(f, async () => {
      const source = readFileSync(join(DIR, f), 'utf8');
      const want = expected(source);
      const compiled = await compileWgsl(gpu.device, source);
      const r = analyze(source, {
        file: f,
        compile: { ok: compiled.ok, messages: compiled.diagnostics.map(compileMessage) },
        ...want.options,
      });
      const got = r.diagnostics
        .map((d) => {
          if (d.kind === 'data-race')
            return `data-race ${d.hazard} ${d.addressSpace} ${d.variable} ${d.related[0]!.loc.line} ${d.loc!.line}${d.benign ? ' benign' : ''}`;
          return `${d.kind} ${d.loc!.line}`;
        })
        .sort();
      expect(
        got,
        JSON.stringify(
          r.diagnostics.map((d) => d.message),
          null,
          1,
        ),
      ).toEqual(want.findings);
      for (const s of want.severities) {
        const [kind, line] = s.split(' ');
        const d = r.diagnostics.find((x) => x.kind === kind && x.loc!.line === Number(line));
        expect(`${kind} ${line} ${d?.severity}`).toBe(s);
      }
      if (want.clean) expect(r.summary.errors + r.summary.warnings).toBe(0);
      if (want.banks.length) {
        const conflicts = r.bankConflicts.filter((b) => b.maxWays > 1 || want.banks.some((w) => w.startsWith(`${b.line} ${b.access} `)));
        expect(conflicts.map((b) => `${b.line} ${b.access} ${b.maxWays}`).sort()).toEqual(want.banks);
      }
    });
  }
});
