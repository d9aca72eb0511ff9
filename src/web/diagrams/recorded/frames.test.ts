// Frames of the animated diagrams, from real Watch recordings of the lessons' kernels: the
// reduction tree halves the active lanes with a value moving from word i + half to i, the
// scan's up-sweep and down-sweep move values between the tree's slots, the tile load fills
// the tile before the barrier, and every phase ends at the barrier the kernel has there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../../../lessons/format.js';
import { watchWorkgroup } from '../../../watch/watch.js';
import { diagramFrames, frameCaption } from './frames.js';

const lessons = new URL('../../../../lessons/', import.meta.url);
const source = (path: string) => readFileSync(new URL(path, lessons), 'utf8');
const record = (path: string) => watchWorkgroup(source(path), { file: path });
/** 1-based number of the first line at or after line `from` that contains `needle`. */
const lineOf = (text: string, needle: string, from = 1) => text.split('\n').findIndex((l, i) => i + 1 >= from && l.includes(needle)) + 1;

describe('recorded diagram frames', () => {
  it('reduction: sum-workgroup loads 64 partial sums, then halves them six times', () => {
    const d = diagramFrames(record('04-reduction/sum-workgroup.wgsl'), 'reduction');
    expect([d.variable, d.words, d.invocations]).toEqual(['partial', 64, 64]);
    expect(d.frames.map((f) => f.phase)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const [load, first, ...rest] = d.frames;
    expect(load!.loads).toEqual([...Array(64).keys()]);
    expect(load!.flows).toEqual([]);
    expect(first!.lanes).toEqual([...Array(32).keys()]);
    expect(first!.flows).toEqual([...Array(32).keys()].map((i) => ({ from: i + 32, to: i })));
    expect(rest.map((f) => f.flows.length)).toEqual([16, 8, 4, 2, 1, 0]);
    // Every halving ends at the loop's barrier, where all 64 lanes arrive.
    const text = source('04-reduction/sum-workgroup.wgsl');
    const add = lineOf(text, 'partial[lane] += partial[lane + half]');
    const barrier = lineOf(text, 'workgroupBarrier()', add);
    expect(add).toBeGreaterThan(0);
    expect(d.frames.slice(1, 7).map((f) => f.barrier)).toEqual(
      Array(6).fill({ line: barrier, text: 'a workgroup barrier', arrived: 64, waiting: 0 }),
    );
    expect(d.frames[7]!.barrier).toBeUndefined();
    expect(frameCaption(d, 1)).toBe(
      'Phase 2 of 8: 32 of 64 lanes active; 32 values moved within partial (arrows); 64 words read, 32 written. ' +
        `line ${add}: read partial[lane + half], line ${add}: read partial[lane], line ${add}: write partial[lane]. ` +
        `Then a workgroup barrier (line ${barrier}): 64 lanes arrive.`,
    );
  });

  it('scan: Blelloch up-sweep adds left into right; down-sweep swaps and adds', () => {
    const d = diagramFrames(record('06-whats-next/blelloch-scan.wgsl'), 'scan');
    expect([d.variable, d.words]).toEqual(['tree', 256]);
    // The load, eight up-sweep levels (the last with the root cleared), eight down-sweep levels, the copy out.
    expect(d.frames).toHaveLength(18);
    expect(d.frames.slice(1, 9).map((f) => f.flows.length)).toEqual([128, 64, 32, 16, 8, 4, 2, 1]);
    expect(d.frames[1]!.flows.slice(0, 2)).toEqual([
      { from: 0, to: 1 },
      { from: 2, to: 3 },
    ]);
    // The down-sweep's first level: slot 127 and the root 255 trade values (2 moves).
    expect(d.frames[9]!.flows).toEqual([
      { from: 255, to: 127 },
      { from: 127, to: 255 },
    ]);
    expect(d.frames.slice(9, 17).map((f) => f.flows.length)).toEqual([2, 4, 8, 16, 32, 64, 128, 256]);
    expect(d.frames[17]!.writes).toEqual([]);
  });

  it('tile: neighbour-average fills its tile, waits, then only reads it', () => {
    const d = diagramFrames(record('02-workgroup-memory/neighbour-average.wgsl'), 'tile');
    expect(d.frames).toHaveLength(2);
    expect(d.frames[0]!.loads).toHaveLength(64);
    expect(d.frames[0]!.barrier).toMatchObject({ arrived: 64, waiting: 0 });
    expect([d.frames[1]!.reads.length, d.frames[1]!.writes.length]).toEqual([64, 0]);
  });

  it('tile: the tiled matrix multiply loads its A tile and reads it, eight slices of k, two barriers each', () => {
    const text = source('07-matmul/tiled.wgsl');
    const d = diagramFrames(record('07-matmul/tiled.wgsl'), 'tile');
    expect([d.variable, d.words, d.invocations]).toEqual(['a_tile', 256, 256]);
    expect(d.frames).toHaveLength(16);
    const loadBarrier = lineOf(text, 'workgroupBarrier()');
    const readBarrier = lineOf(text, 'workgroupBarrier()', loadBarrier + 1);
    const all = [...Array(256).keys()];
    d.frames.forEach((f, i) => {
      const load = i % 2 === 0;
      // A load phase fills every word from global memory; a compute phase only reads.
      expect([f.loads, f.reads, f.writes], `phase ${i + 1}`).toEqual(load ? [all, [], all] : [[], all, []]);
      expect(f.flows).toEqual([]);
      expect(f.barrier).toEqual({ line: load ? loadBarrier : readBarrier, text: 'a workgroup barrier', arrived: 256, waiting: 0 });
    });
    expect(frameCaption(d, 0)).toBe(
      `Phase 1 of 16: 256 of 256 lanes active; 256 words of a_tile filled from outside it (storage or registers); 0 words read, 256 written. line ${lineOf(text, 'a_tile[lid.y][lid.x] =')}: write a_tile[lid.y][lid.x]. Then a workgroup barrier (line ${loadBarrier}): 256 lanes arrive.`,
    );
  });

  it('refuses a kernel without workgroup memory, and parses the lesson block', () => {
    expect(() => diagramFrames(record('01-first-kernel/square.wgsl'), 'phases')).toThrow(/uses no workgroup memory/);
    const lesson = (body: string) => parseLesson(`---\ntitle: T\n---\n${body}`, 'l.md');
    expect(lesson('::: diagram a.wgsl scan\n').blocks).toEqual([{ kind: 'diagram', ref: { file: 'a.wgsl', view: 'scan', line: 4 } }]);
    expect(() => lesson('::: diagram a.wgsl spiral\n')).toThrow(
      "'::: diagram a.wgsl' needs a kind: tile, phases, reduction, scan (found 'spiral')",
    );
    expect(() => lesson('::: diagram scan\n')).toThrow("'::: diagram' needs a .wgsl file name, then a kind");
  });

  it('every diagram block of the lessons records and has frames', () => {
    const dirs = ['02-workgroup-memory', '04-reduction', '05-barriers', '06-whats-next', '07-matmul'];
    const kinds: string[] = [];
    for (const dir of dirs) {
      const parsed = parseLesson(readFileSync(new URL(`${dir}/lesson.md`, lessons), 'utf8'));
      for (const b of parsed.blocks) {
        if (b.kind !== 'diagram') continue;
        const d = diagramFrames(record(`${dir}/${b.ref.file}`), b.ref.view);
        expect(d.frames.length, b.ref.file).toBeGreaterThan(1);
        expect(d.incomplete).toBeUndefined();
        kinds.push(b.ref.view);
      }
    }
    expect(kinds.sort()).toEqual(['phases', 'reduction', 'scan', 'tile', 'tile']);
  });
});
