// The lab's static server (wgsl-lab serve): loopback by default, files of the site folder
// only, GET and HEAD only, strict security headers. Runs against a small fixture folder
// with the traps a traversal would look for (a secret beside it, a symlink out, dotfiles).
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, resolveSitePath, serveCommand, startServer, type RunningLab } from '../../src/cli/serve.js';
import { hostAllowed } from '../../src/cli/host-check.js';
import { chooseEncoding } from '../../src/cli/static-assets.js';

/** A compressible script well above the compression threshold. */
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2; // lesson ${i % 7}`).join('\n');

let root: string;
let site: string;
let lab: RunningLab;

/** A raw request: the path goes out byte for byte (fetch would normalise `..`). */
function get(
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: lab.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wgsl-lab-serve-'));
  site = join(root, 'site');
  await mkdir(join(site, 'assets'), { recursive: true });
  await writeFile(join(site, 'index.html'), '<!doctype html><title>lab</title>');
  await writeFile(join(site, 'assets', 'app-1234.js'), 'export {};');
  await writeFile(join(site, 'assets', 'style.css'), 'body{}');
  await writeFile(join(site, 'assets', 'big.js'), BIG_JS);
  await writeFile(join(site, 'assets', 'blob.bin'), Buffer.alloc(32 * 1024 * 1024, 7));
  await writeFile(join(site, '.env'), 'SECRET=1');
  await writeFile(join(root, 'secret.txt'), 'secret');
  await symlink(join(root, 'secret.txt'), join(site, 'link.txt'));
  lab = await startServer({ port: 0, dir: site });
});

afterAll(async () => {
  await lab?.close();
  await rm(root, { recursive: true, force: true });
});

describe('wgsl-lab serve', () => {
  it('listens on 127.0.0.1 by default and prints that URL', () => {
    expect(lab.host).toBe('127.0.0.1');
    expect((lab.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(lab.url).toBe(`http://127.0.0.1:${lab.port}/`);
  });

  it('serves the site with its MIME types and security headers', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>lab</title>');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(index.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "connect-src 'self'",
      "img-src 'self' data:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/assets/app-1234.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/assets/style.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/index.html?x=1#y')).status).toBe(200);
  });

  it('answers HEAD without a body and refuses other methods with 405', async () => {
    const head = await get('/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const r = await get('/', method);
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD');
    }
  });

  it('answers 404 for traversal, odd paths, unknown files, dotfiles and symlinks out', async () => {
    const paths = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..\\secret.txt',
      '/%5c..%5csecret.txt',
      '/index.html%00.js',
      '/index.html\0',
      '/%ZZ',
      '/.env',
      '/link.txt',
      '/missing.js',
      '/lessons/01-first-kernel',
      '//etc/passwd',
      'http://127.0.0.1/../secret.txt',
    ];
    for (const p of paths) {
      const r = await get(p).catch(() => ({ status: 400, body: '' }));
      // Node's HTTP parser itself refuses some of these (400); either way nothing leaks.
      expect([400, 404], p).toContain(r.status);
      expect(r.body, p).not.toContain('secret');
    }
  });

  it('lists no directory', async () => {
    for (const p of ['/assets', '/assets/', '/assets/.']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.body).not.toContain('app-1234');
    }
  });

  it('resolves only paths inside the site folder', () => {
    expect(resolveSitePath('/s', '/')).toBe('/s/index.html');
    expect(resolveSitePath('/s', '/assets/a.js')).toBe('/s/assets/a.js');
    for (const p of ['/../x', '/a/../../x', '/%2e%2e/x', '/a\\b', '/a%5cb', '/a%00', '/.git/config', 'relative'])
      expect(resolveSitePath('/s', p), p).toBeUndefined();
  });

  it('moves to the next port when the default one is taken', async () => {
    const blocker: Server = createServer();
    const taken = await listen(blocker, '127.0.0.1', 0, false);
    const other = createServer();
    try {
      const port = await listen(other, '127.0.0.1', taken, true);
      expect(port).toBeGreaterThan(taken);
      await expect(listen(createServer(), '127.0.0.1', taken, false)).rejects.toThrow(/EADDRINUSE/);
    } finally {
      other.close();
      blocker.close();
    }
  });
});

