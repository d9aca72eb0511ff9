// The documentation matches the tree: the README stays a short page for users, every
// relative link in the Markdown pages leads to a file that exists (and an anchor to a heading
// of that page), the pages name no file outside the repository, and CONTRIBUTING's "Where
// things live" names every folder of src/.
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
  ...markdownFiles(join(root, 'bench/results')),
  ...markdownFiles(join(root, 'docs')),
  ...(existsSync(join(root, 'editors/vscode/README.md')) ? [join(root, 'editors/vscode/README.md')] : []),
];

/** Markdown without fenced code blocks and inline code spans, where `](` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

/** The `[text](target)` links that point into the repository: the file part (empty for a
 * link within the page) and the anchor after `#`, if any. */
function relativeLinks(markdown: string): { file: string; anchor: string | undefined }[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t))
    .map((t) => {
      const hash = t.indexOf('#');
      const file = decodeURIComponent(hash < 0 ? t : t.slice(0, hash));
      return { file, anchor: hash < 0 ? undefined : decodeURIComponent(t.slice(hash + 1)) };
    });
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to
 * hyphens, a repeated heading numbered from -1. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/```[\s\S]*?```/g, '');
  for (const m of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = m[1]!
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

describe('documentation', () => {
  it('keeps the README at most 300 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(300);
  });

  it('has no relative link to a missing file', () => {
    const broken = pages.flatMap((page) =>
      relativeLinks(readFileSync(page, 'utf8'))
        .filter(({ file }) => file !== '' && !existsSync(resolve(dirname(page), file)))
        .map(({ file }) => `${relative(root, page)} → ${file}`),
    );
    expect(broken).toEqual([]);
  });

  it("derives GitHub's heading anchors", () => {
    const page =
      '# Benchmarks: `wgsl-lab bench`\n```sh\n# not a heading\n```\n## Results on an H200\n## Results on an H200\n### 0.9× [the copy](x.md)';
    expect([...headingAnchors(page)]).toEqual(['benchmarks-wgsl-lab-bench', 'results-on-an-h200', 'results-on-an-h200-1', '09-the-copy']);
  });

  it('has no anchor to a missing heading of a Markdown page', () => {
    const broken = pages.flatMap((page) =>
      relativeLinks(readFileSync(page, 'utf8'))
        .filter(({ file, anchor }) => anchor !== undefined && (file === '' || file.endsWith('.md')))
        .filter(({ file, anchor }) => {
          const target = file === '' ? page : resolve(dirname(page), file);
          return existsSync(target) && !headingAnchors(readFileSync(target, 'utf8')).has(anchor!);
        })
        .map(({ file, anchor }) => `${relative(root, page)} → ${file}#${anchor}`),
    );
    expect(broken).toEqual([]);
  });

  it('names no file outside the repository', () => {
    const outside = /DESIGN\.md|\.\.\/shared\/|\/work\//;
    // A session folder's README records the commands as they were run, paths included.
    const found = pages
      .filter((page) => !page.startsWith(join(root, 'bench/results/h200-')))
      .flatMap((page) =>
        readFileSync(page, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(root, page)}:${i + 1}` }))
          .filter(({ line }) => outside.test(line))
          .map(({ at }) => at),
      );
    expect(found).toEqual([]);
  });

  it("names every folder of src/ in CONTRIBUTING's layout", () => {
    const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    const layout = contributing.slice(contributing.indexOf('## Where things live'));
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true }).filter((e) => e.isDirectory());
    const missing = folders.map((e) => `src/${e.name}/`).filter((f) => !layout.includes(f));
    expect(missing).toEqual([]);
  });
});

describe('bench/results/README.md', () => {
  it("takes every number of its summary table from the run's bench.json (both modes) and cub.json", () => {
    const page = readFileSync(join(root, 'bench/results/README.md'), 'utf8');
    // The folder the page names as its source, with each mode's bench.json in either layout.
    const folder = /All numbers below come from one device call: \[`([^`]+?)\/?`\]/.exec(page)?.[1];
    expect(folder, 'the page names the device call its table comes from').toBeDefined();
    const read = (...names: string[]) => {
      const file = names.map((n) => join(root, 'bench/results', folder!, n)).find((f) => existsSync(f));
      expect(file, `${folder}: one of ${names.join(', ')}`).toBeDefined();
      return JSON.parse(readFileSync(file!, 'utf8')) as {
        results: { name: string; variant: string; ms: number | null; GBps: number | null; ratioToCopy: number | null }[];
      };
    };
    const modes = [read('browser/bench.json', 'browser-bench.json'), read('native/bench.json', 'native-bench.json')];
    const cub = read('cub.json');
    const rows = [
      ...page.matchAll(
        /^\| `([^`]+)`[^|]* \| ([^|]+) \| ([\d.]+) \| (\d+) \| ([\d.]+)× \| ([\d.]+) \| (\d+) \| ([\d.]+)× \| (?:`([^`]+)` (\d+)|—) \| (?:([\d.]+)×|—) \| (?:([\d.]+)×|—) \|/gm,
      ),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(19);
    const unmatched = rows
      .filter(([, name, variant, ...cells]) => {
        const [anchorName, anchorGBps, ...anchorRatios] = cells.slice(6);
        const anchor = anchorName ? cub.results.find((r) => r.name === anchorName) : undefined;
        if (anchorName && (!anchor || String(Math.round(anchor.GBps ?? -1)) !== anchorGBps)) return true;
        return !modes.every((run, m) => {
          const [ms, gbps, copy] = cells.slice(3 * m, 3 * m + 3);
          return run.results.some(
            (r) =>
              r.name.startsWith(name!) &&
              r.variant.startsWith(variant!.trim()) &&
              r.ms?.toFixed(3) === ms &&
              String(Math.round(r.GBps ?? -1)) === gbps &&
              r.ratioToCopy?.toFixed(2) === copy &&
              (anchor ? (r.GBps! / anchor.GBps!).toFixed(2) === anchorRatios[m] : anchorRatios[m] === undefined),
          );
        });
      })
      .map(([row]) => row);
    expect(unmatched).toEqual([]);
  });
});
