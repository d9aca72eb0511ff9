// Each test file is in the tier its needs put it in (test/tiers.ts): a file that loads Dawn
// must not land in the fast tier, which runs where no WebGPU adapter exists, nor one that
// drives Chromium or packs the package; and every file is in exactly one tier.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs');

/** Every test file with the tier (vitest project) vitest puts it in. */
const listed = JSON.parse(execFileSync(process.execPath, [vitest, 'list', '--filesOnly', '--json'], { cwd: root, encoding: 'utf8' })) as {
  file: string;
  projectName: string;
}[];

/** What a file's source says it needs, by the modules it imports or the commands it runs. */
function needs(source: string): 'gpu' | 'browser' | 'package' | undefined {
  if (/playwright-core|from '\.\/lab\.js'/.test(source)) return 'browser';
  if (/['"]pack['"]|npm pack/.test(source)) return 'package';
  if (/support\/gpu\.js|from 'webgpu'|nodeGpuProvider|GpuSession/.test(source)) return 'gpu';
  return undefined;
}

describe('test tiers', () => {
  it('lists every file once', () => {
    const files = listed.map((l) => l.file);
    expect(new Set(files).size).toBe(files.length);
    expect(files.length).toBeGreaterThan(100);
  });

  it("puts each file that loads Dawn, drives Chromium or packs the package in that need's tier", () => {
    const wrong = listed.flatMap(({ file, projectName }) => {
      if (file === fileURLToPath(import.meta.url)) return []; // its patterns name what they look for
      const need = needs(readFileSync(file, 'utf8'));
      return need && need !== projectName ? [`${relative(root, file)}: needs ${need}, is in ${projectName}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
