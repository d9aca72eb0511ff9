import { describe, expect, it } from 'vitest';
import { attachFiles, fileRefs } from './files.js';
import { fillBuffer, uniformValue } from './fill.js';
import { parseHarness } from './parse.js';

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

const source = [
  '//! buffer 0 f32[3] = file("in.bin")',
  '//! buffer 1:2 u32[2]',
  '//! uniform 3 u32[4] = file("sub/u.bin")',
  '//! uniform 4 i32[2] = i - 1',
  '//! uniform 5 f32 = 0.5',
  '//! expect 1:2 = file("out.bin")',
  '//! override WG = 64',
  '//! override flag = true',
  '//! override scale = -0.25',
].join('\n');

describe('file() contents, raw-word uniforms and overrides', () => {
  const { harness, errors } = parseHarness(source);

  it('parses the new forms', () => {
    expect(errors).toEqual([]);
    expect(harness.buffers[0]!.file).toEqual({ path: 'in.bin', line: 1, column: 28, offset: 27, length: 8 });
    expect(harness.uniforms.map((u) => u.count)).toEqual([4, 2, undefined]);
    expect(harness.expects[0]).toMatchObject({ group: 1, binding: 2, start: 0, end: 2, values: [], file: { path: 'out.bin', line: 6 } });
    expect(harness.overrides).toMatchObject([
      { name: 'WG', value: 64, line: 7, column: 5 },
      { name: 'flag', value: 1, line: 8, column: 5 },
      { name: 'scale', value: -0.25, line: 9, column: 5 },
    ]);
    expect(fileRefs(harness).map((r) => r.path)).toEqual(['in.bin', 'sub/u.bin', 'out.bin']);
  });

  it('fills buffers, uniforms and expectations from the files, byte for byte', () => {
    const input = new Float32Array([1.5, -0, NaN]);
    const words = new Uint32Array([7, 0xffffffff, 3, 0x3f800000]);
    const out = new Uint32Array([42, 4000000000]);
    const files = new Map([
      ['in.bin', bytesOf(input)],
      ['sub/u.bin', bytesOf(words)],
      ['out.bin', bytesOf(out)],
    ]);
    const attached = attachFiles(harness, files);
    expect(attached.errors).toEqual([]);
    const h = attached.harness;
    expect(bytesOf(fillBuffer(h.buffers[0]!))).toEqual(bytesOf(input)); // -0 and NaN bits kept
    expect(Array.from(uniformValue(h.uniforms[0]!))).toEqual([7, 0xffffffff, 3, 0x3f800000]);
    expect(Array.from(uniformValue(h.uniforms[1]!))).toEqual([-1, 0]);
    expect(Array.from(uniformValue(h.uniforms[2]!))).toEqual([0.5]);
    expect(h.expects[0]!.values).toEqual([42, 4000000000]);
  });

  it('reports a missing, unreadable or wrong-sized file at the line that names it', () => {
    const files = new Map<string, Uint8Array | { error: string }>([
      ['in.bin', new Uint8Array(8)],
      ['sub/u.bin', { error: 'permission denied' }],
    ]);
    const { errors: problems } = attachFiles(harness, files);
    expect(problems.map((e) => [e.line, e.column, e.message])).toEqual([
      [1, 28, 'file("in.bin") holds 8 bytes, but @group(0) @binding(0) (f32[3]) is 12 bytes'],
      [3, 29, 'cannot read file("sub/u.bin"): permission denied'],
      [6, 23, 'the contents of file("out.bin") are not available: only the command line reads files, relative to the kernel file'],
    ]);
  });
});
