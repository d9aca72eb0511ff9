// Dawn's Node binding prints the compiler's warnings ("Compilation log for …") natively on
// descriptor 1. With --json, --sarif or --format github, stdout must still hold wgsl-lab's
// document alone: the launcher runs the command with that log on stderr.
import { describe, expect, it } from 'vitest';
import { scratchDir, wgslLab } from './support/cli.js';
import { checkDocument } from './support/check-json.js';

const { write } = scratchDir('wgsl-lab-document-');

// A fragment shader the compiler accepts with a warning (a derivative in non-uniform control flow).
const WARNS = write(
  'warns.wgsl',
  `diagnostic(warning, derivative_uniformity);
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
  if (uv.x > 0.5) { return textureSample(t, s, uv); }
  return vec4f(0.0);
}
`,
);

describe('a document on stdout', () => {
  it('stays valid JSON when Dawn prints the compilation log, which goes to stderr', async () => {
    const r = await wgslLab('check', '--json', WARNS);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('Compilation log');
    const [report] = checkDocument(r.out).files;
    expect(report.compile.messages[0]).toMatchObject({ severity: 'warning', line: 5, column: 28 });
  });

  it('does the same for SARIF and the GitHub format', async () => {
    const sarif = await wgslLab('check', '--sarif', WARNS);
    expect(JSON.parse(sarif.out).version).toBe('2.1.0');
    const github = await wgslLab('check', '--format', 'github', WARNS);
    for (const line of github.out.trim().split('\n').filter(Boolean)) expect(line).toMatch(/^::(error|warning|notice) /);
  });
});
