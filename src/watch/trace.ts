// What "Watch" records of one workgroup's run: compact, structured-clone data (typed
// arrays, numbers, short strings), made in the analyzer worker and drawn by the lab.
// A step is one event of the lockstep simulator: a memory instruction of the active
// lanes at one source site, or a barrier.

/** A source site the steps refer to by index. */
export interface WatchSite {
  line: number;
  column: number;
  /** Source text of the access (`tile[lane]`) or the barrier call. */
  text: string;
}

/** The other access of a race found at a step (the step's own lane made the second one). */
export interface WatchRace {
  hazard: 'RAW' | 'WAR' | 'WAW';
  variable: string;
  /** The lane of this step that completed the race, and the earlier access it races with. */
  lane: number;
  otherLane: number;
  otherSite: number;
  otherKind: 'read' | 'write';
}

export interface WatchAccessStep {
  kind: 'access';
  site: number;
  /** Barrier phase: barriers executed before this step. */
  phase: number;
  variable: string;
  space: 'workgroup' | 'storage';
  access: 'read' | 'write' | 'atomic';
  /** Active lanes, ascending. */
  lanes: Int32Array;
  /** Per active lane (same order): the first 4-byte word it touched in the variable. */
  words: Int32Array;
  /** Words each lane touched (1 for a scalar, 4 for a vec4). */
  wordsPerLane: number;
  /**
   * Workgroup memory only: per subgroup, the wavefronts this instruction costs in the bank
   * model (0 when the subgroup had no active lane), and the conflict-free count.
   */
  wavefronts?: Int32Array;
  idealWavefronts?: Int32Array;
  /** Races this step completed (at most MAX_RACES_PER_STEP kept; raceCount counts all). */
  races: WatchRace[];
  raceCount: number;
  /** Every lane on either side of a race at this step (this step's and the earlier accesses'), ascending. */
  raceLanes: Int32Array;
}

export interface WatchBarrierStep {
  kind: 'barrier';
  site: number;
  /** Barriers executed before this one. */
  phase: number;
  barrier: 'workgroup' | 'storage' | 'texture';
  /** Lanes that arrived at the barrier, ascending. */
  lanes: Int32Array;
  /** Invocations still running (not returned): those not among `lanes` never arrive. */
  unfinished: number;
}

export type WatchStep = WatchAccessStep | WatchBarrierStep;

export interface WatchTrace {
  file?: string;
  entry: string;
  /** The pass and workgroup watched, with the counts to choose from. */
  pass: number;
  passes: number;
  workgroup: number;
  workgroups: number;
  workgroupId: [number, number, number];
  workgroupSize: [number, number, number];
  invocations: number;
  subgroupSize: number;
  banks: number;
  /** The workgroup variables (the memory grid), with their size in 4-byte words. */
  memory: { name: string; words: number }[];
  sites: WatchSite[];
  steps: WatchStep[];
  /** Set when recording stopped at the cap: what was left out. */
  truncated?: string;
  /** The compiler's uniformity analysis refuses the shader; the simulator ran it anyway (see watch.ts). */
  rejected?: { line: number; column: number; message: string };
  /** Set when the simulator's step budget ran out (the kernel may never end). */
  stepLimit?: { line: number; column: number };
}

export const MAX_RACES_PER_STEP = 8;
