// The frames of an animated lesson diagram, derived from a Watch recording of one
// workgroup (src/watch/trace.ts): one frame per barrier phase that touches the workgroup
// variable shown. A frame says which words the phase read and wrote, which values moved
// from word to word (a lane read one word and then wrote another: the arrows of a
// reduction tree or a scan's sweeps), which words were filled from outside the variable
// (a tile load: the recording keeps workgroup and writable storage accesses, so a value
// a lane writes without having read the variable came from storage or registers),
// which lanes took part, and the barrier that ends the phase. Plain data, so the rules are
// tested on real recordings without a browser.
import type { DiagramKind } from '../../../lessons/format.js';
import type { WatchAccessStep, WatchBarrierStep, WatchTrace } from '../../../watch/trace.js';

export interface FrameSite {
  line: number;
  text: string;
  access: 'read' | 'write' | 'atomic';
}

export interface DiagramFrame {
  /** The barrier phase (barriers executed before it). */
  phase: number;
  /** Lanes that accessed memory in the phase, ascending. */
  lanes: number[];
  /** Words of the variable read, written, and written by a lane that read none of it in the phase (filled from outside: a load). */
  reads: number[];
  writes: number[];
  loads: number[];
  /** A value moved from word `from` to word `to` (read, then written by the same lane). */
  flows: { from: number; to: number }[];
  /** The statements of the phase that touched the variable, in order of first use. */
  sites: FrameSite[];
  /** Races completed in the phase. */
  races: number;
  /** The barrier ending the phase, if one does (`text`: 'a workgroup barrier'; workgroupUniformLoad is one too). */
  barrier?: { line: number; text: string; arrived: number; waiting: number };
}

export interface DiagramFrames {
  kind: DiagramKind;
  entry: string;
  /** The workgroup variable drawn, and its size in 4-byte words. */
  variable: string;
  words: number;
  invocations: number;
  frames: DiagramFrame[];
  /** Why the recording is incomplete, when it is (the frames show what it holds). */
  incomplete?: string;
}

/** The workgroup variable with the most accesses in the recording (ties: the one declared first). */
function busiestVariable(t: WatchTrace): { name: string; words: number } | undefined {
  const count = new Map<string, number>();
  for (const s of t.steps)
    if (s.kind === 'access' && s.space === 'workgroup') count.set(s.variable, (count.get(s.variable) ?? 0) + s.lanes.length);
  let best: { name: string; words: number } | undefined;
  for (const m of t.memory) if ((count.get(m.name) ?? 0) > (best ? (count.get(best.name) ?? 0) : 0)) best = m;
  return best;
}

const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

export function diagramFrames(t: WatchTrace, kind: DiagramKind): DiagramFrames {
  const v = busiestVariable(t);
  if (!v) throw new Error(`${t.file ?? 'the kernel'} uses no workgroup memory, so there is nothing to draw`);
  const frames: DiagramFrame[] = [];
  let i = 0;
  while (i < t.steps.length) {
    // One phase: the steps up to and including the barrier that ends it.
    const phase = t.steps[i]!.phase;
    const accesses: WatchAccessStep[] = [];
    let barrier: WatchBarrierStep | undefined;
    for (; i < t.steps.length; i++) {
      const s = t.steps[i]!;
      if (s.kind === 'barrier') {
        barrier = s;
        i++;
        break;
      }
      accesses.push(s);
    }
    const frame = phaseFrame(t, v.name, phase, accesses);
    if (!frame) continue;
    if (barrier) {
      const site = t.sites[barrier.site]!;
      frame.barrier = {
        line: site.line,
        text: `a ${barrier.barrier} barrier`,
        arrived: barrier.lanes.length,
        waiting: barrier.unfinished - barrier.lanes.length,
      };
    }
    frames.push(frame);
  }
  const incomplete = t.truncated ?? (t.stepLimit ? `the kernel did not finish (line ${t.stepLimit.line} ran out of steps)` : undefined);
  return {
    kind,
    entry: t.entry,
    variable: v.name,
    words: v.words,
    invocations: t.invocations,
    frames,
    ...(incomplete ? { incomplete } : {}),
  };
}

/** The frame of one phase, or undefined when the phase leaves the variable alone. */
function phaseFrame(t: WatchTrace, variable: string, phase: number, accesses: WatchAccessStep[]): DiagramFrame | undefined {
  const lanes = new Set<number>();
  const reads = new Set<number>();
  const writes = new Set<number>();
  const loads = new Set<number>();
  const flows = new Map<string, { from: number; to: number }>();
  const sites: FrameSite[] = [];
  // Per lane: the words of the variable it has read in this phase.
  const readBy = new Map<number, number[]>();
  let races = 0;
  let touched = false;
  for (const s of accesses) {
    for (const l of s.lanes) lanes.add(l);
    if (s.space !== 'workgroup' || s.variable !== variable) continue;
    touched = true;
    races += s.raceCount;
    const site = t.sites[s.site]!;
    if (!sites.some((x) => x.line === site.line && x.text === site.text && x.access === s.access))
      sites.push({ line: site.line, text: site.text, access: s.access });
    for (let k = 0; k < s.lanes.length; k++) {
      const lane = s.lanes[k]!;
      for (let j = 0; j < s.wordsPerLane; j++) {
        const w = s.words[k]! + j;
        if (s.access !== 'write') {
          reads.add(w);
          const r = readBy.get(lane) ?? [];
          if (!r.includes(w)) r.push(w);
          readBy.set(lane, r);
        }
        if (s.access !== 'read') {
          writes.add(w);
          if (!readBy.has(lane)) loads.add(w);
          for (const from of readBy.get(lane) ?? []) if (from !== w) flows.set(`${from}>${w}`, { from, to: w });
        }
      }
    }
  }
  if (!touched) return undefined;
  return {
    phase,
    lanes: sorted(lanes),
    reads: sorted(reads),
    writes: sorted(writes),
    loads: sorted(loads),
    flows: [...flows.values()].sort((a, b) => a.to - b.to || a.from - b.from),
    sites,
    races,
  };
}

/** One sentence for a frame: what the phase did, then the barrier ending it. */
export function frameCaption(d: DiagramFrames, index: number): string {
  const f = d.frames[index]!;
  const parts = [`Phase ${index + 1} of ${d.frames.length}: ${f.lanes.length} of ${d.invocations} lanes active`];
  if (f.loads.length)
    parts.push(`${f.loads.length} word${f.loads.length === 1 ? '' : 's'} of ${d.variable} filled from outside it (storage or registers)`);
  if (f.flows.length) parts.push(`${f.flows.length} value${f.flows.length === 1 ? '' : 's'} moved within ${d.variable} (arrows)`);
  const touched = `${f.reads.length} word${f.reads.length === 1 ? '' : 's'} read, ${f.writes.length} written`;
  parts.push(touched);
  if (f.races) parts.push(`${f.races} race${f.races === 1 ? '' : 's'}`);
  let text = `${parts.join('; ')}.`;
  if (f.sites.length) text += ` ${f.sites.map((s) => `line ${s.line}: ${s.access} ${s.text}`).join(', ')}.`;
  if (f.barrier)
    text += ` Then ${f.barrier.text} (line ${f.barrier.line}): ${f.barrier.arrived} lanes arrive${f.barrier.waiting > 0 ? `, ${f.barrier.waiting} never do` : ''}.`;
  return text;
}
