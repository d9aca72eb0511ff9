// The directory walk of `check DIR`: shader files only, node_modules, .git and .gitignore
// left out, with the .gitignore files of the repository above the folder given.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandInputs } from './io.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wgsl-lab-walk-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

async function found(root: string, dir = root): Promise<string[]> {
  return (await expandInputs([dir])).files.map((f) => relative(root, f));
}

describe('check DIR', () => {
  it('takes .wgsl and .wesl files, and skips node_modules, .git and what .gitignore files ignore', async () => {
    const root = tree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/x.wgsl': '',
      '.gitignore': 'build/\n*.gen.wgsl\n',
      'a.wgsl': '',
      'b.wesl': '',
      'notes.md': '',
      'node_modules/pkg/c.wgsl': '',
      'build/d.wgsl': '',
      'src/e.gen.wgsl': '',
      'src/.gitignore': '/local/\n!keep.gen.wgsl\n',
      'src/keep.gen.wgsl': '',
      'src/local/f.wgsl': '',
      'src/deep/local/g.wgsl': '',
    });
    expect(await found(root)).toEqual(['a.wgsl', 'b.wesl', 'src/deep/local/g.wgsl', 'src/keep.gen.wgsl']);
  });

  it('applies the .gitignore files of the repository above a folder given inside it', async () => {
    const root = tree({
      '.git/HEAD': '',
      '.gitignore': 'shaders/generated/\n/shaders/tmp.wgsl\n',
      'shaders/a.wgsl': '',
      'shaders/tmp.wgsl': '',
      'shaders/generated/b.wgsl': '',
    });
    expect(await found(root, join(root, 'shaders'))).toEqual(['shaders/a.wgsl']);
  });

  it('says when a folder holds no shader file outside what is skipped', async () => {
    const root = tree({ '.gitignore': '*.wgsl\n', 'a.wgsl': '', 'node_modules/b.wgsl': '' });
    await expect(expandInputs([root])).rejects.toThrow(/is a directory with no \.wgsl or \.wesl file below it/);
  });
});
