// Hostile input files: devices, FIFOs, links to them, oversized files, other line endings,
// byte-order marks and terminal escape sequences, as a user (or an attacker's commit) gives them.
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir, wgslLab as cli, wgslLabIn as cliIn } from './support/cli.js';

/** Long enough for a slow, shared machine; a blocked read never ends, so any guard catches it. */
const HANG_GUARD_MS = 60_000;

const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/** A kernel that runs and checks its one result, so a run that reads it right exits 0. */
const SQUARES = [
  '//! buffer 0 u32[4] = i',
  '//! expect 0[0..4] = 0, 1, 4, 9',
  '@group(0) @binding(0) var<storage, read_write> v: array<u32>;',
  '@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { v[i] = v[i] * v[i]; }',
  '',
];

/** A kernel with an error on line 5 (`nope` is not declared), after a comment line. */
const UNDECLARED = [
  '//! buffer 0 u32[4] = i',
  '// squares, in place',
  '@group(0) @binding(0) var<storage, read_write> v: array<u32>;',
  '@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {',
  '  v[i] = nope;',
  '}',
  '',
];

describe('files that are not regular files', () => {
  const { dir, write } = scratchDir('wgsl-lab-inputs-');

  it(
    'refuses /dev/zero and /dev/null with exit 2 instead of reading them',
    async () => {
      const zero = await cli('run', '--sim', '/dev/zero');
      expect(zero.code).toBe(2);
      expect(zero.err).toContain("'/dev/zero' is not a regular file (a character device); wgsl-lab reads only .wgsl files");
      const nul = await cli('check', '/dev/null');
      expect(nul.code).toBe(2);
      expect(nul.err).toContain("'/dev/null' is not a regular file (a character device)");
    },
    HANG_GUARD_MS,
  );

  it(
    'refuses a FIFO without blocking on it',
    async () => {
      const fifo = join(dir, 'pipe.wgsl');
      execFileSync('mkfifo', [fifo]);
      const r = await cli('check', fifo);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`'${fifo}' is not a regular file (a FIFO)`);
    },
    HANG_GUARD_MS,
  );

  it(
    'skips a committed symlink to /dev/zero in check --sarif DIR with a note, and refuses it when named',
    async () => {
      const { dir: repo, write: put } = scratchDir('wgsl-lab-inputs-repo-');
      put('ok.wgsl', SQUARES.join('\n'));
      symlinkSync('/dev/zero', join(repo, 'zero.wgsl'));
      const byDir = await cliIn(repo, 'check', '--sarif', '.');
      expect(byDir.err).toContain("wgsl-lab check: note: skipping 'zero.wgsl': not a regular file (a character device)");
      const sarif = JSON.parse(byDir.out);
      expect(sarif.runs[0].artifacts.map((a: { location: { uri: string } }) => a.location.uri)).toEqual(['ok.wgsl']);
      expect(byDir.code).toBe(0);
      // The shell's glob names the link itself: it is reported as an error in the SARIF log.
      const byName = await cliIn(repo, 'check', '--sarif', 'ok.wgsl', 'zero.wgsl');
      expect(byName.code).toBe(2);
      expect(byName.out).toContain("'zero.wgsl' is not a regular file (a character device)");
    },
    HANG_GUARD_MS,
  );

  it('refuses a file bigger than the 4 MiB limit', async () => {
    const big = write('big.wgsl', `// ${'x'.repeat(MAX_SOURCE_BYTES)}\n`);
    const r = await cli('check', big);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`'${big}' is ${MAX_SOURCE_BYTES + 4} bytes; a WGSL source over 4 MiB is surely not a shader`);
  });

  it('refuses a file with more bytes than its size says (a kernel or a header content file under /proc)', async () => {
    const r = await cli('check', '/proc/cpuinfo');
    expect(r.code).toBe(2);
    expect(r.err).toContain("'/proc/cpuinfo' holds more than the 0 bytes its size says");
    const kernel = write(
      'proc-content.wgsl',
      '//! buffer 0 u32[4] = file("cpu.bin")\n@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n@compute @workgroup_size(1) fn main() { d[0] = 1u; }\n',
    );
    symlinkSync('/proc/cpuinfo', join(dirname(kernel), 'cpu.bin'));
    const sim = await cli('run', '--sim', kernel);
    expect(sim.code).toBe(2);
    // A header content file is resolved first: /proc is outside the kernel's folder.
    expect(sim.err).toContain("cpu.bin' leads to '/proc/cpuinfo', outside the kernel's folder");
  });
});

describe('text encodings and line endings', () => {
  const { write } = scratchDir('wgsl-lab-inputs-text-');

  it('runs a file that starts with a UTF-8 byte-order mark', async () => {
    const r = await cli('run', '--sim', write('bom.wgsl', `\ufeff${SQUARES.join('\n')}`));
    expect(r.code).toBe(0);
    expect(r.out).toContain('all 1 expectation(s) passed');
  });

  it('reports an error in a CR-only file at the line:column of the LF file', async () => {
    const lf = await cli('run', '--sim', write('lf.wgsl', UNDECLARED.join('\n')));
    const cr = await cli('run', '--sim', write('cr.wgsl', UNDECLARED.join('\r')));
    expect(lf.code).toBe(1);
    expect(lf.out).toContain("lf.wgsl:5:10: error: unknown name 'nope'\n    v[i] = nope;\n           ^\n");
    expect(cr.code).toBe(1);
    expect(cr.out).toBe(lf.out.replaceAll('lf.wgsl', 'cr.wgsl'));
  });
});

describe('terminal control characters in the file', () => {
  const { write } = scratchDir('wgsl-lab-inputs-esc-');

  it('prints an ESC in an excerpt escaped, never raw', async () => {
    const lines = [...UNDECLARED];
    lines[4] = '  v[i] = nope; // \x1b[31mred\x1b[0m';
    const r = await cli('run', '--sim', write('esc.wgsl', lines.join('\n')));
    expect(r.code).toBe(1);
    const all = r.out + r.err;
    expect(all).toContain('  v[i] = nope; // \\x1b[31mred\\x1b[0m');
    expect(all).not.toContain('\x1b');
  });
});
