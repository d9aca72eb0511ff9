// Each test file is in the tier its needs put it in (test/tiers.ts): a file that loads Dawn
// must not land in the fast tier, which runs where no WebGPU adapter exists, nor one that
// drives Chromium or packs the package; and every file is in exactly one tier.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ORDER } from './support/tier-sequencer.js';
import { GPU_OWN_PROCESS, MOCKING_FILES } from './tiers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs');

/** Every test file with the tier (vitest project) vitest puts it in. */
const listed = JSON.parse(execFileSync(process.execPath, [vitest, 'list', '--filesOnly', '--json'], { cwd: root, encoding: 'utf8' })) as {
  file: string;
  projectName: string;
}[];

/** The files of a project, relative to the repository, sorted. */
function filesOf(project: string): string[] {
  return listed
    .filter((l) => l.projectName === project)
    .map((l) => relative(root, l.file))
    .sort();
}

/** The slow tiers a file's source says it needs, by the modules it imports or the commands it runs. */
function needs(source: string): string[] {
  return [
    ...(/playwright-core|from '\.\/lab\.js'/.test(source) ? ['browser'] : []),
    ...(/['"]pack['"]|npm pack|package-tarball\.js/.test(source) ? ['package'] : []),
    ...(/support\/gpu\.js|from 'webgpu'|nodeGpuProvider|GpuSession/.test(source) ? ['gpu'] : []),
  ];
}

describe('test tiers', () => {
  it('lists every file once', () => {
    const files = listed.map((l) => l.file);
    expect(new Set(files).size).toBe(files.length);
    expect(files.length).toBeGreaterThan(100);
  });

  it('puts each file that loads Dawn, drives Chromium or packs the package in one of the tiers it needs', () => {
    const wrong = listed.flatMap(({ file, projectName }) => {
      if (file === fileURLToPath(import.meta.url)) return []; // its patterns name what they look for
      const need = needs(readFileSync(file, 'utf8'));
      // A tier may run as several projects: gpu-own-process is of the gpu tier.
      return need.length && !need.includes(projectName.replace(/-own-process$/, ''))
        ? [`${relative(root, file)}: needs ${need.join(' and ')}, is in ${projectName}`]
        : [];
    });
    expect(wrong).toEqual([]);
  });

  it('gives every file that mocks a module a module graph of its own', () => {
    const shared = listed.flatMap(({ file, projectName }) =>
      projectName === 'fast' &&
      file !== fileURLToPath(import.meta.url) &&
      /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(file, 'utf8'))
        ? [relative(root, file)]
        : [],
    );
    expect(shared).toEqual([]);
    expect(filesOf('fast-mocking')).toEqual([...MOCKING_FILES].sort());
  });

  it('runs the files that strand a kernel on the device in a process of their own', () => {
    expect(filesOf('gpu-own-process')).toEqual([...GPU_OWN_PROCESS].sort());
    // A session with a short watchdog of its own is how a test strands a kernel in-process:
    // the watchdog gives the device up and the kernel keeps running.
    const strands = filesOf('gpu').filter((f) => /timeoutSeconds:\s*\d/.test(readFileSync(join(root, f), 'utf8')));
    expect(strands).toEqual([]);
  });

  it("gives every project a place in the run's order, the fast tier last", () => {
    const projects = [...new Set(listed.map((l) => l.projectName))].sort();
    expect([...PROJECT_ORDER].sort()).toEqual(projects);
    expect(PROJECT_ORDER.at(-1)).toBe('fast');
  });
});
