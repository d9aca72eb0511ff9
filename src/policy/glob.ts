// The globs of wgsl-lab.config.json (`ignore`, `overrides[].files`): `*` and `?` within one
// path segment, `**` as a whole segment for any number of segments, `{a,b}` alternatives
// (nestable), `[abc]`, `[a-z]` and `[!a]` classes, and `\` to escape the next character.
// A glob matches a path relative to the config file's folder with `/` separators; a glob
// that matches a folder matches everything inside it, and one that ends in `/` matches
// folders only (docs/config.md).

/** A glob that cannot be compiled, with the 0-based index in it where the problem is. */
export class GlobError extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
  }
}

export interface Glob {
  /** The glob as written. */
  source: string;
  /** Whether the path (a file) or one of the folders it lies in matches. */
  matches(path: string): boolean;
}

export function compileGlob(pattern: string): Glob {
  if (pattern === '') throw new GlobError('an empty glob matches nothing', 0);
  if (pattern.startsWith('!')) throw new GlobError("negated globs ('!…') are not supported", 0);
  let body = pattern.startsWith('./') ? pattern.slice(2) : pattern.startsWith('/') ? pattern.slice(1) : pattern;
  const foldersOnly = body.endsWith('/') && !body.endsWith('\\/');
  if (foldersOnly) body = body.slice(0, -1);
  const offset = pattern.length - body.length - (foldersOnly ? 1 : 0);
  if (body === '') throw new GlobError('the glob names no path', 0);
  const segments = body.split('/');
  for (const s of segments) if (s === '..') throw new GlobError("'..' cannot leave the config file's folder", pattern.indexOf('..'));
  const re = new RegExp(`^${translate(body, offset)}$`);
  return {
    source: pattern,
    matches(path: string) {
      const parts = path.split('/');
      // The folders the path lies in, shortest first, then the path itself (a file).
      for (let n = 1; n <= parts.length; n++) {
        const isFile = n === parts.length;
        if (isFile && foldersOnly) continue;
        if (re.test(parts.slice(0, n).join('/'))) return true;
      }
      return false;
    },
  };
}

const SPECIAL = /[.+^$()|\\/[\]{}*?]/;

/** The regular expression (without anchors) of a glob body; `offset` places errors in the original. */
function translate(glob: string, offset: number): string {
  let out = '';
  const braces: number[] = [];
  let i = 0;
  const atSegmentStart = () => i === 0 || glob[i - 1] === '/';
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === '\\') {
      if (i + 1 >= glob.length) throw new GlobError("'\\' at the end escapes nothing", offset + i);
      out += escapeChar(glob[i + 1]!);
      i += 2;
    } else if (c === '*' && glob[i + 1] === '*' && atSegmentStart() && (i + 2 === glob.length || glob[i + 2] === '/')) {
      // `**` as a whole segment: any number of segments (none included) or, last, everything below.
      if (i + 2 === glob.length) {
        out += '.*';
        i += 2;
      } else {
        out += '(?:[^/]*/)*';
        i += 3;
      }
    } else if (c === '*') {
      out += '[^/]*';
      while (glob[i] === '*') i++;
    } else if (c === '?') {
      out += '[^/]';
      i++;
    } else if (c === '[') {
      const { re, end } = characterClass(glob, i, offset);
      out += re;
      i = end;
    } else if (c === '{') {
      braces.push(i);
      out += '(?:';
      i++;
    } else if (c === ',' && braces.length) {
      out += '|';
      i++;
    } else if (c === '}' && braces.length) {
      braces.pop();
      out += ')';
      i++;
    } else {
      out += escapeChar(c);
      i++;
    }
  }
  if (braces.length) throw new GlobError("'{' is never closed by '}'", offset + braces[braces.length - 1]!);
  return out;
}

function escapeChar(c: string): string {
  return SPECIAL.test(c) ? `\\${c}` : c;
}

/** `[…]` from index `start`: a class of one character other than `/`. */
function characterClass(glob: string, start: number, offset: number): { re: string; end: number } {
  let i = start + 1;
  let negated = false;
  if (glob[i] === '!' || glob[i] === '^') {
    negated = true;
    i++;
  }
  let body = '';
  let first = true;
  while (i < glob.length && (glob[i] !== ']' || first)) {
    const c = glob[i]!;
    if (c === '/') throw new GlobError("a character class cannot hold '/'", offset + i);
    if (c === '\\') {
      if (i + 1 >= glob.length) break;
      body += `\\${glob[i + 1]}`;
      i += 2;
    } else if (c === '-' && body !== '' && glob[i + 1] !== ']' && i + 1 < glob.length) {
      const lo = glob[i - 1]!;
      const hi = glob[i + 1]!;
      if (hi < lo) throw new GlobError(`the range '${lo}-${hi}' is backwards`, offset + i - 1);
      body += '-';
      i++;
    } else {
      body += c === ']' || c === '[' || c === '^' ? `\\${c}` : c;
      i++;
    }
    first = false;
  }
  if (i >= glob.length) throw new GlobError("'[' is never closed by ']'", offset + start);
  return { re: negated ? `(?!/)[^${body}]` : `[${body}]`, end: i + 1 };
}
