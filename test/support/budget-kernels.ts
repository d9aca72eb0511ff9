// The kernels of the memory-budget tests, written to a scratch folder once per test file.
import { scratchDir } from './cli.js';

const GiB = 2 ** 30;
const scratch = scratchDir('wgsl-lab-budget-');

// The kernel of the issue: 590 bytes declaring four 1 GiB buffers (each under the
// simulator's binding limit, their sum and the race tables far over any machine).
export const FOUR_GIB = scratch.write(
  'four-gib.wgsl',
  `//! dispatch 1
${[0, 1, 2, 3].map((b) => `//! buffer ${b} u32[268435456]`).join('\n')}
${['a', 'b', 'c', 'd'].map((n, b) => `@group(0) @binding(${b}) var<storage, read_write> ${n}: array<u32>;`).join('\n')}
@compute @workgroup_size(1) fn main() { a[0] = 1u; b[0] = 2u; c[0] = 3u; d[0] = 4u; }
`,
);

// Sixteen 128 MiB buffers the entry point never touches, and one small one it writes.
export const SIXTEEN_UNUSED = scratch.write(
  'sixteen-unused.wgsl',
  [
    '//! dispatch 1',
    '//! buffer 0 u32[4]',
    '//! expect 0[0..4] = 0, 3, 6, 9',
    '//! expect 7[5] = 5',
    ...Array.from({ length: 16 }, (_, k) => `//! buffer ${k + 1} u32[33554432]${k + 1 === 7 ? ' = i' : ''}`),
    '@group(0) @binding(0) var<storage, read_write> out: array<u32>;',
    ...Array.from({ length: 16 }, (_, k) => `@group(0) @binding(${k + 1}) var<storage, read_write> unused${k + 1}: array<u32>;`),
    '@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { out[i] = i * 3u; }',
    '',
  ].join('\n'),
);

export const UNUSED_JSON = scratch.write(
  'unused-json.wgsl',
  `//! dispatch 1
//! buffer 0 u32[4]
//! buffer 1 u32[33554432] = i
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read_write> unused: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { out[i] = i * 3u; }
`,
);

// Four used 128 MiB buffers: within lavapipe's binding limits, over a 1 GiB budget on the GPU.
export const FOUR_USED = scratch.write(
  'four-used.wgsl',
  `//! dispatch 1
${[0, 1, 2, 3].map((b) => `//! buffer ${b} u32[33554432]`).join('\n')}
${['a', 'b', 'c', 'd'].map((n, b) => `@group(0) @binding(${b}) var<storage, read_write> ${n}: array<u32>;`).join('\n')}
@compute @workgroup_size(1) fn main() { a[0] = 1u; b[0] = 2u; c[0] = 3u; d[0] = 4u; }
`,
);

// Generous: the process alone (Node, the simulator, Dawn on lavapipe) takes about 150 MB.
export const UNDER = 1.5 * GiB;
