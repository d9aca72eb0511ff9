// The scatter stage of the sort pass: the keys (and values) staged in workgroup memory in
// sorted order, then written out with consecutive invocations on consecutive positions, so
// that every digit's keys leave as one contiguous run at the digit's start for this tile
// (output index = the digit's shift + position in the tile). In one round, or in two of
// half a tile each (`stagingRounds`): two halve the staging array.
import { WORKGROUP } from '../wgsl.js';
import {
  counterWords,
  digitOf,
  eachIndex,
  eachKey,
  positionOf,
  positionWords,
  roundWords,
  shiftArray,
  shiftsOverFirsts,
  stagedWords,
  type SortShaderSpec,
} from './spec.js';

/** The staging array: compact, an atomic array that first holds the counters (WGSL has no unions). */
export function stagingDeclaration(s: SortShaderSpec): string {
  const stagingWords = s.compact ? Math.max(stagedWords(s), counterWords(s)) : stagedWords(s);
  return `var<workgroup> staging: array<${s.compact ? 'atomic<u32>' : 'u32'}, ${stagingWords}>;`;
}

/** Each digit's shift (output index − tile position): its own array, or digit_first's once read. */
export function shiftDeclaration(s: SortShaderSpec): string {
  return `// Where digit d's keys of this tile go: output index = ${shiftArray(s)}[d] + position in the tile.
${shiftsOverFirsts(s) ? '// (digit_first, overwritten once the ranks are made)' : 'var<workgroup> digit_shift: array<u32, 256>;'}`;
}

/** stage_tile, write_tile and sort_keys (ranking, then staging round 0). */
export function scatterTile(s: SortShaderSpec): string {
  const K = s.keysPerThread;
  const P = positionWords(s);
  const each = (body: string) => eachKey(s, body);
  const stage = (at: string, v: string) => (s.compact ? `atomicStore(&staging[${at}], ${v});` : `staging[${at}] = ${v};`);
  const staged = (at: string) => (s.compact ? `atomicLoad(&staging[${at}])` : `staging[${at}]`);
  const rounds = s.stagingRounds;
  const round = roundWords(s);
  // With one round a key is staged at its tile position; with two, at its position in the
  // round it belongs to, and in the other round at the drop word after the round's keys
  // (ROUND, never read): the min makes the index provably in range (no compiler clamp) and
  // replaces a test and branch per key.
  const stageIn = (r: string, v: string) =>
    rounds === 1 ? stage(positionOf(s, 'local'), v) : stage(`min(${positionOf(s, 'local')} - ${r} * ROUND, ROUND)`, v);
  // Round r's writes: consecutive invocations on consecutive positions of the round.
  const writeRound = (r: number) => {
    const eachInRound = (body: string) => (rounds === 1 ? each(body) : eachIndex(Math.ceil(K / rounds), 'PER_ROUND', s.unrolled, body));
    const j = rounds === 1 ? `i * ${WORKGROUP}u + l` : `${r * round}u + i * ${WORKGROUP}u + l`;
    const slot = rounds === 1 ? 'j' : `i * ${WORKGROUP}u + l`;
    const restage =
      r === 0
        ? ''
        : `
  workgroupBarrier();
  stage_tile(keys, local, ${r}u);
  workgroupBarrier();`;
    const values = s.pairs
      ? `
  // The values follow their keys: staged at the same positions, written to the same places.
  workgroupBarrier();
  ${each(`
    let src = base + at.start * K + i * at.lanes + at.lane;
    if (src < P.n) { ${stageIn(`${r}u`, 'values_in[src]')} }
  `)}
  workgroupBarrier();
  ${eachInRound(`
    let j = ${j};
    if (j < valid) { values_out[dest[i]] = ${staged(slot)}; }
  `)}`
      : '';
    return `${restage}
  ${eachInRound(`
    let j = ${j};
    let key = ${staged(slot)};
    dest[i] = ${shiftArray(s)}[${digitOf('key')}] + j;
    if (j < valid) { keys_out[dest[i]] = key; }
  `)}${values}`;
  };
  return `// Step 3's first half: the keys in sorted order${rounds === 1 ? '' : ' (those of one round)'}. rank_tile read the counters before this
// writes staging (different arrays, so no barrier is needed between the two, unless compact).
fn stage_tile(keys: array<u32, ${K}>, local: array<u32, ${P}>${rounds === 1 ? '' : ', round: u32'}) {
  ${each(stageIn('round', 'keys[i]'))}
}

// Step 3's second half, after digit_shift is set and a barrier: consecutive invocations
// write consecutive positions of the sorted tile${rounds === 1 ? '' : ', round by round (sort_keys staged round 0)'}.
fn write_tile(base: u32, keys: array<u32, ${K}>, local: array<u32, ${P}>, at: Place, lidx: u32) {
  let valid = min(TILE, P.n - base);
  let l = lidx % ${WORKGROUP}u;
  var dest: array<u32, ${Math.ceil(K / rounds)}>;${Array.from({ length: rounds }, (_, r) => writeRound(r)).join('')}
}

// Steps 1 to 3's first half for keys loaded by load_tile; returns the keys' positions.
fn sort_keys(keys: array<u32, ${K}>, at: Place) -> array<u32, ${P}> {
  let local = rank_tile(keys, at);${
    s.compact
      ? `
  // The counters, just read, become the staging area.
  workgroupBarrier();`
      : ''
  }
  stage_tile(keys, local${rounds === 1 ? '' : ', 0u'});
  return local;
}`;
}
