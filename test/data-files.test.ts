// `= file("NAME")` data files as every path that reads them meets them (check, run --sim,
// the language server): sizes from `stat` in the memory budget before any read, one read per
// real file however its name is spelled, nothing read that no line can use, and names that
// lead out of the kernel's folder (through a symbolic link) refused with one message.
import { describe, expect, it, afterAll } from 'vitest';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir, wgslLabIn } from './support/cli.js';
import { wgslLabMeasured } from './support/peak-rss.js';
import { LspClient } from './support/lsp-client.js';
import { png, ihdr, rgbaIdat } from './support/png-bytes.js';
import { readKernelFiles } from '../src/cli/kernel-files.js';

const MiB = 2 ** 20;
const SPELLINGS = 40;

/** A kernel whose header names one 64 MiB file 40 times, each spelling different (`x.bin`, `./x.bin`, `././x.bin`, …). */
function fortySpellings(): string {
  const lines = ['//! dispatch 1'];
  for (let k = 0; k < SPELLINGS; k++) lines.push(`//! buffer 0:${k} u32[${16 * MiB}] = file("${'./'.repeat(k)}x.bin")`);
  lines.push('//! buffer 1:0 u32[1]');
  for (let k = 0; k < SPELLINGS; k++) lines.push(`@group(0) @binding(${k}) var<storage, read> b${k}: array<u32>;`);
  lines.push('@group(1) @binding(0) var<storage, read_write> o: array<u32>;');
  lines.push(`@compute @workgroup_size(1) fn main() { o[0] = b0[0] + b${SPELLINGS - 1}[0]; }`);
  return lines.join('\n') + '\n';
}

const budget = (bytes: number) => ({ bytes, source: '--max-memory' });

describe('data files in the memory budget', () => {
  const { dir, write } = scratchDir('wgsl-lab-data-files-');
  const kernel = write('k.wgsl', fortySpellings());
  truncateSync(write('x.bin', ''), 64 * MiB); // sparse: no disk taken

  it('one real file named 40 ways is read once, and only after the budget accepts it', async () => {
    const accepted = await readKernelFiles(kernel, fortySpellings(), budget(64 * MiB));
    const values = [...accepted.values()];
    expect(values.length).toBe(SPELLINGS);
    expect(values[0]).toBeInstanceOf(Uint8Array);
    expect((values[0] as Uint8Array).byteLength).toBe(64 * MiB);
    // Every spelling holds the very same bytes: one read, not forty.
    expect(values.every((v) => v === values[0])).toBe(true);
    const refused = await readKernelFiles(kernel, fortySpellings(), budget(32 * MiB));
    const message = "it is 64.0 MiB, which takes the kernel's data files to 64.0 MiB, over the memory budget of 32.0 MiB (--max-memory)";
    expect([...refused.values()]).toEqual(Array.from({ length: SPELLINGS }, () => ({ error: message })));
  });

  it('a file no line can use at its size is not read', async () => {
    const source = `//! buffer 0 u32[4] = file("x.bin")\n`;
    expect(await readKernelFiles(kernel, source, budget(2 ** 30))).toEqual(new Map([['x.bin', { size: 64 * MiB }]]));
    write(
      'small.wgsl',
      source + '@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n@compute @workgroup_size(1) fn main() { b[0] = 1u; }\n',
    );
    const r = await wgslLabIn(dir, 'run', '--sim', 'small.wgsl');
    expect(r.err).toContain('small.wgsl:1:28: error: file("x.bin") holds 67108864 bytes, but @group(0) @binding(0) (u32[4]) is 16 bytes');
  });

  it('check --max-memory 64M stays within its budget on the 40 spellings, and refuses the same way at 32M', async () => {
    const within = await wgslLabMeasured('check', '--max-memory', '64M', kernel);
    expect(within.code).toBe(2);
    // Read once (64 MiB) and refused by the plan; forty reads took 2.76 GB.
    expect(within.peakBytes).toBeLessThan(768 * MiB + 64 * MiB);
    const over = await wgslLabIn(dir, 'check', '--max-memory', '32M', 'k.wgsl');
    expect(over.code).toBe(2);
    const refusals = over.err.split('\n').filter((l) => l.includes('over the memory budget of 32.0 MiB (--max-memory)'));
    expect(refusals.length).toBe(SPELLINGS);
    const lines = fortySpellings().split('\n');
    refusals.forEach((l, k) =>
      expect(l).toBe(
        `k.wgsl:${k + 2}:${lines[k + 1]!.indexOf('"') + 1}: error: cannot read file("${'./'.repeat(k)}x.bin"): it is 64.0 MiB, which takes the kernel's data files to 64.0 MiB, over the memory budget of 32.0 MiB (--max-memory)`,
      ),
    );
  });
});

