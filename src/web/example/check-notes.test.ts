// Check's notes in the lab: the list of sampled workgroups once, the model notes (the same
// for every kernel) not in the list but in the legend.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODEL_NOTES } from '../../checks/model-notes.js';
import { analyze } from '../../runner/analyze.js';
import { kernelNotes } from './check-notes.js';

const sumMulti = readFileSync(new URL('../../../lessons/04-reduction/sum-multi-f32.wgsl', import.meta.url), 'utf8');

describe('kernelNotes', () => {
  it("lists a sampled reduction's 126 workgroups once and no model note", () => {
    const report = analyze(sumMulti, { maxInvocations: 1 << 15, compile: { ok: true, messages: [] } });
    expect(report.notes!.slice(0, MODEL_NOTES.length)).toEqual(MODEL_NOTES);
    const notes = kernelNotes(report.notes);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^Pass 1 \(partial_sums\) has 1024 workgroups; 126 were simulated \(0–7, 13, 22, /);
  });

  it('drops repeats', () => {
    expect(kernelNotes(['a', MODEL_NOTES[0]!, 'a', 'b'])).toEqual(['a', 'b']);
    expect(kernelNotes(undefined)).toEqual([]);
  });
});
