import { describe, expect, it } from 'vitest';
import { wantsIsolatedDocument } from './document-output.js';

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
});
