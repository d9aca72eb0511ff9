// Outputs are never lost and failures are messages: a destination that cannot be written
// is refused before any work (exit 3), files are replaced atomically, a bad lessons folder
// is an error at the command line, and an unforeseen failure is one line, not a stack.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureWritableDir, OutputError, writeFileAtomic } from '../src/cli/output-files.js';
import { EXIT_INTERNAL, internalError } from '../src/cli/main.js';
import { wgslLab } from './support/cli.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'wgsl-lab-out-'));

describe('destinations are checked before the work starts', () => {
  it('bench --out naming a file exits 3 at once, the file untouched', async () => {
    const file = join(scratch(), 'results');
    writeFileSync(file, 'keep me');
    const r = await wgslLab('bench', '--quick', '--out', file);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`cannot write to '${file}': it is a file, not a folder`);
    expect(r.err).not.toMatch(/configurations|at .*\.js:\d+/);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });

  it('a folder that cannot be created ends with exit 3, not a hang (Node mkdir -p loops below /proc)', async () => {
    for (const args of [
      ['bench', '--quick', '--out', '/proc/wgsl-lab/results'],
      ['build-site', '--out', '/proc/wgsl-lab/site'],
      ['capture', '--out', '/proc/wgsl-lab/capture', '--', process.execPath, '-e', '0'],
      ['check', '--capture', '--out', '/proc/wgsl-lab/check', '--', process.execPath, '-e', '0'],
    ]) {
      const r = await wgslLab(...args);
      expect(r.code, args[0]).toBe(3);
      expect(r.err, args[0]).toContain("cannot create the folder '/proc/wgsl-lab/");
    }
  }, 60_000);

  it('creates missing parent folders', async () => {
    const dir = join(scratch(), 'a', 'b', 'c');
    await ensureWritableDir(dir);
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir)).toEqual([]); // the write probe is gone
  });
});

describe('atomic writes', () => {
  it('replaces a file whole and leaves no temporary file', async () => {
    const dir = scratch();
    const path = join(dir, 'bench.json');
    writeFileSync(path, 'old');
    await writeFileAtomic(path, '{"new":true}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"new":true}\n');
    expect(readdirSync(dir)).toEqual(['bench.json']);
  });

  it('keeps the old file when the new one cannot be put in place', async () => {
    const dir = scratch();
    const target = join(dir, 'bench.json');
    mkdirSync(target); // a folder where the file should go: the rename fails
    const error = await writeFileAtomic(target, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputError);
    expect((error as Error).message).toContain(`cannot write '${target}'`);
    expect(readdirSync(dir)).toEqual(['bench.json']);
  });
});

describe('no stack traces', () => {
  it('lessons --dir that is missing, a file or empty is exit 2 with a message', async () => {
    const empty = scratch();
    const file = join(empty, 'lesson.md');
    writeFileSync(file, '# not a folder');
    for (const [dir, text] of [
      [join(empty, 'missing'), 'no such file or folder'],
      [file, 'not a folder'],
      [empty, 'holds no lesson'],
    ] as const) {
      const r = await wgslLab('lessons', '--dir', dir);
      expect(r.code, dir).toBe(2);
      expect(r.err, dir).toContain(text);
      expect(r.err, dir).not.toMatch(/\n\s+at /);
    }
  });

  it('an unforeseen error is one line and exit 4; the stack only with WGSL_LAB_DEBUG', () => {
    const lines: string[] = [];
    const saved = process.env.WGSL_LAB_DEBUG;
    delete process.env.WGSL_LAB_DEBUG;
    try {
      expect(internalError('check', new TypeError('x is undefined'), { err: (s) => lines.push(s) })).toBe(EXIT_INTERNAL);
      expect(EXIT_INTERNAL).toBe(4);
      expect(lines[0]).toBe('wgsl-lab check: internal error: x is undefined');
      expect(lines.join('\n')).not.toMatch(/\n\s+at /);
      process.env.WGSL_LAB_DEBUG = '1';
      lines.length = 0;
      internalError('check', new TypeError('x is undefined'), { err: (s) => lines.push(s) });
      expect(lines.join('\n')).toMatch(/\n\s+at /);
    } finally {
      if (saved === undefined) delete process.env.WGSL_LAB_DEBUG;
      else process.env.WGSL_LAB_DEBUG = saved;
    }
  });
});

describe('large JSON output is streamed', () => {
  it('run --json prints every element of a large buffer as valid JSON', async () => {
    const dir = scratch();
    const file = join(dir, 'big.wgsl');
    const n = 1 << 18;
    writeFileSync(
      file,
      `//! dispatch ${n / 256}\n//! buffer 0 u32[${n}] = i\n@group(0) @binding(0) var<storage, read_write> data: array<u32>;\n` +
        `@compute @workgroup_size(256)\nfn main(@builtin(global_invocation_id) g: vec3u) { data[g.x] = data[g.x] * 3u; }\n`,
    );
    const r = await wgslLab('run', '--sim', '--json', file);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out) as { buffers: { values: number[] }[] };
    const values = result.buffers[0]!.values;
    expect(values.length).toBe(n);
    expect(values.every((v, i) => v === (i * 3) % 2 ** 32)).toBe(true);
  }, 120_000);
});
