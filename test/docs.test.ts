// The documentation matches the tree: the README stays a short page for users, every
// relative link in the Markdown pages leads to a file that exists, and CONTRIBUTING's
// "Where things live" names every folder of src/.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

const pages = [
  join(root, 'README.md'),
  join(root, 'CONTRIBUTING.md'),
  join(root, 'bench/README.md'),
  ...markdownFiles(join(root, 'docs')),
  ...(existsSync(join(root, 'editors/vscode/README.md')) ? [join(root, 'editors/vscode/README.md')] : []),
];

/** The targets of `[text](target)` links that point into the repository. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
    .map((t) => decodeURIComponent(t.split('#')[0]!));
}

describe('documentation', () => {
  it('keeps the README at most 300 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(300);
  });

  it('has no relative link to a missing file', () => {
    const broken = pages.flatMap((page) =>
      relativeLinks(readFileSync(page, 'utf8'))
        .filter((target) => !existsSync(resolve(dirname(page), target)))
        .map((target) => `${relative(root, page)} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("names every folder of src/ in CONTRIBUTING's layout", () => {
    const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    const layout = contributing.slice(contributing.indexOf('## Where things live'));
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true }).filter((e) => e.isDirectory());
    const missing = folders.map((e) => `src/${e.name}/`).filter((f) => !layout.includes(f));
    expect(missing).toEqual([]);
  });
});
