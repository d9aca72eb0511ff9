// Where the CLI finds a checked file's modules: the repository it lies in (the nearest
// folder up from it holding .git, wesl.toml, Cargo.toml, package.json or
// wgsl-lab.config.json; else the current folder when the file is below it, else the
// file's own folder), every .wgsl and .wesl file below that root (node_modules, target
// and hidden folders skipped), read once per root. The WESL package root is wesl.toml's
// `root`, or else the nearest folder up from the file from which every `package::` import
// names an existing file or folder.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { moduleStyle, type ModuleContext } from '../check-modules.js';
import type { ShaderDefs } from '../shader-defs.js';

const ROOT_MARKERS = ['.git', 'wesl.toml', 'Cargo.toml', 'package.json', 'wgsl-lab.config.json'];
const SKIPPED = new Set(['node_modules', 'target']);
/** Files read below one root at most (a safeguard against checking from a home folder). */
const MAX_FILES = 5000;
const MAX_FILE_BYTES = 1 << 20;

export class ModuleRepository {
  private readonly scans = new Map<string, Promise<Map<string, string>>>();

  constructor(
    private readonly defs: ShaderDefs = new Map(),
    private readonly cwd = process.cwd(),
  ) {}

  /** The modules of `file` (text `text`), or undefined when it uses no module syntax. */
  async contextFor(file: string, text: string): Promise<ModuleContext | undefined> {
    if (!moduleStyle(text)) return undefined;
    const abs = resolve(this.cwd, file);
    const root = this.repositoryRoot(dirname(abs));
    let scan = this.scans.get(root);
    if (!scan) this.scans.set(root, (scan = scanShaders(root)));
    // Module files are named as the checked file is: relative to the current folder, or absolute.
    const name = (p: string) => (isAbsolute(file) ? p : relative(this.cwd, p) || '.');
    const files = new Map([...(await scan)].map(([p, t]) => [name(p), t]));
    return { files, weslRoot: name(weslRoot(dirname(abs), root, text)), defs: this.defs };
  }

  private repositoryRoot(dir: string): string {
    for (let d = dir; ; d = dirname(d)) {
      if (ROOT_MARKERS.some((m) => existsSync(join(d, m)))) return d;
      if (dirname(d) === d) break;
    }
    const below = relative(this.cwd, dir);
    return below.startsWith('..') || isAbsolute(below) ? dir : this.cwd;
  }
}

/** Every .wgsl/.wesl file below `root` (absolute path → text). */
async function scanShaders(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // an unreadable folder holds no modules we can use
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (out.size >= MAX_FILES) return;
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && !SKIPPED.has(e.name)) await walk(p);
      } else if (/\.w[eg]sl$/.test(e.name) && e.isFile()) {
        try {
          if (statSync(p).size <= MAX_FILE_BYTES) out.set(p, await readFile(p, 'utf8'));
        } catch {
          // unreadable: not a module anyone can import
        }
      }
    }
  };
  await walk(root);
  return out;
}

/** The WESL package root for a file in `dir` below the repository `root`. */
function weslRoot(dir: string, root: string, text: string): string {
  for (let d = dir; ; d = dirname(d)) {
    const toml = join(d, 'wesl.toml');
    if (existsSync(toml)) {
      const m = /^\s*(?:root|weslRoot)\s*=\s*"([^"]*)"/m.exec(readFileSync(toml, 'utf8'));
      return m ? resolve(d, m[1]!) : d;
    }
    if (d === root || dirname(d) === d) break;
  }
  const firsts = [...text.matchAll(/^\s*import\s+package\s*::\s*([A-Za-z_][A-Za-z0-9_]*)/gm)].map((m) => m[1]!);
  if (!firsts.length) return dir;
  for (let d = dir; ; d = dirname(d)) {
    if (firsts.every((f) => existsSync(join(d, f)) || existsSync(join(d, `${f}.wesl`)) || existsSync(join(d, `${f}.wgsl`)))) return d;
    if (d === root || dirname(d) === d) return dir;
  }
}
