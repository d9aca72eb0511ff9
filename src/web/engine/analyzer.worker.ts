// The analyzer and the simulator run here, off the page's thread: simulating every
// invocation of a kernel can take seconds, and the page must stay responsive meanwhile.
// The WGSL front end lives only here: a GPU run on the page asks for its reflection.
import { analyze } from '../../runner/analyze.js';
import { reflectOrExplain } from '../../runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../../runner/run-sim.js';
import { LAB_MEMORY_BUDGET } from '../../runner/memory-budget.js';
import { watchWorkgroup } from '../../watch/watch.js';
import { locateSyntaxError } from '../../runner/syntax-location.js';
import { preflight } from './preflight.js';
import { problemsOf } from './problems.js';
import { STEP_LIMIT_ADVICE, STEP_LIMIT_ADVICE_SENTENCE } from './step-limit-advice.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  let reply: WorkerResponse;
  try {
    const value =
      req.op === 'simulate'
        ? runOnSimulatorFromSource(req.source, {
            file: req.file,
            subgroupSize: req.subgroupSize,
            stepLimitAdvice: STEP_LIMIT_ADVICE,
            memoryBudget: LAB_MEMORY_BUDGET,
            audience: 'lab',
          })
        : req.op === 'watch'
          ? watchWorkgroup(req.source, { file: req.file, workgroup: req.workgroup, pass: req.pass, maxSteps: req.maxSteps })
          : req.op === 'reflect'
            ? reflectOrExplain(req.source, req.overrides)
            : req.op === 'preflight'
              ? preflight(req.source)
              : req.op === 'locate'
                ? locateSyntaxError(req.messages, req.source)
                : analyze(req.source, {
                    ...req.options,
                    memoryBudget: LAB_MEMORY_BUDGET,
                    stepLimitAdvice: STEP_LIMIT_ADVICE_SENTENCE,
                    audience: 'lab',
                  });
    reply = { id: req.id, ok: true, value };
  } catch (e) {
    reply = { id: req.id, ok: false, problems: problemsOf(e) };
  }
  self.postMessage(reply);
};
