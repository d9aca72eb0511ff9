// The lab server's listening address in every spelling: the Host check (DNS rebinding
// defence) is decided on the normalized address, so `--host 127.1` or `::ffff:127.0.0.1`
// keeps it on; an empty --host is a usage error; Range requests get the whole file, said so.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveCommand, startServer, type RunningLab } from '../src/cli/serve.js';
import { isLoopbackName, normalizeIpv4 } from '../src/cli/host-check.js';

function get(port: number, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('loopback in every spelling', () => {
  it('normalizes IPv4 addresses as the resolver reads them', () => {
    expect(['127.1', '0x7f.1', '0177.0.0.1', '2130706433', '127.0.1', '0x7f000001'].map(normalizeIpv4)).toEqual(Array(6).fill('127.0.0.1'));
    expect(normalizeIpv4('10.258')).toBe('10.0.1.2');
    for (const bad of ['256.1', '1.2.3.4.5', 'evil.example', '08.1', '', '127.0.0.256']) expect(normalizeIpv4(bad), bad).toBe(undefined);
  });

  it('knows loopback addresses however they are written, and nothing else', () => {
    for (const h of [
      '127.1',
      '0x7f.1',
      '0177.0.0.1',
      '2130706433',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::0:1',
      '::ffff:127.0.0.1',
      '[::ffff:7f00:1]',
      'localhost',
      'a.localhost',
      'localhost.',
    ])
      expect(isLoopbackName(h), h).toBe(true);
    for (const h of ['128.0.0.1', '10.0.0.1', '0.0.0.0', '::', '::2', '::ffff:10.0.0.1', 'evil.example', '127.0.0.1.evil.example', '1::1'])
      expect(isLoopbackName(h), h).toBe(false);
  });
});

describe('wgsl-lab serve on a loopback address spelled otherwise', () => {
  let root: string | undefined;
  const labs: RunningLab[] = [];
  afterAll(async () => {
    for (const l of labs) await l.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('keeps the Host check on for --host 127.1 and 0x7f.1, and answers Range with the whole file', async () => {
    root = await mkdtemp(join(tmpdir(), 'wgsl-lab-serve-hosts-'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>lab</title>');
    for (const host of ['127.1', '0x7f.1']) {
      const lab = await startServer({ host, port: 0, dir: root });
      labs.push(lab);
      expect((await get(lab.port, { Host: 'evil.example' })).status, host).toBe(403);
      const ok = await get(lab.port, { Host: `localhost:${lab.port}`, Range: 'bytes=0-3' });
      expect([ok.status, ok.headers['accept-ranges'], ok.headers['content-range'], ok.body]).toEqual([
        200,
        'none',
        undefined,
        '<!doctype html><title>lab</title>',
      ]);
    }
  });

  it('refuses an empty --host with a usage error', async () => {
    for (const host of ['', ' ']) {
      const err: string[] = [];
      expect(await serveCommand([`--host=${host}`], { out: () => {}, err: (s) => err.push(s) })).toBe(2);
      expect(err.join('\n')).toContain('--host needs an address or name (an empty one would listen on every interface)');
    }
  });
});
