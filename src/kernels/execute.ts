// Building and running one primitive call. buildPlan makes the output buffer and the plan
// (releasing both if building fails); execute puts the input on the GPU, runs the plan,
// and either reads the result back (typed-array input) or hands over the output buffer
// (GPUBuffer input: no readback). Temporaries and uploaded inputs are always released.
import { withErrorScopes } from '../gpu/scopes.js';
import { createStorage, KERNEL_WORK, materialize, runAndRead, type InputSpec } from './buffers.js';
import { deviceLostOr, type KernelContext } from './context.js';
import { KernelInputError } from './errors.js';
import { PlanBuilder, type KernelPlan } from './plan.js';

export type BuildPlan = (plan: PlanBuilder, input: GPUBuffer, output: GPUBuffer) => Promise<void>;

export async function buildPlan(
  ctx: KernelContext,
  what: string,
  input: GPUBuffer,
  outputBytes: number,
  build: BuildPlan,
): Promise<KernelPlan> {
  const output = createStorage(ctx, outputBytes, `${what} output`);
  const builder = new PlanBuilder(ctx, what);
  try {
    return await withErrorScopes(ctx.device, KERNEL_WORK, async () => {
      await build(builder, input, output);
      return builder.finish(output);
    });
  } catch (e) {
    builder.discard();
    output.destroy();
    throw await deviceLostOr(ctx, what, e);
  }
}

/** Plans on a caller's GPUBuffer need it to hold at least one vec4 (kernels bind it as vec4s). */
export function checkPlanInput(what: string, input: GPUBuffer): void {
  if (input.size < 16)
    throw new KernelInputError(what, 'input', `a plan's input GPUBuffer must be at least 16 bytes (one vec4), got ${input.size}`);
}

export async function execute(
  ctx: KernelContext,
  spec: InputSpec,
  what: string,
  outputBytes: number,
  readBytes: number,
  build: BuildPlan,
): Promise<ArrayBuffer | GPUBuffer> {
  const { buffer, owned } = materialize(ctx, spec, what);
  let plan: KernelPlan | undefined;
  try {
    plan = await buildPlan(ctx, what, buffer, outputBytes, build);
    if (!spec.array) {
      await submit(ctx, plan);
      return plan.output;
    }
    const data = await runAndRead(ctx, plan, readBytes);
    plan.output.destroy();
    return data;
  } catch (e) {
    plan?.output.destroy();
    throw await deviceLostOr(ctx, what, e);
  } finally {
    plan?.destroy();
    if (owned) buffer.destroy();
  }
}

/** Encodes and submits a plan whose output stays on the GPU. */
export async function submit(ctx: KernelContext, plan: KernelPlan): Promise<void> {
  await withErrorScopes(ctx.device, KERNEL_WORK, () => {
    const encoder = ctx.device.createCommandEncoder();
    plan.encode(encoder);
    ctx.device.queue.submit([encoder.finish()]);
  });
}
