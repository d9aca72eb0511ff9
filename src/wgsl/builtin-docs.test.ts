import { describe, expect, it } from 'vitest';
import { BUILTIN_DOCS, builtinDoc, builtinMarkdown } from './builtin-docs.js';
import { BUILTINS } from './builtins.js';
import { parseWgsl } from './parser.js';
import { resolveModule } from './resolve.js';
import { TEXTURE_BUILTINS } from './texture-builtins.js';

// Every name the resolver types as a builtin call: its two tables and bitcast<T>.
const RESOLVED = [...Object.keys(BUILTINS), ...Object.keys(TEXTURE_BUILTINS), 'bitcast'];

describe('builtin documentation', () => {
  it('documents every builtin the resolver knows, each with a signature naming it and a sentence', () => {
    expect(RESOLVED.length).toBeGreaterThan(120);
    const missing = RESOLVED.filter((n) => !builtinDoc(n));
    expect(missing).toEqual([]);
    for (const n of RESOLVED) {
      const d = BUILTIN_DOCS[n]!;
      expect(d.signatures.length, n).toBeGreaterThan(0);
      for (const s of d.signatures) expect(s.startsWith(`${n}(`) || s.startsWith(`${n}<`), `${n}: ${s}`).toBe(true);
      expect(d.doc, n).toMatch(/^[A-Z0-9a-z*].{10,}\.$/);
    }
  });

  it('lists nothing the resolver does not know but the texture builtins it refuses', () => {
    const extra = Object.keys(BUILTIN_DOCS).filter((n) => !RESOLVED.includes(n));
    // Each of these is refused by the front end as unsupported (not as an unknown name).
    for (const n of extra) {
      const src = `@compute @workgroup_size(1) fn main() { let x = ${n}(1.0); }`;
      expect(() => resolveModule(parseWgsl(src)), n).toThrow(/not supported|unsupported/i);
    }
    expect(extra).toEqual(expect.arrayContaining(['textureSampleCompare', 'textureSampleGrad']));
  });

  it('renders signatures as a code block followed by the sentence and the note', () => {
    expect(builtinMarkdown('clamp')).toBe(
      '```wgsl\nclamp(e: T, low: T, high: T) -> T\n```\n\ne limited to [low, high], per component: min(max(e, low), high) for floats.',
    );
    expect(builtinMarkdown('workgroupBarrier')).toContain('*compute stage; in workgroup-uniform control flow*');
    expect(builtinMarkdown('toString')).toBeUndefined();
  });

  it('suggests the nearest builtin for a misspelt call', () => {
    const src = '@compute @workgroup_size(1) fn main() { workgroupBarier(); }';
    expect(() => resolveModule(parseWgsl(src))).toThrow("unknown function 'workgroupBarier'; did you mean 'workgroupBarrier'?");
  });
});
