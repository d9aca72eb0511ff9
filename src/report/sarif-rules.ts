// The SARIF rule of every diagnostic kind: what code-scanning tools (GitHub's included)
// show beside an alert. Keyed by the kind so that a new kind cannot be added without one;
// a new kind goes last, since `ruleIndex` counts the order of this table.
import type { DiagnosticKind } from '../diagnostics/index.js';

export interface RuleText {
  /** PascalCase, as SARIF's `reportingDescriptor.name` is meant to read. */
  name: string;
  short: string;
  full: string;
  /** How to fix it, as Markdown (the plain-text help is derived from it). */
  help: string;
  level: 'error' | 'warning' | 'note';
  tags: string[];
}

export const SARIF_RULES: Record<DiagnosticKind, RuleText> = {
  'data-race': {
    name: 'DataRace',
    short: 'Two invocations access the same memory, at least one writes, and nothing orders them.',
    full: 'Two invocations of the dispatch access the same word of workgroup or storage memory, at least one of them writes, and no barrier orders the accesses, so the result depends on scheduling.',
    help: 'Put a `workgroupBarrier()` (or `storageBarrier()`) between the write and the access that must see it, reached by every invocation of the workgroup, or give each invocation its own element.',
    level: 'error',
    tags: ['correctness', 'concurrency'],
  },
  'barrier-divergence': {
    name: 'BarrierDivergence',
    short: 'A barrier is not reached by every running invocation of the workgroup.',
    full: 'A barrier is reached by some invocations of a workgroup and not by others; on a GPU this hangs or gives undefined results.',
    help: 'Move the barrier out of the branch or loop whose condition differs between invocations, so that every invocation reaches it the same number of times.',
    level: 'error',
    tags: ['correctness', 'concurrency'],
  },
  'out-of-bounds': {
    name: 'OutOfBounds',
    short: 'An index is outside the array, vector or matrix it indexes.',
    full: 'An index is outside the array, vector or matrix it indexes; WGSL clamps or discards such accesses, so the kernel silently reads or writes the wrong element.',
    help: 'Guard the access with a bounds check (`if (i < arrayLength(&a))`) or fix the index arithmetic; the message gives the index and the length.',
    level: 'error',
    tags: ['correctness'],
  },
  'never-written-read': {
    name: 'NeverWrittenRead',
    short: 'Workgroup memory is read before any invocation wrote it.',
    full: 'Workgroup memory is read where no invocation of the workgroup wrote it before; it holds the zero it was initialized with, which is rarely what the kernel means.',
    help: 'Write the element before reading it (and put a `workgroupBarrier()` between the write and the read when another invocation writes it).',
    level: 'warning',
    tags: ['correctness'],
  },
  'atomic-ordering': {
    name: 'AtomicOrdering',
    short: 'A plain atomicLoad or atomicStore is unordered with other invocations’ atomic read-modify-writes of the same word.',
    full: 'An atomicLoad or atomicStore of a word is not separated by a barrier from other invocations’ atomic read-modify-writes (atomicAdd, atomicOr, …) of that word. Atomics do not race, but they are relaxed: a store may erase some of the updates (a counter reset while others add to it) and a load may see any number of them.',
    help: 'Put a `workgroupBarrier()` (workgroup memory) or `storageBarrier()` (storage, within a workgroup) between the reset or the read of the total and the updates, or move the reset into another dispatch when other workgroups update the word.',
    level: 'warning',
    tags: ['correctness', 'concurrency'],
  },
  'spin-wait': {
    name: 'SpinWait',
    short: 'A loop polls, with atomicLoad, a word that another workgroup writes atomically.',
    full: 'A loop polls a storage word with atomicLoad that another workgroup of the dispatch writes (a look-back scan waiting for a predecessor’s flag). The simulator runs workgroups one at a time and cannot check the wait; on a GPU it relies on forward progress between workgroups, which WebGPU does not promise.',
    help: 'Nothing to fix if the wait is intended (decoupled look-back); otherwise split the work into dispatches, which are ordered.',
    level: 'note',
    tags: ['concurrency'],
  },
  'step-limit': {
    name: 'StepLimit',
    short: 'The kernel did not finish within the simulation budget.',
    full: 'The simulated kernel did not finish within the step budget: it loops forever, or needs more steps than `--max-steps` allows.',
    help: 'Check the loop conditions at the place given; if the kernel is merely long, raise the budget with `--max-steps N`.',
    level: 'error',
    tags: ['correctness'],
  },
  'compile-error': {
    name: 'CompileError',
    short: 'The WGSL compiler rejected the shader.',
    full: 'The WGSL compiler (Tint, or wgsl-lab’s front end without a GPU) rejected the shader; the message is the compiler’s.',
    help: 'Fix the shader at the place the compiler names; its related locations explain uniformity errors.',
    level: 'error',
    tags: ['correctness'],
  },
  'compile-warning': {
    name: 'CompileWarning',
    short: 'The WGSL compiler warned about the shader.',
    full: 'The WGSL compiler accepted the shader with a warning.',
    help: 'Read the compiler’s message at the place it names.',
    level: 'warning',
    tags: ['maintainability'],
  },
  'compile-info': {
    name: 'CompileInfo',
    short: 'The WGSL compiler noted something about the shader.',
    full: 'An informational message of the WGSL compiler.',
    help: 'Read the compiler’s note at the place it names.',
    level: 'note',
    tags: ['maintainability'],
  },
  portability: {
    name: 'Portability',
    short: 'naga (wgpu) accepts this WGSL, browsers (Tint) refuse it.',
    full: 'The shader relies on a leniency of naga, the WGSL front end of wgpu: operators mixed without the parentheses WGSL requires (read with C-like precedence), an f32 literal above the largest f32 that naga rounds down, `-> void`, or a block comment left open at the end. wgpu (and Firefox, whose WebGPU is wgpu) accepts it; Chrome and Edge (Tint, through Dawn) and every Tint-based tool refuse the whole shader. wgsl-lab analyzed it as naga reads it.',
    help: 'Write it as the message shows, which means the same to naga and is valid WGSL everywhere: add the parentheses (`a ^ (b >> 16u)`), write the largest f32 as `3.4028234e38` or `0x1.fffffep+127f`, leave out `-> void`, close the comment. docs/wgpu-dialect.md lists every leniency.',
    level: 'warning',
    tags: ['portability'],
  },
  'bank-conflict': {
    name: 'BankConflict',
    short: 'Lanes of a subgroup access different words in the same workgroup-memory bank.',
    full: 'Lanes of one subgroup access different words in the same workgroup-memory bank, so the access is split into as many wavefronts as the degree of the conflict.',
    help: 'Pad the inner dimension of the workgroup array (e.g. `array<array<f32, 33>, 32>` for 32 banks) or change the index so that neighbouring lanes touch neighbouring words.',
    level: 'warning',
    tags: ['performance'],
  },
  'unused-suppression': {
    name: 'UnusedSuppression',
    short: 'A wgsl-lab-disable comment suppresses nothing, or names an unknown rule.',
    full: 'A `wgsl-lab-disable-next-line` or `wgsl-lab-disable-line` comment covers a line where the rules it names report nothing (the finding was fixed or moved), or it names a rule wgsl-lab does not have; left in place it would hide a future finding or never work.',
    help: 'Delete the comment, or move it to the line above the finding it is meant for; rule ids are listed in docs/config.md.',
    level: 'warning',
    tags: ['maintainability'],
  },
  header: {
    name: 'HarnessHeaderError',
    short: 'The //! harness header is malformed, so the file could not be analyzed.',
    full: 'A `//!` header line (buffers, dispatch, expectations) could not be read, so the kernel could not be simulated.',
    help: 'Fix the header line at the place given; docs/header.md lists the forms.',
    level: 'error',
    tags: ['input'],
  },
  input: {
    name: 'InputError',
    short: 'The file could not be analyzed: a problem with the input, not with the shader text.',
    full: 'The file could not be read or set up for analysis (missing file, binary file, a binding without a buffer, a limit exceeded).',
    help: 'Fix what the message names; the file was not analyzed, so it may hide findings.',
    level: 'error',
    tags: ['input'],
  },
  'not-supported': {
    name: 'NotSupported',
    short: 'The shader uses WGSL the simulator does not implement, so the file could not be analyzed.',
    full: 'The shader is valid WGSL but uses a feature the simulator does not implement (multisampled or cube textures, derivatives), so no finding can be reported for it.',
    help: 'Nothing is wrong with the shader; it was not analyzed. Exclude it from the check or move the part under test into a kernel without the feature.',
    level: 'error',
    tags: ['input'],
  },
  gpu: {
    name: 'GpuFailure',
    short: 'The GPU or its environment failed while the file was analyzed.',
    full: 'The GPU or its environment failed (no adapter, device lost, a rejected operation); this is not a defect of the shader.',
    help: 'Run again, or on a machine with a working WebGPU adapter.',
    level: 'error',
    tags: ['environment'],
  },
  internal: {
    name: 'InternalError',
    short: 'wgsl-lab failed on this file.',
    full: 'A defect of wgsl-lab stopped the analysis of this file.',
    help: 'Please report it with the file and the message.',
    level: 'error',
    tags: ['environment'],
  },
  'suspicious-character': {
    name: 'SuspiciousCharacter',
    short: 'An invisible bidirectional control or zero-width character is in the shader.',
    full: 'A bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069) or an invisible format character (U+200B–U+200D, U+2060, U+FEFF after the start) is in the text. Tint accepts them in comments, where they can make editors and code reviews display the code differently from how the compiler reads it (Trojan source).',
    help: 'Delete the character, or write what it is meant to do with visible characters.',
    level: 'warning',
    tags: ['security'],
  },
};

/** The rules in the order a SARIF log lists them, which is what `ruleIndex` counts. */
export const SARIF_RULE_IDS = Object.keys(SARIF_RULES) as DiagnosticKind[];