describe('wgsl-lab serve against DNS rebinding, stale caches and stuck clients', () => {
  it('answers only loopback Host names when bound to loopback', async () => {
    for (const host of ['localhost', 'localhost:5173', '127.0.0.1', '127.0.0.1:80', '[::1]:5173', 'LOCALHOST', 'lab.localhost:1']) {
      expect((await get('/', 'GET', { Host: host })).status, host).toBe(200);
    }
    for (const host of ['evil.example', 'evil.example:5173', 'localhost.evil.example', '127.0.0.1.evil.example', '10.0.0.1', '[::2]']) {
      const r = await get('/', 'GET', { Host: host });
      expect(r.status, host).toBe(403);
      expect(r.body, host).toContain('Host');
      expect(r.body).not.toContain('<title>');
    }
    // Bound to all interfaces by choice: any name may reach it.
    expect(hostAllowed('0.0.0.0', 'lab.example:5173')).toBe(true);
    expect(hostAllowed('::1', undefined)).toBe(false);
  });

  it('sends an ETag and answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get('/');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await get('/', 'GET', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/', 'GET', { 'If-None-Match': 'W/"0-0"' })).status).toBe(200);
    expect((await get('/', 'GET', { 'If-None-Match': `"x", ${etag.slice(2)}` })).status).toBe(304);
  });

  it('compresses text assets with brotli or gzip as the client accepts, byte-identical after decoding', async () => {
    const br = await get('/assets/big.js', 'GET', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(BIG_JS.length / 3);
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(BIG_JS);
    const gz = await get('/assets/big.js', 'GET', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString('utf8')).toBe(BIG_JS);
    const plain = await get('/assets/big.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    // Tiny files and binary files go as they are.
    expect((await get('/assets/style.css', 'GET', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
    expect(chooseEncoding('gzip, br', 'image/png', 1 << 20)).toBe('identity');
    expect(chooseEncoding('*', 'text/css', 1 << 20)).toBe('br');
    expect(chooseEncoding('identity', 'text/css', 1 << 20)).toBe('identity');
  });

  it('closes connections that send nothing and clients that stop reading', async () => {
    const quick = await startServer({ port: 0, dir: site, limits: { headersMs: 400, requestMs: 800, idleMs: 400 } });
    try {
      // A socket that never sends a request is closed (hang guard: the test's own timeout).
      // Node may answer it with a 408 before closing (its header timer) or just close it (the
      // idle timer): the client reads whatever comes, since a socket with unread data never
      // reaches 'end' and 'close'.
      const silent = connect(quick.port, '127.0.0.1');
      silent.on('error', () => {});
      silent.resume();
      await new Promise<void>((resolve) => silent.on('close', () => resolve()));
      // A client that asks for 32 MiB and never reads: the server's writes stall, the socket goes idle, and it is dropped.
      const stalled = connect(quick.port, '127.0.0.1');
      stalled.on('error', () => {});
      stalled.write('GET /assets/blob.bin HTTP/1.1\r\nHost: localhost\r\n\r\n');
      stalled.pause();
      await new Promise((r) => setTimeout(r, 100));
      let open = 1;
      while (open > 0) {
        await new Promise((r) => setTimeout(r, 100));
        open = await new Promise<number>((resolve) => quick.server.getConnections((_e, n) => resolve(n)));
      }
      expect(open).toBe(0);
      stalled.destroy();
    } finally {
      await quick.close();
    }
  }, 30_000);
});

describe('wgsl-lab serve command line', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } };
  };

  it('prints its usage with --help', async () => {
    const c = io();
    expect(await serveCommand(['--help'], c.io)).toBe(0);
    expect(c.out.join('\n')).toMatch(/127\.0\.0\.1:5173/);
  });

  it('refuses a port that is not a number', async () => {
    for (const port of ['abc', '', '-1', '70000', '80.5']) {
      const c = io();
      expect(await serveCommand([`--port=${port}`], c.io), port).toBe(2);
      expect(c.err.join('\n')).toMatch(/--port must be a whole number/);
    }
  });
});
