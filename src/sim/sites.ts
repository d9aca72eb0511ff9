// Source positions of accesses and statements, and the text of an access for messages.
import type * as A from '../wgsl/ast.js';
import { sourceSpan, type SourceSpan } from '../diagnostics/index.js';
import type { Loc } from '../wgsl/source.js';
import type { SiteInfo } from './hooks.js';

/** A site whose access text is computed only when a report asks for it. */
export class Site implements SiteInfo {
  inSelect?: boolean;
  inLoop?: boolean;
  private cached?: string;
  readonly loc: SourceSpan;
  constructor(
    readonly id: number,
    loc: Loc,
    readonly variable: string | undefined,
    private readonly source: string | undefined,
  ) {
    this.loc = sourceSpan(loc);
  }
  get line(): number {
    return this.loc.line;
  }
  get column(): number {
    return this.loc.column;
  }
  get text(): string | undefined {
    if (this.source === undefined) return undefined;
    return (this.cached ??= accessText(this.source, this.loc.offset));
  }
}

/**
 * The sites of one simulated module, shared by the compilers of all its entry points: a
 * site's id is its index here, so access events carry a number a check can look up later.
 */
export class SiteTable {
  private readonly list: Site[] = [];

  /** Registers a site; `source` is given for memory accesses, whose text messages quote. */
  add(loc: Loc, variable: string | undefined, source: string | undefined): Site {
    const s = new Site(this.list.length, loc, variable, source);
    this.list.push(s);
    return s;
  }

  get(id: number): SiteInfo {
    const s = this.list[id];
    if (!s) throw new Error(`internal: no site ${id}`);
    return s;
  }

  get size(): number {
    return this.list.length;
  }
}

/** Where an expression starts (its leftmost token): `tile` in `tile[i + 1u]`. */
export function startLoc(e: A.Expr): Loc {
  switch (e.kind) {
    case 'index':
    case 'member':
      return startLoc(e.base);
    case 'binary':
      return startLoc(e.left);
    case 'call':
      return e.callee.loc;
    default:
      return e.loc;
  }
}

/** The source text of a postfix access expression starting at `offset` (`a.b[i + 1u].x`). */
export function accessText(source: string, offset: number): string {
  let i = offset;
  const n = source.length;
  while (i < n && (source[i] === '*' || source[i] === '&' || source[i] === '(')) i++;
  const ident = /^[\p{XID_Start}_][\p{XID_Continue}]*/u.exec(source.slice(i, i + 256));
  if (!ident) return source.slice(offset, offset + 1);
  i += ident[0].length;
  // A texel access is a call (`textureLoad(src, p, 0)`): quote it up to its closing parenthesis.
  if (/^texture[A-Z]/.test(ident[0]) && source[i] === '(') {
    let depth = 0;
    let j = i;
    for (; j < n; j++) {
      if (source[j] === '(') depth++;
      else if (source[j] === ')' && --depth === 0) break;
    }
    return source.slice(offset, j + 1).replace(/\s+/g, ' ');
  }
  for (;;) {
    let j = i;
    while (j < n && /\s/.test(source[j]!)) j++;
    if (source[j] === ')' && source.slice(offset, j).split('(').length > source.slice(offset, j).split(')').length) {
      i = j + 1;
      continue;
    }
    if (source[j] === '[') {
      let depth = 0;
      for (; j < n; j++) {
        if (source[j] === '[') depth++;
        else if (source[j] === ']' && --depth === 0) break;
      }
      i = j + 1;
      continue;
    }
    if (source[j] === '.') {
      const m = /^\.\s*[\p{XID_Start}_][\p{XID_Continue}]*/u.exec(source.slice(j, j + 128));
      if (!m) break;
      i = j + m[0].length;
      continue;
    }
    break;
  }
  return source.slice(offset, i).replace(/\s+/g, ' ');
}
