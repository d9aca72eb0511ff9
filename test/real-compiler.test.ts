// `check` and the language server compile with the real WGSL compiler (Tint through Dawn)
// where a WebGPU adapter exists, and with WGSL_LAB_NO_GPU=1 behave as on a machine without
// one: wgsl-lab's own front end decides, and they say so. The fast tier runs every other
// CLI and language-server test with that switch on (vitest.config.ts); this file, in the
// gpu tier, keeps the compiler's path tested. The two verdicts differ only in wording,
// which is how the test tells who spoke.
import { describe, expect, it } from 'vitest';
import { scratchDir, wgslLabEnv } from './support/cli.js';
import { checkDocument } from './support/check-json.js';
import { LspClient } from './support/lsp-client.js';

const SOURCE = `@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let x: u32 = 1.5;
  out[id.x] = x;
}
`;
const TINT = "cannot convert value of type 'abstract-float' to type 'u32'";
const FRONT_END = 'expected u32, got abstract-float';
const SWITCHED_OFF = 'WebGPU is switched off (WGSL_LAB_NO_GPU=1); unset WGSL_LAB_NO_GPU to use the GPU.';

const { dir, write } = scratchDir('wgsl-lab-real-compiler-');
const FILE = write('convert.wgsl', SOURCE);
const withGpu = { env: { WGSL_LAB_NO_GPU: '' } };
const withoutGpu = { env: { WGSL_LAB_NO_GPU: '1' } };

describe('check with and without the GPU', () => {
  it("reports Tint's error at Tint's place when an adapter exists", async () => {
    const r = await wgslLabEnv(withGpu, 'check', FILE);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${FILE}:4:16: error: ${TINT} [compile-error]`);
    expect(r.err).not.toContain('Continuing without the WGSL compiler');
    const json = await wgslLabEnv(withGpu, 'check', '--json', FILE);
    const [report] = checkDocument(json.out).files;
    expect(report.compile).toMatchObject({ ok: false, messages: [{ severity: 'error', line: 4, column: 16, message: TINT }] });
  });

  it('with WGSL_LAB_NO_GPU=1 checks with the front end and says why, and run refuses', async () => {
    const r = await wgslLabEnv(withoutGpu, 'check', FILE);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${FILE}:4:16: error: ${FRONT_END} [compile-error]`);
    expect(r.err).toBe(
      `wgsl-lab check: ${SWITCHED_OFF}\nContinuing without the WGSL compiler (wgsl-lab's front end checks syntax, types and uniformity).\n`,
    );
    // The document is written by the command itself: Dawn, which prints on stdout, is not loaded.
    const json = await wgslLabEnv(withoutGpu, 'check', '--json', FILE);
    const [report] = checkDocument(json.out).files;
    expect(report.compile.messages[0]).toMatchObject({ line: 4, column: 16, message: FRONT_END });
    const run = await wgslLabEnv({ cwd: dir, ...withoutGpu }, 'run', 'convert.wgsl');
    expect(run.code).toBe(2);
    expect(run.err).toContain(`convert.wgsl: error: ${SWITCHED_OFF}`);
  });
});

describe('the language server with the GPU', () => {
  it("publishes Tint's error where Tint puts it", async () => {
    const lsp = await LspClient.start();
    try {
      const uri = `file://${FILE}`;
      await lsp.open(uri, SOURCE);
      const errors = (await lsp.diagnostics(uri)).filter((d) => d.severity === 1);
      expect(errors.map((d) => [d.message, d.range.start])).toEqual([[TINT, { line: 3, character: 15 }]]);
      expect(lsp.stderr + lsp.logs.join('\n')).not.toContain('Continuing without the WGSL compiler');
    } finally {
      await lsp.stop();
    }
  });
});
