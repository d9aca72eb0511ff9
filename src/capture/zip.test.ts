import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipStored } from './zip.js';

describe('zipStored', () => {
  const files = new Map<string, string | Uint8Array>([
    ['index.json', '{"kernels":[]}\n'],
    ['k001.0-1.bin', new Uint8Array([0, 1, 2, 255])],
    ['sub/ü.wgsl', '@compute @workgroup_size(1) fn main() {}'],
  ]);

  it('writes stored entries with the CRC-32 of each file', () => {
    const zip = zipStored(files);
    const view = new DataView(zip.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(14, true)).toBe(0xfc330682); // zlib.crc32(b'{"kernels":[]}\\n')
    expect(view.getUint32(18, true)).toBe(15); // stored: compressed size = size
  });

  it("is read back by Python's zipfile, byte for byte", () => {
    const dir = mkdtempSync(join(tmpdir(), 'wgsl-lab-zip-'));
    const path = join(dir, 'c.zip');
    writeFileSync(path, zipStored(files));
    const listing = execFileSync(
      'python3',
      [
        '-c',
        'import sys, zipfile, json\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps({n: list(z.read(n)) for n in z.namelist()}))',
        path,
      ],
      { encoding: 'utf8' },
    );
    const text = new TextEncoder();
    expect(JSON.parse(listing)).toEqual(
      Object.fromEntries([...files].map(([n, c]) => [n, [...(typeof c === 'string' ? text.encode(c) : c)]])),
    );
  });
});
