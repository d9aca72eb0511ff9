// The analyzer and the simulator run here, off the page's thread: simulating every
// invocation of a kernel can take seconds, and the page must stay responsive meanwhile.
// The WGSL front end lives only here: a GPU run on the page asks for its reflection.
import { analyze } from '../../runner/analyze.js';
import { reflectOrExplain } from '../../runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../../runner/run-sim.js';
import { LAB_MEMORY_BUDGET } from '../../runner/memory-budget.js';
import { watchWorkgroup } from '../../watch/watch.js';
import { problemsOf } from './problems.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';

/** The lab's step budget is fixed: the advice is about the kernel, not a command-line option. */
const STEP_LIMIT_ADVICE =
  'the lab cannot raise its step budget: look for a loop whose condition never changes, or try a smaller dispatch (the command line has --max-steps)';

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  let reply: WorkerResponse;
  try {
    const value =
      req.op === 'simulate'
        ? runOnSimulatorFromSource(req.source, { file: req.file, stepLimitAdvice: STEP_LIMIT_ADVICE, memoryBudget: LAB_MEMORY_BUDGET })
        : req.op === 'watch'
          ? watchWorkgroup(req.source, { file: req.file, workgroup: req.workgroup })
          : req.op === 'reflect'
            ? reflectOrExplain(req.source, req.overrides)
            : analyze(req.source, {
                ...req.options,
                memoryBudget: LAB_MEMORY_BUDGET,
                stepLimitAdvice: `${STEP_LIMIT_ADVICE[0]!.toUpperCase()}${STEP_LIMIT_ADVICE.slice(1)}.`,
              });
    reply = { id: req.id, ok: true, value };
  } catch (e) {
    reply = { id: req.id, ok: false, problems: problemsOf(e) };
  }
  self.postMessage(reply);
};
