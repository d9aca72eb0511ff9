// GitHub workflow commands: properties and messages escaped as the runner unescapes them.
import { describe, expect, it } from 'vitest';
import { diagnostic, spanAt } from '../diagnostics/index.js';
import { escapeData, escapeProperty, githubCommand, githubFailureCommands } from './github-commands.js';

describe('GitHub workflow commands', () => {
  it('escape %, CR and LF in messages, and : and , too in properties', () => {
    expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
    expect(escapeProperty('C:\\dir,x%y\n')).toBe('C%3A\\dir%2Cx%25y%0A');
  });

  it('give the file, line, column, span end and kind, with related places on further lines', () => {
    const src = 'abc\n  tile[i] = 1;\n';
    const d = diagnostic({
      severity: 'error',
      kind: 'data-race',
      message: 'race on tile: 50% of lanes',
      loc: spanAt(src, 2, 3, 4),
      related: [{ loc: spanAt(src, 1, 1), message: 'other access' }],
      count: 3,
    });
    expect(githubCommand(d, 'dir, with:odd/k.wgsl')).toBe(
      '::error file=dir%2C with%3Aodd/k.wgsl,line=2,col=3,endColumn=7,title=data-race (3 times)::race on tile: 50%25 of lanes%0Adir, with:odd/k.wgsl:1:1: note: other access',
    );
    expect(githubCommand(diagnostic({ severity: 'info', kind: 'compile-info', message: 'n' }), 'k.wgsl')).toBe(
      '::notice file=k.wgsl,title=compile-info::n',
    );
    expect(githubCommand(diagnostic({ severity: 'warning', kind: 'bank-conflict', message: 'w', loc: spanAt(src, 1, 2) }), 'k.wgsl')).toBe(
      '::warning file=k.wgsl,line=1,col=2,title=bank-conflict::w',
    );
  });

  it('name each error of a file that could not be analyzed', () => {
    const cmds = githubFailureCommands(
      [diagnostic({ severity: 'error', kind: 'input', message: "cannot open 'x.wgsl': no such file" })],
      'x.wgsl',
    );
    expect(cmds).toEqual(["::error file=x.wgsl,title=input::could not be analyzed: cannot open 'x.wgsl': no such file"]);
  });
});
