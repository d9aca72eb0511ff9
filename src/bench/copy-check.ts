// Checks a copy or a transpose on the device against its input, word by word: reading a
// GiB back and comparing it on the CPU takes about a second per variant, which a sweep of
// fifty variants in a two-minute device call cannot spend. The input buffer holds what the
// CPU uploaded, so equal words are a check against the CPU's data. Only 8 bytes come back:
// how many words differ and the last one that does.
import { runAndRead } from '../kernels/buffers.js';
import { kernelContext, type KernelDevice } from '../kernels/context.js';
import { buildPlan } from '../kernels/execute.js';
import { getKernel } from '../kernels/pipelines.js';
import { GRID_ARGS, GROUP_INDEX } from '../kernels/wgsl.js';

/** Workgroups of the check: a grid-stride loop, so any length fits one dimension. */
const CHECK_GROUPS = 4096;

const checkWgsl = /* wgsl */ `
struct Params { n: u32, rows: u32, cols: u32, transposed: u32, groups: u32, _p5: u32, _p6: u32, _p7: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> expected: array<u32>;
@group(0) @binding(2) var<storage, read> actual: array<u32>;
@group(0) @binding(3) var<storage, read_write> verdict: array<atomic<u32>, 2>;

@compute @workgroup_size(256)
fn main(${GRID_ARGS}) {
  let group = ${GROUP_INDEX};
  if (group >= P.groups) { return; }
  for (var i = group * 256u + lidx; i < P.n; i += P.groups * 256u) {
    // Output word i of a rows × cols transpose is column i / rows, row i % rows of the input.
    var j = i;
    if (P.transposed != 0u) { j = (i % P.rows) * P.cols + i / P.rows; }
    if (actual[i] != expected[j]) {
      atomicAdd(&verdict[0], 1u);
      atomicMax(&verdict[1], i + 1u);
    }
  }
}
`;

/** Which output layout to expect: the input itself, or its transpose as a rows × cols matrix. */
export type CheckLayout = { kind: 'copy' } | { kind: 'transpose'; rows: number; cols: number };

/**
 * Compares the first `words` 32-bit words of `actual` with `expected` (or its transpose);
 * undefined when equal, else how many differ and the last that does.
 */
export async function checkOnDevice(
  gpu: KernelDevice,
  expected: GPUBuffer,
  actual: GPUBuffer,
  words: number,
  layout: CheckLayout,
): Promise<string | undefined> {
  const ctx = kernelContext(gpu);
  const kernel = await getKernel(ctx.device, 'copy check', checkWgsl, ['uniform', 'read', 'read', 'write']);
  const [rows, cols] = layout.kind === 'transpose' ? [layout.rows, layout.cols] : [1, words];
  if (rows * cols !== words) throw new Error(`checkOnDevice: a ${rows} × ${cols} transpose is not ${words} words`);
  const groups = Math.min(CHECK_GROUPS, Math.ceil(words / 256));
  const plan = await buildPlan(ctx, 'copy check', expected, 8, async (p, input, output) => {
    p.dispatch(
      kernel,
      [words, rows, cols, layout.kind === 'transpose' ? 1 : 0, groups],
      [
        { buffer: input, offset: 0, size: words * 4 },
        { buffer: actual, offset: 0, size: words * 4 },
        { buffer: output, offset: 0, size: 8 },
      ],
      groups,
    );
  });
  try {
    const [wrong, lastPlusOne] = new Uint32Array(await runAndRead(ctx, plan, 8));
    return wrong ? `${wrong} of ${words} words differ, the last at word ${lastPlusOne! - 1}` : undefined;
  } finally {
    plan.destroy();
    plan.output.destroy();
  }
}
