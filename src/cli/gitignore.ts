// The `.gitignore` rules `check DIR` honours when it walks a repository: blank lines and
// `#` comments, `!` negation, a trailing `/` for directories only, patterns anchored by a
// `/` at their start or middle (else matched against the name at any depth), `*`, `?`,
// `[…]` classes, and `**` as a whole path segment (`**/x`, `x/**`, `a/**/b`). Later rules
// win over earlier ones, and a nested `.gitignore`'s rules come after its parents'. A path
// inside an ignored directory is never looked at, so (as in git) it cannot be re-included.
// Pure string logic: the walk that reads the files is in io.ts.

export interface IgnoreRule {
  /** The folder holding the `.gitignore`, relative to the walk's root with `/` ('' for the root). */
  base: string;
  negate: boolean;
  dirOnly: boolean;
  /** Matched against the path relative to `base` (anchored) or against the name alone. */
  anchored: boolean;
  regex: RegExp;
  /** The line as written, for messages and tests. */
  source: string;
}

/** The rules of one `.gitignore` file's text, found in folder `base`. */
export function parseGitignore(text: string, base: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r\n|\n|\r/)) {
    let line = trimTrailingSpaces(raw);
    if (line === '' || line.startsWith('#')) continue;
    let negate = false;
    if (line.startsWith('!')) {
      negate = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) line = line.slice(1);
    let dirOnly = false;
    if (line.endsWith('/') && !line.endsWith('\\/')) {
      dirOnly = true;
      line = line.replace(/\/+$/, '');
    }
    if (line === '') continue;
    // A slash at the start or in the middle ties the pattern to the .gitignore's folder.
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    rules.push({ base, negate, dirOnly, anchored, regex: new RegExp(`^${globSource(line)}$`), source: raw });
  }
  return rules;
}

/**
 * Whether `path` (relative to the walk's root, `/`-separated) is ignored by `rules` (in the
 * order they were read: parents' files first). The last rule that matches decides.
 */
export function isIgnored(rules: readonly IgnoreRule[], path: string, isDir: boolean): boolean {
  let ignored = false;
  for (const r of rules) {
    if (r.dirOnly && !isDir) continue;
    let rel: string;
    if (r.base === '') rel = path;
    else if (path.startsWith(`${r.base}/`)) rel = path.slice(r.base.length + 1);
    else continue;
    const subject = r.anchored ? rel : rel.slice(rel.lastIndexOf('/') + 1);
    if (r.regex.test(subject)) ignored = !r.negate;
  }
  return ignored;
}

/** Trailing spaces end a pattern unless escaped with a backslash. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ' && line[end - 2] !== '\\') end--;
  return line.slice(0, end);
}

/** A glob as a regular expression's source (without anchors). */
function globSource(glob: string): string {
  const segments = glob.split('/');
  let out = '';
  segments.forEach((seg, i) => {
    const last = i === segments.length - 1;
    if (seg === '**') {
      // `**/` matches zero or more folders; a final `/**` everything inside (not the folder itself).
      out += last ? '.*' : '(?:[^/]+/)*';
      return;
    }
    out += segmentSource(seg) + (last ? '' : '/');
  });
  return out;
}

/** One path segment: `*` and `?` never cross a `/`; `[…]` is a class; `\x` is x literally. */
function segmentSource(seg: string): string {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '\\' && i + 1 < seg.length) out += escapeRegex(seg[++i]!);
    else if (c === '*') {
      while (seg[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = seg.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        let body = seg.slice(i + 1, close);
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        out += `[${body.replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else out += escapeRegex(c);
  }
  return out;
}

function escapeRegex(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
