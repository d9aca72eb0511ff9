// Output that is safe for terminals and CI logs: file names and messages escaped (a newline
// in a name never starts a line, which GitHub Actions would read as a command; an ESC never
// reaches the terminal), long source lines cut to a window around the column, bidi controls
// shown escaped, internal errors of one file one line with exit 4.
import { describe, expect, it } from 'vitest';
import { sourceExcerpt, EXCERPT_WIDTH } from '../src/report/excerpt.js';
import { printable, printableName } from '../src/report/printable.js';
import { githubCommand } from '../src/report/github-commands.js';
import { formatDiagnostic } from '../src/report/diagnostic-text.js';
import { diagnostic } from '../src/diagnostics/index.js';
import { scratchDir, wgslLabIn } from './support/cli.js';

const RACY = `//! dispatch 1
//! buffer 0 u32[1]
@group(0) @binding(0) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) { b[0] = i; }
`;

describe('printing helpers', () => {
  it('a file name stays on its line: every control character is \\xHH', () => {
    expect(printableName('a\nb\r\x1b[31mc\td')).toBe('a\\x0ab\\x0d\\x1b[31mc\\x09d');
    expect(printable('x\u202ey\u2066z')).toBe('x\\u202ey\\u2066z');
  });

  it('a diagnostic of a file named with a newline is one line', () => {
    const d = diagnostic({
      severity: 'error',
      kind: 'data-race',
      message: 'a message\nwith ::error inside',
      loc: { line: 1, column: 1, offset: 0, length: 1 },
    });
    const lines = formatDiagnostic(d, { file: 'k\n::error file=x::pwned.wgsl' }).join('\n').split('\n');
    expect(lines).toEqual(['k\\x0a::error file=x::pwned.wgsl:1:1: error: a message\\x0awith ::error inside']);
  });

  it('a workflow command never carries a raw line break or ESC', () => {
    const d = diagnostic({
      severity: 'error',
      kind: 'data-race',
      message: 'bad \x1b[2J',
      loc: { line: 2, column: 3, offset: 0, length: 1 },
    });
    const c = githubCommand(d, 'a\n::error::x\x1b.wgsl');
    expect(c).toBe('::error file=a\\x0a%3A%3Aerror%3A%3Ax\\x1b.wgsl,line=2,col=3,title=data-race::bad \\x1b[2J');
  });

  it('an excerpt of a 40 KB line shows 120 characters around the column, marked where cut', () => {
    const line = 'a'.repeat(20_000) + 'XYZ' + 'b'.repeat(20_000);
    const [text, caret] = sourceExcerpt(`\n${line}\n`, 2, 20_001, 3)!.split('\n');
    expect(text!.length).toBe(2 + 1 + EXCERPT_WIDTH + 1);
    expect(text!.startsWith('  …a')).toBe(true);
    expect(text!.endsWith('b…')).toBe(true);
    // The caret underlines XYZ in the window.
    expect(text!.slice(caret!.indexOf('^'), caret!.lastIndexOf('^') + 1)).toBe('XYZ');
    // Near either end the window starts or ends with the line, unmarked there.
    expect(sourceExcerpt(line, 1, 1)!.split('\n')[0]).toBe(`  ${'a'.repeat(EXCERPT_WIDTH)}…`);
    expect(sourceExcerpt(line, 1, line.length)!.split('\n')[0]).toBe(`  …${'b'.repeat(EXCERPT_WIDTH)}`);
    expect(sourceExcerpt('short line', 1, 7)).toBe('  short line\n        ^');
  });

  it('an excerpt shows bidi controls escaped, the caret still under its character', () => {
    const src = 'let x = 1; /* \u202e } \u2066 */ let y = 2;';
    const [text, caret] = sourceExcerpt(src, 1, src.indexOf('y') + 1)!.split('\n');
    expect(text).toBe('  let x = 1; /* \\u202e } \\u2066 */ let y = 2;');
    expect(text![caret!.indexOf('^')]).toBe('y');
  });
});

describe('file names in command output', () => {
  const { dir, write } = scratchDir('wgsl-lab-names-');
  const name = 'k\n::error file=x::pwned\x1b[2J.wgsl';
  write(name, RACY);

  it('check prints a name with a newline and an ESC escaped, in text and github formats', async () => {
    const text = await wgslLabIn(dir, 'check', name);
    expect(text.code).toBe(1);
    const all = `${text.out}\n${text.err}`;
    expect(all).not.toContain('\x1b');
    expect(all.split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
    expect(text.out).toContain('k\\x0a::error file=x::pwned\\x1b[2J.wgsl:4:');
    const github = await wgslLabIn(dir, 'check', '--format', 'github', name);
    expect(github.code).toBe(1);
    expect(github.out).not.toContain('\x1b');
    const commands = github.out.split('\n').filter((l) => l.startsWith('::'));
    expect(commands.length).toBeGreaterThan(0);
    for (const c of commands) expect(c).toMatch(/^::error file=k\\x0a%3A%3Aerror file=x%3A%3Apwned\\x1b\[2J\.wgsl,line=4,/);
  });
});

describe('a file that once crashed the front end, in check DIR', () => {
  // 70,000 constructor arguments overflowed the front end's stack (an internal error, with a
  // stack trace and exit 2). The front end now reads them in a loop and Tint's limit refuses
  // the array: one located error of that file, the other files still checked, no stack
  // trace. How any other internal error prints (one line, exit 4) is tested on
  // describeFailure in src/cli/errors.test.ts.
  it('is a located error of that file, the others still checked', async () => {
    const { dir, write } = scratchDir('wgsl-lab-internal-');
    const n = 70_000;
    write(
      'a-deep.wgsl',
      `@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n@compute @workgroup_size(1) fn main() { let a = array<f32, ${n}>(${Array(n).fill('1.0').join(', ')}); b[0] = a[0]; }\n`,
    );
    write('b-ok.wgsl', RACY.replace('b[0] = i;', 'if (i == 0u) { b[0] = i; }'));
    const r = await wgslLabIn(dir, 'check', '.');
    const lines = `${r.out}\n${r.err}`.split('\n');
    expect(lines.filter((l) => /^\s+at /.test(l))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('a-deep.wgsl:2:'))).toEqual([
      'a-deep.wgsl:2:45: error: array count (70000) must be less than 65536 [compile-error]',
    ]);
    expect(lines.some((l) => l.startsWith('b-ok.wgsl: 0 errors'))).toBe(true);
    expect(r.code).toBe(1);
  });
});
