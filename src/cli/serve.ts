// `wgsl-lab serve [--host H] [--port P]`: serves the lab site (site-dist/) with a small
// static server. In a development checkout it first builds the site when it is missing or
// older than its sources; an installed package ships the site prebuilt and has no Vite. The server only
// reads files below site-dist/: it runs no user code, answers GET and HEAD only, refuses
// anything that could step outside the folder, and sends a strict Content-Security-Policy.
import { createReadStream, existsSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CSP_HEADER } from './site-policy.js';
import { hostAllowed, isLoopbackName } from './host-check.js';
import { lookup } from 'node:dns/promises';
import { chooseEncoding, CompressedCache, etagMatches, etagOf } from './static-assets.js';

export const SERVE_USAGE = `usage: wgsl-lab serve [--host H] [--port P]
  Serves the lab site (in a wgsl-lab checkout, building it into site-dist/ first if needed). Default address
  127.0.0.1:5173; if that port is taken, the next free one. Ctrl+C stops the server.
  --host H   address to listen on (default 127.0.0.1, reachable from this machine only)
  --port P   port (default 5173; 0 picks any free port)`;

/** The package's folder (a checkout, or node_modules/wgsl-lab): never the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SITE_DIR = join(REPO_ROOT, 'site-dist');
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 5173;
/** How many ports after the default to try when it is taken. */
const PORT_TRIES = 20;
/**
 * Connection limits: a client gets this long to send its request headers, and a socket with
 * no traffic either way for IDLE_MS is closed. The latter also drops clients that stop
 * reading a response (writes stall, nothing moves), so they cannot hold buffers forever.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const IDLE_MS = 30_000;
const KEEP_ALIVE_MS = 5_000;
/** Text files up to this size are served from the compressed cache; larger ones stream. */
const CACHE_MAX_BYTES = 8 * 1024 * 1024;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

// ---------------------------------------------------------------------------------------
// Build

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs; // a deleted file shows as a newer directory
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

/** True when site-dist/ is missing or older than anything under src/, lessons/ or the Vite config. */
export async function siteIsStale(root = REPO_ROOT): Promise<boolean> {
  const built = await stat(join(root, 'site-dist', 'index.html')).catch(() => undefined);
  if (!built) return true;
  const sources = Math.max(...(await Promise.all(['src', 'lessons', 'vite.config.ts'].map((p) => newestMtime(join(root, p))))));
  return sources > built.mtimeMs;
}

/** Builds the site with Vite's JS API into `outDir` (tests build into a folder of their own). */
export async function buildSite(outDir = SITE_DIR, root = REPO_ROOT): Promise<void> {
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    throw new SiteUnavailableError(
      'the lab site is not built and Vite is not installed: run `npm ci` in the wgsl-lab folder (Vite is a development dependency)',
    );
  }
  await vite.build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

/** The site can be neither found nor built (an incomplete installation, no Vite in a checkout). */
export class SiteUnavailableError extends Error {}

/** True in a checkout with the site's sources; an installed package has only the built site. */
export function isDevelopmentCheckout(root = REPO_ROOT): boolean {
  return existsSync(join(root, 'vite.config.ts')) && existsSync(join(root, 'src', 'web', 'index.html'));
}

/** Builds site-dist/ when it is stale (in a checkout); returns whether it built. */
export async function ensureSiteBuilt(log: (s: string) => void = () => {}, root = REPO_ROOT): Promise<boolean> {
  if (!isDevelopmentCheckout(root)) {
    if (existsSync(join(root, 'site-dist', 'index.html'))) return false;
    throw new SiteUnavailableError(
      `the lab site is missing from this installation (${join(root, 'site-dist')}): reinstall wgsl-lab, whose package ships it prebuilt`,
    );
  }
  if (!(await siteIsStale(root))) return false;
  log('building the lab site (site-dist/)…');
  await buildSite(join(root, 'site-dist'), root);
  return true;
}

// ---------------------------------------------------------------------------------------
// Static server

/**
 * The file a URL path names below `dir`, or undefined for anything suspicious: encoded or
 * literal backslashes, NULs, `.` or `..` segments, dotfiles, malformed escapes.
 */
