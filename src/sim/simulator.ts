// The lockstep workgroup simulator: compiles each entry point once for its workgroup size,
// then runs workgroups one after another over shared storage regions, reporting through
// the hooks. Used by `run --sim` (all workgroups) and by `check` (all, or a stated sample).
import { parseWgsl } from '../wgsl/parser.js';
import { resolveModule } from '../wgsl/resolve.js';
import type { FnInfo, GlobalVar, ModuleInfo } from '../wgsl/module-info.js';
import { NotSupportedError } from '../wgsl/source.js';
import { spanAt } from '../diagnostics/index.js';
import { sizeOf } from '../wgsl/types.js';
import { convertValue } from '../wgsl/values.js';
import { Compiler } from './compiler.js';
import { Ctx, StepLimitError } from './context.js';
import { combineHooks, type SimHooks, type SiteInfo } from './hooks.js';
import { SiteTable } from './sites.js';
import { granuleOf, leafPlan } from './layout.js';
import { Region, storeScalar, type ScalarKind } from './memory.js';
import { DEFAULT_MAX_STEPS } from './limits.js';
import { BudgetedWorkgroups } from './step-budget.js';
import type { SimSampler, SimTexture } from './texture-memory.js';

export interface SimulatorOptions {
  /** Lanes per subgroup (default 32). */
  subgroupSize?: number;
  /** Budget of lane-steps (statements and loop iterations per invocation) for the whole run. */
  maxSteps?: number;
  /** Observers of the run (the checks), called in this order for every event. */
  subscribers?: readonly SimHooks[];
  overrides?: Record<string, number>;
}

export { DEFAULT_MAX_STEPS };

/**
 * Most bytes of function- and private-address-space variables the simulator supports, per
 * invocation and per workgroup (per-invocation bytes × invocations). Tint accepts arrays
 * of up to 65535 elements there (WGSL only guarantees 8 KiB); the simulator keeps a value
 * per lane and plans every scalar of a stored type, so it stops well before that.
 */
export const MAX_INVOCATION_BYTES = 64 * 2 ** 10;
export const MAX_INVOCATION_MEMORY = 16 * 2 ** 20;

interface CompiledEntry {
  fn: FnInfo;
  compiler: Compiler;
  ctx: Ctx;
  run: () => void;
  workgroupRegions: Region[];
  privateInit: (() => void)[];
  /** Where starting the entry point's invocations is charged to the step budget. */
  startSite: SiteInfo;
  /** Steps a workgroup's start costs: one per invocation, and one per 64 bytes of memory reset. */
  startSteps: number;
}

export interface PassOptions {
  /** Linear indices of the workgroups to run (all when absent), in increasing order. */
  workgroups?: number[];
  /**
   * Analysis: the steps this pass may take. When running every workgroup would not fit, an
   * even spread of them that does is run (step-budget.ts); runPass returns which.
   */
  stepBudget?: number;
  /** Receives the statement steps of each simulated workgroup, in order (a parallel analysis replays the budget from them). */
  workgroupSteps?: number[];
}

export class Simulator {
  readonly module: ModuleInfo;
  private readonly entries = new Map<string, CompiledEntry>();
  /** Storage and uniform memory by variable name, shared by all passes. */
  readonly buffers = new Map<string, Region>();
  /** Textures and samplers by the index of their variable among the module's globals. */
  readonly handles: (SimTexture | SimSampler | undefined)[] = [];
  /** The subscribers' hooks, combined once: every entry point's context calls these. */
  private readonly hooks: SimHooks;
  /** Source sites of all compiled entry points; access events refer to them by id. */
  readonly sites = new SiteTable();
  steps = 0;
  /** Steps charged for starting workgroups (see runPass), against the same budget. */
  startSteps = 0;
  readonly maxSteps: number;
  readonly subgroupSize: number;

  constructor(
    readonly source: string,
    options: SimulatorOptions = {},
    module?: ModuleInfo,
  ) {
    this.module = module ?? resolveModule(parseWgsl(source), { overrides: options.overrides });
    this.hooks = combineHooks(options.subscribers ?? []);
    this.maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
    this.subgroupSize = options.subgroupSize ?? 32;
    if (!(this.subgroupSize >= 1)) throw new Error('the subgroup size must be at least 1');
    for (const e of this.module.enables) {
      if (e !== 'subgroups' && e !== 'f16') throw new NotSupportedError(`'enable ${e}'`, spanAt(source, 1, 1));
    }
  }

  /** Gives a storage or uniform variable its memory (the bytes are used in place). */
  bindBuffer(g: GlobalVar, bytes: Uint8Array): Region {
    const writable = g.space === 'storage' && g.access !== 'read';
    const r = new Region(g.name, g.space === 'uniform' ? 'uniform' : 'storage', bytes, writable, writable, granuleOf(g.type));
    this.buffers.set(g.name, r);
    return r;
  }

  /** Gives a texture or sampler variable its object (texture-memory.ts): textures and samplers are handles. */
  bindHandle(g: GlobalVar, h: SimTexture | SimSampler): void {
    this.handles[this.module.globals.indexOf(g)] = h;
  }

