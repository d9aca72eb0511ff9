import { describe, expect, it } from 'vitest';
import { diagnosticsOf } from '../diagnostics/index.js';
import { analyze } from '../runner/analyze.js';
import { checkWithModules, moduleStyle, type ModuleContext } from './check-modules.js';

const context = (files: Record<string, string>, defs: [string, boolean | number][] = []): ModuleContext => ({
  files: new Map(Object.entries(files)),
  weslRoot: '',
  defs: new Map(defs),
});
const analyzeOnly = (file: string) => async (source: string) => ({ reports: [analyze(source, { file })] });

describe('checking a file with its modules', () => {
  it('tells the module syntaxes apart', () => {
    expect(moduleStyle('#import a::b\nfn f() {}')).toBe('naga-oil');
    expect(moduleStyle('fn f() {}\n#ifdef X\n#endif')).toBe('naga-oil');
    expect(moduleStyle('import package::a::b;')).toBe('wesl');
    expect(moduleStyle('// #import in a comment is not at the line start? it is: #import\nfn f() {}')).toBeUndefined();
  });

  it('checks a file without module syntax as it is', async () => {
    let seen = '';
    const text = '@compute @workgroup_size(1) fn main() {}';
    const r = await checkWithModules('k.wgsl', text, context({}), async (s) => ((seen = s), { reports: [analyze(s, { file: 'k.wgsl' })] }));
    expect(seen).toBe(text);
    expect(r.files).toEqual(new Map([['k.wgsl', text]]));
  });

  it('turns a link error into a compile error at its place, in the module it lies in', async () => {
    const r = await checkWithModules(
      'k.wgsl',
      '#import m\n',
      context({ 'm.wgsl': '#define_import_path m\n#import gone\n' }),
      analyzeOnly('k.wgsl'),
    );
    expect(r.reports[0]!.compile).toEqual({
      ok: false,
      messages: [
        {
          severity: 'error',
          line: 2,
          column: 9,
          file: 'm.wgsl',
          message: "cannot import 'gone': no file declares '#define_import_path gone'",
        },
      ],
    });
    expect(r.reports[0]!.diagnostics[0]).toMatchObject({ kind: 'compile-error', file: 'm.wgsl', loc: { line: 2, column: 9, offset: 30 } });
    expect(r.reports[0]!.summary.errors).toBe(1);
    expect(r.files.get('m.wgsl')).toBe('#define_import_path m\n#import gone\n');
  });

  it('leaves a module that needs its importer’s def to the importers', async () => {
    const text = '#define_import_path m\nconst N: u32 = #{COUNT};\n';
    const r = await checkWithModules('m.wgsl', text, context({ 'm.wgsl': text }), analyzeOnly('m.wgsl'));
    expect(r.reports[0]!.summary.errors).toBe(0);
    expect(r.reports[0]!.notes?.[0]).toMatch(/needs the shader def 'COUNT'/);
    // A file that is not a module gets the error.
    const top = await checkWithModules('k.wgsl', 'const N: u32 = #{COUNT};\n', context({}), analyzeOnly('k.wgsl'));
    expect(top.reports[0]!.diagnostics[0]).toMatchObject({ loc: { line: 1, column: 16 }, message: expect.stringMatching(/COUNT/) });
  });

  it('moves an error thrown about the linked text (a header line) back to its line', async () => {
    const text = '\n\nimport package::lib::f;\n//! dispatch nonsense\n@compute @workgroup_size(1) fn main() { _ = f(); }\n';
    const files = { 'lib.wesl': 'fn f() -> u32 { return 1u; }\n' };
    const e = await checkWithModules('k.wesl', text, context(files), analyzeOnly('k.wesl')).then(
      () => undefined,
      (err: unknown) => err,
    );
    const [d] = diagnosticsOf(e);
    expect(d).toMatchObject({ kind: 'header', loc: { line: 4 } });
    expect(d!.file).toBeUndefined();
  });
});