export function resolveSitePath(dir: string, rawPath: string): string | undefined {
  const pathPart = rawPath.split(/[?#]/, 1)[0]!;
  if (/%5c|%00|\\|\0/i.test(pathPart)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(pathPart);
  } catch {
    return undefined;
  }
  if (!path.startsWith('/') || /[\0\\]/.test(path)) return undefined;
  const segments = path.split('/').slice(1);
  if (segments.some((s) => s === '.' || s === '..' || s.startsWith('.'))) return undefined;
  const rel = segments.join('/');
  const file = join(dir, rel === '' ? 'index.html' : rel);
  return file === dir || file.startsWith(dir + sep) ? file : undefined;
}

function send(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...extra });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

interface ServerContext {
  dir: string;
  realDir: string;
  bindHost: string;
  cache: CompressedCache;
}

async function handle(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('Content-Security-Policy', CSP_HEADER);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  if (!hostAllowed(ctx.bindHost, req.headers.host)) {
    return send(res, 403, 'forbidden: the Host header does not name this machine (the lab answers loopback names only)\n');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
  const file = resolveSitePath(ctx.dir, req.url ?? '/');
  // Only regular files, and only where they really are inside the site (no symlink out).
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  const real = info?.isFile() ? await realpath(file!).catch(() => undefined) : undefined;
  if (!info || !real || !real.startsWith(ctx.realDir + sep)) return send(res, 404, 'not found\n');
  const mime = MIME[extname(real)] ?? 'application/octet-stream';
  const etag = etagOf(info.size, info.mtimeMs);
  const headers: Record<string, string | number> = {
    'Content-Type': mime,
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
    // Range requests are not served: every answer is the whole file, and says so.
    'Accept-Ranges': 'none',
    // Built assets carry a content hash in their name; everything else must revalidate.
    'Cache-Control': real.startsWith(join(ctx.realDir, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const encoding = info.size <= CACHE_MAX_BYTES ? chooseEncoding(req.headers['accept-encoding'], mime, info.size) : 'identity';
  if (encoding !== 'identity') {
    const body = await ctx.cache.body(real, etag, encoding);
    res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(200, { ...headers, 'Content-Length': info.size });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(real)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** How long a connection may take; the defaults suit a browser on this machine, tests shorten them. */
export interface ConnectionLimits {
  /** Time to receive a request's headers. */
  headersMs: number;
  /** Time to receive a whole request. */
  requestMs: number;
  /** A socket with no traffic either way for this long is closed. */
  idleMs: number;
}

const DEFAULT_LIMITS: ConnectionLimits = { headersMs: HEADERS_TIMEOUT_MS, requestMs: REQUEST_TIMEOUT_MS, idleMs: IDLE_MS };

/** `bindHost`: the address the server will listen on; on loopback only loopback Host names are answered. */
export async function createLabServer(dir = SITE_DIR, bindHost = DEFAULT_HOST, limits: ConnectionLimits = DEFAULT_LIMITS): Promise<Server> {
  const ctx: ServerContext = { dir, realDir: await realpath(dir), bindHost, cache: new CompressedCache() };
  const options = {
    headersTimeout: limits.headersMs,
    requestTimeout: limits.requestMs,
    keepAliveTimeout: Math.min(KEEP_ALIVE_MS, limits.idleMs),
    // Node checks the two request timeouts on this period (30 s by default, longer than they are).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersMs / 2)),
  };
  const server = createServer(options, (req, res) => {
    handle(ctx, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'internal error\n');
      else res.destroy();
    });
  });
  // No listener for 'timeout' besides this: an idle or stalled socket is destroyed.
  server.setTimeout(limits.idleMs, (socket) => socket.destroy());
  return server;
}

function listenOnce(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => {
      server.off('listening', onListening);
      reject(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Listens on `port`, or, when `fallback` is set and it is taken, on the next free one. */
export async function listen(server: Server, host: string, port: number, fallback: boolean): Promise<number> {
  for (let p = port; ; p++) {
    try {
      return await listenOnce(server, host, p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' || !fallback || p >= port + PORT_TRIES) throw e;
    }
  }
}

function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

export interface ServeOptions {
  host?: string;
  /** Omitted: 5173, or the next free port after it. Given: exactly this port (0: any). */
  port?: number;
  dir?: string;
  limits?: ConnectionLimits;
}

export interface RunningLab {
  url: string;
  host: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** Starts the static server on site-dist/ (or `dir`); `log` hears about port changes. */
export async function startServer(options: ServeOptions = {}, log: (s: string) => void = () => {}): Promise<RunningLab> {
  const host = options.host ?? DEFAULT_HOST;
  const wanted = options.port ?? DEFAULT_PORT;
  // The Host check follows where the server really listens: any spelling of a loopback
  // address (127.1, 0x7f.1, ::ffff:127.0.0.1) or a name that resolves to one is loopback.
  const resolved = isLoopbackName(host)
    ? host
    : await lookup(host).then(
        (a) => a.address,
        () => host,
      );
  const server = await createLabServer(options.dir ?? SITE_DIR, isLoopbackName(resolved) ? resolved : host, options.limits);
  // An explicit port is the user's choice: taken means an error, not another port.
  const port = await listen(server, host, wanted, options.port === undefined);
  if (port !== wanted && wanted !== 0) log(`port ${wanted} is taken; using ${port} instead`);
  return {
    url: urlOf(host, port),
    host,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function serveCommand(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { host: { type: 'string' }, port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(SERVE_USAGE);
    return 0;
  }
  const port = values.port === undefined ? undefined : /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
  if (port !== undefined && !(port >= 0 && port <= 65535)) {
    io.err(`wgsl-lab serve: --port must be a whole number from 0 to 65535, not '${values.port}'`);
    return 2;
  }
  if (values.host !== undefined && values.host.trim() === '') {
    io.err(`wgsl-lab serve: --host needs an address or name (an empty one would listen on every interface)\n${SERVE_USAGE}`);
    return 2;
  }
  let lab: RunningLab;
  try {
    await ensureSiteBuilt((s) => io.err(s));
    lab = await startServer({ host: values.host, port }, (s) => io.err(s));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    let why = err.message;
    if (err.code === 'EADDRINUSE') {
      why =
        port === undefined
          ? `ports ${DEFAULT_PORT} to ${DEFAULT_PORT + PORT_TRIES} are all in use; pick one with --port`
          : `port ${port} is in use; pick another with --port, or leave --port out to take the next free one after ${DEFAULT_PORT}`;
    }
    io.err(`wgsl-lab serve: ${why}`);
    return 2;
  }
  if (!isLoopbackName(lab.host)) io.err(`note: listening on ${lab.host}, so other machines may reach the lab`);
  io.out(`wgsl-lab lab: ${lab.url}`);
  // Ctrl+C (or a service manager's SIGTERM) closes open connections and the server.
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  io.err('stopping');
  await lab.close();
  return 0;
}
