// PNG textures inside the memory budget: a file's header chunks are read before any
// decoding, so an image whose size the texture line does not give, or whose decoding the
// budget cannot hold, is refused without inflating a byte; image data that inflates past
// the header's size (a compressed bomb) is refused; colour profiles and other ancillary
// chunks are dropped unread. Every attack file is built here from a few fixed bytes.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { encode } from 'fast-png';
import { chunk, iccp, ihdr, png, rgbaIdat, zeroBomb } from './support/png-bytes.js';
import { scratchDir, wgslLabIn } from './support/cli.js';
import { wgslLabMeasured } from './support/peak-rss.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { InputError } from '../src/runner/errors.js';
import { imageDataStream, inflatedBytes, pngDecodeBytes, pngLayout, withoutAncillaryChunks } from '../src/runner/png-chunks.js';

/** Copies texel (0, 0) of a 16x16 texture into a buffer. */
const kernel = (size = '16x16') => `//! dispatch 1
//! texture 0 rgba8unorm ${size} = file("img.png")
//! buffer 1 f32[4]
//! expect 1[0..4] = 0.2, 0.2, 0.2, 0.2
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() {
  let v = textureLoad(t, vec2u(0u, 0u), 0);
  o[0] = v.x; o[1] = v.y; o[2] = v.z; o[3] = v.w;
}
`;

/** A 16x16 RGBA image, every byte 51 (0.2 as unorm). */
const plain = (...extra: Uint8Array[]) => png(ihdr(16, 16), ...extra, rgbaIdat(16, 16, 51));

describe('PNG chunk layout', () => {
  it('reads the header and the chunks of an encoded image without inflating', () => {
    const bytes = encode({ width: 5, height: 3, data: new Uint8Array(5 * 3 * 4), channels: 4, depth: 8 });
    const layout = pngLayout(bytes);
    expect([layout.width, layout.height, layout.depth, layout.channels, layout.interlaced]).toEqual([5, 3, 8, 4, false]);
    expect(layout.chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    // The inflated size from the header is what the stream really inflates to.
    expect(inflatedBytes(layout)).toBe(3 * (1 + 5 * 4));
    expect(inflateSync(imageDataStream(bytes, layout)).length).toBe(inflatedBytes(layout));
    expect(pngDecodeBytes(layout)).toBe(2 * 63 + 60 + 2 * 15 * 32);
  });

  it('an interlaced image counts the filter bytes of every Adam7 pass', () => {
    const data = new Uint8Array(13);
    new DataView(data.buffer).setUint32(0, 5);
    new DataView(data.buffer).setUint32(4, 3);
    data.set([8, 6, 0, 0, 1], 8);
    const layout = pngLayout(png(chunk('IHDR', data), rgbaIdat(1, 1)));
    // Width and rows of each pass of a 5x3 image (the third pass starts at row 4: none).
    const rows = [
      [1, 1],
      [1, 1],
      [2, 0],
      [1, 1],
      [3, 1],
      [2, 2],
      [5, 1],
    ].reduce((n, [w, h]) => n + h! * (w! ? 1 + w! * 4 : 0), 0);
    expect(inflatedBytes(layout)).toBe(rows);
  });

  it('drops ancillary chunks other than tRNS, keeping the others byte for byte', () => {
    const text = chunk('zTXt', new Uint8Array(40));
    const trns = chunk('tRNS', new Uint8Array(2));
    const bytes = plain(iccp(Uint8Array.of(1, 2, 3)), text, trns);
    const kept = withoutAncillaryChunks(bytes, pngLayout(bytes));
    expect(pngLayout(kept).chunks.map((c) => c.type)).toEqual(['IHDR', 'tRNS', 'IDAT', 'IEND']);
    expect(kept.length).toBe(bytes.length - iccp(Uint8Array.of(1, 2, 3)).length - text.length);
  });

  it('a broken chunk structure is a reason, not a throw of another kind', () => {
    const bytes = plain();
    expect(() => pngLayout(bytes.slice(0, 40))).toThrow(/ends at byte 33 inside a chunk header|claims \d+ bytes/);
    expect(() => pngLayout(png(chunk('IDAT', new Uint8Array(1))))).toThrow('its first chunk is IDAT, not IHDR');
  });
});

describe('a PNG texture in the simulator', () => {
  const errorOf = (source: string, bytes: Uint8Array): string => {
    try {
      runOnSimulatorFromSource(source, { files: new Map([['img.png', bytes]]) });
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return `${(e as InputError).loc?.line}:${(e as InputError).loc?.column} ${(e as Error).message}`;
    }
    return 'no error';
  };

  it('a colour profile is never inflated: a corrupt one does not stop the image', () => {
    // The profile's stream is not zlib at all: a decoder that inflated it would fail.
    const r = runOnSimulatorFromSource(kernel(), { files: new Map([['img.png', plain(iccp(Uint8Array.of(9, 9, 9, 9)))]]) });
    expect(Array.from(r.buffers[0]!.values)).toEqual([0.2, 0.2, 0.2, 0.2].map(Math.fround));
  });

  it('a header larger than the texture line is refused before decoding', () => {
    // The image data is that of a 1x1 image: decoding would fail on it, the header check comes first.
    expect(errorOf(kernel(), png(ihdr(20000, 20000), rgbaIdat(1, 1)))).toBe(
      '2:39 file("img.png") is 20000x20000 pixels, but the texture line gives 16x16',
    );
  });
});

describe('PNG files against the budget, from the command line', () => {
  const { dir, write } = scratchDir('wgsl-lab-png-budget-');
  write('k.wgsl', kernel());

  it('a pixel bomb (a header of 20000x20000 in a small file) is refused before decoding, naming the file, size and budget', async () => {
    writeFileSync(join(dir, 'img.png'), png(ihdr(20000, 20000), rgbaIdat(1, 1)));
    for (const args of [['check'], ['run', '--sim']]) {
      const r = await wgslLabIn(dir, ...args, '--max-memory', '64M', 'k.wgsl');
      expect(r.code).toBe(2);
      expect(r.err).toContain(
        'k.wgsl:2:39: error: cannot read file("img.png"): it is a 20000x20000 PNG image and decoding it takes 28.3 GiB, ' +
          "which takes the kernel's data files to 28.3 GiB, over the memory budget of 64.0 MiB (--max-memory)",
      );
    }
  });

  it('image data inflating past its header (16x16 in the header, 64 MiB of zeros) is refused', async () => {
    writeFileSync(join(dir, 'img.png'), png(ihdr(16, 16), chunk('IDAT', zeroBomb(64))));
    const r = await wgslLabIn(dir, 'run', '--sim', 'k.wgsl');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'k.wgsl:2:39: error: cannot read file("img.png"): its image data inflates to more than the 1.0 KiB its header\'s 16x16 pixels need (a compressed bomb)',
    );
  });

  it('a 1 GiB colour profile in a 1 MiB file is skipped: the run passes within the budget', async () => {
    writeFileSync(join(dir, 'img.png'), plain(iccp(zeroBomb(1024))));
    const r = await wgslLabMeasured('run', '--sim', '--max-memory', '64M', join(dir, 'k.wgsl'));
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('all 1 expectation(s) passed');
    // Node and the simulator take a few hundred MiB; the profile alone would take 1 GiB (2 GiB while growing).
    expect(r.peakBytes).toBeLessThan(768 * 2 ** 20 + 64 * 2 ** 20);
  });
});
