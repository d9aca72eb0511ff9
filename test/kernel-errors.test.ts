// The kernels throw the project's typed errors (src/kernels/errors.ts, src/gpu/errors.ts),
// never a bare Error: a caller tells a bad option from a bad buffer or a lost device by
// its class, and every error names the option or buffer.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const KERNELS = join(import.meta.dirname, '../src/kernels');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('src/kernels', () => {
  it('has no `new Error(` outside its tests', () => {
    const files = sources(KERNELS);
    expect(files.length).toBeGreaterThan(20);
    const bare = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bnew Error\(/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(bare).toEqual([]);
  });
});
