// Who reads the runner's messages: the command line or the lab's page. The few messages
// that tell the reader what to change name a CLI flag on the command line; the lab has no
// flags, so there they name what to change on the page (a header line, the simulator).
// Every layer that composes such a message takes the audience (default 'cli').

export type Audience = 'cli' | 'lab';

/** How to choose one of several @compute entry points, after "the shader has N @compute entry points (a, b)". */
export function pickEntryAdvice(audience: Audience = 'cli'): string {
  return audience === 'lab'
    ? 'name the one to run with a `//! pass NAME` line in place of the `dispatch` line (a `//! pass` line per entry point runs them in turn), or keep one @compute entry point'
    : 'pick one with --entry NAME';
}

/** Why an entry point chosen for the run conflicts with `pass` lines. */
export function entryWithPassesText(audience: Audience = 'cli'): string {
  return audience === 'lab'
    ? 'an entry point was chosen for this run, but the pass lines name their own: each pass line names its entry point'
    : '--entry cannot be combined with pass lines: each pass line names its entry point';
}

/** Where a shader runs whose `enable` needs a feature the GPU's device lacks. */
export function missingFeatureAdvice(audience: Audience = 'cli'): string {
  return audience === 'lab'
    ? 'the lab runs such a shader on the simulator, and Check analyzes it; neither needs the feature (reload the page if this Run did not switch)'
    : '`run --sim` runs it on the simulator and `check` analyzes it, neither needs the feature';
}

/** Where a shader with a depth texture runs. */
export function depthTextureAdvice(audience: Audience = 'cli'): string {
  return audience === 'lab' ? 'the lab runs such a shader on the simulator' : "use 'run --sim'";
}
