// The SARIF rule of every diagnostic kind: what code-scanning tools (GitHub's included)
// show beside an alert. The analyzer's checks bring their own (src/checks/registry.ts);
// the other kinds are keyed here, so that a new kind cannot be added without one.
import type { CheckRule } from '../checks/check.js';
import { CHECKS } from '../checks/registry.js';
import type { ToolKind } from '../diagnostics/index.js';

/** The rules of what is not a check: the simulator's step limit, the compiler, the input, the environment. */
const TOOL_RULES: Record<ToolKind, CheckRule> = {
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

/** Every rule: the tool's and the checks' (the registry's). */
export const SARIF_RULES: Readonly<Record<string, CheckRule>> = {
  ...TOOL_RULES,
  ...Object.fromEntries(CHECKS.map((c) => [c.id, c.rule])),
};

/**
 * The order of the rules of the first SARIF logs. `ruleIndex` counts the order a log lists
 * its rules in, so these keep their places; the rule of a check added since goes after
 * them, in the registry's order.
 */
const PUBLISHED_ORDER = [
  'data-race',
  'barrier-divergence',
  'out-of-bounds',
  'never-written-read',
  'atomic-ordering',
  'spin-wait',
  'step-limit',
  'compile-error',
  'compile-warning',
  'compile-info',
  'portability',
  'bank-conflict',
  'unused-suppression',
  'header',
  'input',
  'not-supported',
  'gpu',
  'internal',
];

/** The rules in the order a SARIF log lists them, which is what `ruleIndex` counts. */
export const SARIF_RULE_IDS: readonly string[] = [
  ...PUBLISHED_ORDER.filter((id) => id in SARIF_RULES),
  ...Object.keys(SARIF_RULES).filter((id) => !PUBLISHED_ORDER.includes(id)),
];