  entry(name: string): CompiledEntry {
    const have = this.entries.get(name);
    if (have) return have;
    const fn = this.module.functions.get(name);
    if (!fn || fn.stage !== 'compute') throw new Error(`no @compute entry point '${name}'`);
    const ws = fn.workgroupSize!;
    const W = ws[0] * ws[1] * ws[2];
    const ctx = new Ctx(W, ws, this.subgroupSize, this.maxSteps, this.hooks);
    ctx.handles = this.handles;
    const compiler = new Compiler(this.module, this.source, ctx, this.sites);
    const perInvocation = compiler.frameBytes + compiler.privateBytes;
    if (perInvocation > MAX_INVOCATION_BYTES || perInvocation * W > MAX_INVOCATION_MEMORY) {
      throw new NotSupportedError(
        `${perInvocation} bytes of function and private variables per invocation (× ${W} invocations; the simulator supports at most ${MAX_INVOCATION_BYTES / 2 ** 10} KiB per invocation and ${MAX_INVOCATION_MEMORY / 2 ** 20} MiB per workgroup)`,
        fn.decl.nameLoc,
      );
    }
    compiler.bindBuiltinInputs(fn);
    const compiled = compiler.compileFunction(fn);
    const startSite = compiler.site(fn.decl.body);
    ctx.functionRegion = Region.zeroed('function', 'function', compiler.frameBytes * W, false);
    ctx.privateRegion = Region.zeroed('private', 'private', compiler.privateBytes * W, false);
    const workgroupRegions: Region[] = [];
    for (const g of this.module.globals) {
      if (g.space !== 'workgroup') continue;
      const r = Region.zeroed(g.name, 'workgroup', sizeOf(g.type), true, true, granuleOf(g.type));
      ctx.regions.set(g.name, r);
      workgroupRegions.push(r);
    }
    const privateInit = this.privateInitializers(compiler, ctx, W);
    const resetBytes = ctx.privateRegion.bytes.length + workgroupRegions.reduce((a, r) => a + r.bytes.length, 0);
    const startSteps = W + Math.ceil(resetBytes / 64);
    const e: CompiledEntry = { fn, compiler, ctx, run: () => compiled.run(ctx.all), workgroupRegions, privateInit, startSite, startSteps };
    this.entries.set(name, e);
    return e;
  }

  /** Private variables start from their initializer (a constant) or zero in every workgroup. */
  private privateInitializers(compiler: Compiler, ctx: Ctx, W: number): (() => void)[] {
    const out: (() => void)[] = [];
    for (const g of this.module.globals) {
      if (g.space !== 'private' || !g.decl.init) continue;
      const info = this.module.exprs.get(g.decl.init)!;
      if (!info.const) throw new NotSupportedError(`a private variable initialized by a non-constant expression ('${g.name}')`, g.loc);
      const values = convertValue(info.const.v, info.const.type, g.type);
      const plan = leafPlan(g.type);
      const base = compiler.privateOffsets.get(g)!;
      out.push(() => {
        const r = ctx.privateRegion;
        for (let l = 0; l < W; l++) {
          for (let s = 0; s < plan.slots; s++) {
            storeScalar(r, l * compiler.privateBytes + base + plan.offsets[s]!, plan.kinds[s] as ScalarKind, values[s]!);
          }
        }
      });
    }
    return out;
  }

  /**
   * Runs one dispatch of an entry point. Throws StepLimitError when the budget runs out
   * (the state reached so far stays in the buffers).
   */
  runPass(entryName: string, dispatch: [number, number, number], pass = 0, options: PassOptions = {}): number[] | undefined {
    const e = this.entry(entryName);
    const { ctx } = e;
    for (const [name, r] of this.buffers) ctx.regions.set(name, r);
    ctx.steps = this.steps;
    this.hooks.passStart?.(pass);
    const total = dispatch[0] * dispatch[1] * dispatch[2];
    const list = options.workgroups ?? null;
    const count = list ? list.length : total;
    const budgeted =
      options.stepBudget === undefined ? undefined : new BudgetedWorkgroups(list ?? [...Array(total).keys()], options.stepBudget);
    const stepsBefore = this.steps + this.startSteps;
    try {
      for (let k = 0; budgeted || k < count; k++) {
        const next = budgeted ? budgeted.take(ctx.steps + this.startSteps - stepsBefore) : list ? list[k] : k;
        if (next === undefined) break;
        const linear = next;
        const id: [number, number, number] = [
          linear % dispatch[0],
          Math.floor(linear / dispatch[0]) % dispatch[1],
          Math.floor(linear / (dispatch[0] * dispatch[1])),
        ];
        for (const r of e.workgroupRegions) r.bytes.fill(0);
        ctx.privateRegion.bytes.fill(0);
        for (const init of e.privateInit) init();
        ctx.enterWorkgroup(id, dispatch);
        for (const f of e.compiler.structInputs) f();
        const event = { pass, id, linear };
        // Starting a workgroup costs steps too: its invocations, and the zeroing of its
        // workgroup and private memory. A dispatch of workgroups that do (almost) nothing,
        // 65535 × 65535 of them, with megabytes to reset each time, must still end. They are
        // counted apart from the statements, against the same budget, so that the budget a
        // kernel's statements get (and where a step limit is reported) stays as it was.
        this.startSteps += e.startSteps;
        if (this.startSteps > this.maxSteps) throw new StepLimitError(e.startSite, this.maxSteps);
        this.hooks.workgroupStart?.(event);
        const stepsAtStart = ctx.steps;
        e.run();
        options.workgroupSteps?.push(ctx.steps - stepsAtStart);
        this.hooks.workgroupEnd?.(event);
      }
    } finally {
      this.steps = ctx.steps;
    }
    return budgeted?.thinned ? budgeted.simulated : undefined;
  }

  /** Steps one workgroup's start costs for an entry point (see runPass). */
  workgroupStartSteps(entryName: string): number {
    return this.entry(entryName).startSteps;
  }

  /** Steps taken so far by all passes (statements and workgroup starts, as the budget counts them). */
  get stepsUsed(): number {
    return this.steps + this.startSteps;
  }
}

export { StepLimitError };
