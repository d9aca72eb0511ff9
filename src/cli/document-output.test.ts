import { describe, expect, it } from 'vitest';
import { wantsIsolatedDocument as isolated } from './document-output.js';

/** The answer for `argv` in an environment without the switches (the fast tier sets WGSL_LAB_NO_GPU). */
const wantsIsolatedDocument = (argv: string[]) => isolated(argv, {});

describe('which command lines get their document on a descriptor of its own', () => {
  it('is those of check, run, bench and lessons asking for JSON, SARIF or GitHub commands', () => {
    expect(wantsIsolatedDocument(['check', '--json', 'k.wgsl'])).toBe(true);
    expect(wantsIsolatedDocument(['check', 'k.wgsl', '--sarif'])).toBe(true);
    expect(wantsIsolatedDocument(['check', '--format', 'github', '.'])).toBe(true);
    expect(wantsIsolatedDocument(['check', '--format=json', '.'])).toBe(true);
    expect(wantsIsolatedDocument(['run', '--json', 'k.wgsl'])).toBe(true);
    expect(wantsIsolatedDocument(['check', '--format', 'text', '.'])).toBe(false);
    expect(wantsIsolatedDocument(['check', 'k.wgsl'])).toBe(false);
    expect(wantsIsolatedDocument(['serve', '--json'])).toBe(false);
    // After --, the flags are the captured program's.
    expect(wantsIsolatedDocument(['check', '--capture', '--', 'node', 'app.mjs', '--json'])).toBe(false);
  });

  it('is none while the GPU is switched off (WGSL_LAB_NO_GPU) or in the child that writes the document', () => {
    expect(isolated(['check', '--json', 'k.wgsl'], { WGSL_LAB_NO_GPU: '1' })).toBe(false);
    expect(isolated(['check', '--json', 'k.wgsl'], { WGSL_LAB_NO_GPU: '0' })).toBe(true);
    expect(isolated(['check', '--json', 'k.wgsl'], { WGSL_LAB_DOCUMENT_FD: '3' })).toBe(false);
  });
});