describe('data files stay in the kernel folder', () => {
  const { dir, write } = scratchDir('wgsl-lab-data-folder-');
  const outside = scratchDir('wgsl-lab-data-outside-');
  writeFileSync(join(outside.dir, 'secret.bin'), new Uint8Array(16).fill(7));
  writeFileSync(join(dir, 'inside.bin'), new Uint8Array(Uint32Array.of(3, 3, 3, 3).buffer));
  mkdirSync(join(dir, 'sub'));
  symlinkSync(join(outside.dir, 'secret.bin'), join(dir, 'sub', 'leak.bin'));
  symlinkSync(join(dir, 'inside.bin'), join(dir, 'sub', 'ok.bin'));
  const kernel = (name: string) => `//! buffer 0 u32[4] = file("${name}")
//! expect 0[0..4] = 3, 3, 3, 3
@group(0) @binding(0) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(1) fn main() { b[0] = b[0] + 0u; }
`;
  write('leak.wgsl', kernel('sub/leak.bin'));
  write('ok.wgsl', kernel('sub/ok.bin'));
  const refusal = (at: string) =>
    `cannot read file("sub/leak.bin"): '${at}/sub/leak.bin' leads to '${outside.dir}/secret.bin', outside the kernel's folder '${at}': a kernel reads only files in its folder and below`;

  let lsp: LspClient | undefined;
  afterAll(async () => void (await lsp?.stop()));

  it('a symbolic link out of the folder is refused with the same message by check, run --sim and the language server', async () => {
    for (const args of [['check'], ['run', '--sim'], ['check', '--json']]) {
      const r = await wgslLabIn(dir, ...args, 'leak.wgsl');
      expect(r.code).toBe(2);
      expect(r.out + r.err).toContain(args.includes('--json') ? JSON.stringify(refusal(dir)).slice(1, -1) : refusal(dir));
    }
    lsp = await LspClient.start();
    const uri = `file://${join(dir, 'leak.wgsl')}`;
    await lsp.open(uri, kernel('sub/leak.bin'));
    const diags = await lsp.diagnostics(uri);
    const d = diags.find((x) => x.message.includes('leads to'));
    expect(d?.message).toBe(refusal(dir));
    expect(d?.range.start).toEqual({ line: 0, character: kernel('sub/leak.bin').indexOf('"') });
  });

  it('a symbolic link to a file inside the folder is read', async () => {
    const r = await wgslLabIn(dir, 'run', '--sim', 'ok.wgsl');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('all 1 expectation(s) passed');
  });

  it('the language server refuses an image its budget cannot decode, at the file()', async () => {
    writeFileSync(join(dir, 'big.png'), png(ihdr(8192, 8192), rgbaIdat(1, 1)));
    const text = `//! texture 0 rgba8unorm 8192x8192 = file("big.png")
//! buffer 1 f32[1]
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() { o[0] = textureLoad(t, vec2u(0u, 0u), 0).x; }
`;
    lsp ??= await LspClient.start();
    const uri = `file://${join(dir, 'big.wgsl')}`;
    await lsp.open(uri, text);
    const diags = await lsp.diagnostics(uri);
    const d = diags.find((x) => x.message.includes('memory budget'));
    expect(d?.message).toBe(
      'cannot read file("big.png"): it is a 8192x8192 PNG image and decoding it takes 4.8 GiB, ' +
        "which takes the kernel's data files to 4.8 GiB, over the memory budget of 4.0 GiB (the language server allows 4 GiB)",
    );
    expect(d?.range.start).toEqual({ line: 0, character: text.indexOf('"') });
  });
});
