// Checks one lesson example against what its lesson says about it: an ordinary example
// must compile and pass all its expectations; a `rejects=L:C` example must be refused by
// the compiler (or, on the simulator, by wgsl-lab's front end, which applies the same
// uniformity rules) with an error at L:C; a `racy` example must compile and run (its values
// are not guaranteed, which is the point of it).
import type { RunResult } from '../runner/result.js';
import type { ExampleRef } from './format.js';

export interface ExampleVerdict {
  ok: boolean;
  /** One line saying what was checked and how it went. */
  summary: string;
}

export function judgeExample(ref: ExampleRef, result: RunResult): ExampleVerdict {
  if (ref.rejects) {
    const { line, column } = ref.rejects;
    if (result.compile.ok) return { ok: false, summary: `should be rejected by the compiler at ${line}:${column}, but it compiled` };
    const hit = result.compile.messages.find((m) => m.severity === 'error' && m.line === line && m.column === column);
    if (!hit) {
      const got = result.compile.messages
        .filter((m) => m.severity === 'error')
        .map((m) => `${m.line}:${m.column}`)
        .join(', ');
      return { ok: false, summary: `rejected, but the error is at ${got}, not ${line}:${column}` };
    }
    return { ok: true, summary: `rejected as expected at ${line}:${column}: ${hit.message}` };
  }
  if (!result.compile.ok) {
    const e = result.compile.messages.find((m) => m.severity === 'error');
    return { ok: false, summary: `does not compile: ${e ? `${e.line}:${e.column}: ${e.message}` : 'unknown error'}` };
  }
  const failed = result.expects.filter((e) => !e.ok);
  if (ref.racy) {
    return {
      ok: true,
      summary: `racy on purpose: ran, ${failed.length ? `${failed.length} expectation(s) differ this time` : 'expectations held this time'}`,
    };
  }
  if (failed.length) {
    const f = failed[0]!;
    const m = f.mismatches[0]!;
    return { ok: false, summary: `expectation on line ${f.line} failed: element ${m.index} is ${m.actual}, expected ${m.expected}` };
  }
  return { ok: true, summary: `${result.expects.length} expectation(s) passed` };
}
