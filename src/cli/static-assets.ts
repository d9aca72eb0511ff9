// What the lab server sends for one file: validators (ETag, Last-Modified) so a browser
// revalidates with a 304 instead of downloading again, and gzip/brotli bodies for text
// assets, compressed once per file version and kept in memory (the site is a few hundred
// KiB, so the cache is bounded by the site's own size; a changed file replaces its entry).
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Types worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg\+xml)/;
/** Below this, compression saves less than the header costs. */
const MIN_COMPRESS_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
  version: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** A weak validator from size and modification time: cheap, and changes with every edit. */
export function etagOf(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** True when an If-None-Match header lists this ETag (weak comparison) or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * The best encoding the client accepts among those worth sending: brotli, then gzip, then
 * none. A coding with q=0 is refused ("identity;q=0" is ignored: identity is always sent
 * when nothing better is accepted).
 */
export function chooseEncoding(acceptEncoding: string | undefined, mime: string, size: number): Encoding {
  if (!acceptEncoding || size < MIN_COMPRESS_BYTES || !COMPRESSIBLE.test(mime)) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

export class CompressedCache {
  private readonly entries = new Map<string, Entry>();

  /** The file's bytes in `encoding`, compressing (once per version) when needed. */
  async body(file: string, version: string, encoding: Encoding): Promise<Buffer> {
    let entry = this.entries.get(file);
    if (!entry || entry.version !== version) {
      entry = { version, identity: await readFile(file) };
      this.entries.set(file, entry);
    }
    if (encoding === 'identity') return entry.identity;
    if (encoding === 'br') {
      // Quality 5, not 9: several times faster on the lab's 1 MB page script (its first
      // request waits for it), for a body a few per cent larger.
      entry.br ??= brotliCompressSync(entry.identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.identity.length },
      });
      return entry.br;
    }
    entry.gzip ??= gzipSync(entry.identity, { level: 9 });
    return entry.gzip;
  }
}
