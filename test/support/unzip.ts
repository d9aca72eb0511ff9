// Reads a zip archive (a .vsix is one) into a folder: the central directory lists every
// entry with its compression method (0 stored, 8 deflate) and where its local header is.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/** The entries of the zip at `file`: name → contents. */
export function readZip(file: string): Map<string, Buffer> {
  const zip = readFileSync(file);
  // The end-of-central-directory record: the last occurrence of its signature.
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error(`${file}: not a zip archive (no end of central directory)`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    if (method !== 0 && method !== 8) throw new Error(`${file}: ${name} uses compression method ${method}`);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** Writes the entries under `prefix` (that prefix removed) into `dir`; returns the paths written. */
export function extractZip(file: string, prefix: string, dir: string): string[] {
  const written: string[] = [];
  for (const [name, data] of readZip(file)) {
    if (!name.startsWith(prefix) || name.endsWith('/')) continue;
    const rel = normalize(name.slice(prefix.length));
    if (rel.startsWith('..')) throw new Error(`${file}: entry ${name} leaves the folder`);
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
    written.push(rel);
  }
  return written.sort();
}
