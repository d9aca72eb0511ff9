// What the lab says about a pre-flight (preflight.ts): the refusal of an endless kernel,
// and the line under a run saying which workgroups the simulator tried first. Browser
// advice only: the learner has no command line here.
import type { Preflight, PreflightPass } from './preflight.js';
import type { Gate } from './preflight-gate.js';

const count = (n: number) => n.toLocaleString('en-US');

/** The refusal of a kernel whose pre-flight ran out of steps. */
export function endlessText(p: Extract<Preflight, { verdict: 'endless' }>): string {
  const where = p.loop.line === p.stoppedAt.line ? '' : ` (still in it at line ${p.stoppedAt.line})`;
  const which =
    p.passes.length > 1 || p.passes[0]!.total > 1
      ? `; workgroup ${p.workgroup}${p.passes.length > 1 ? ` of pass ${p.pass + 1}` : ''} was running`
      : '';
  return (
    `endless loop at line ${p.loop.line}: on the simulator the kernel did not finish within ${count(p.budget)} steps${where}${which}. ` +
    'It was not sent to the GPU, where a loop that never ends can stall the browser. ' +
    'Look for a loop whose condition never changes (Watch the loop shows it step by step), or, if the kernel is just long, give it less work.'
  );
}

function passText(p: PreflightPass): string {
  if (!p.sample) return p.total === 1 ? 'its one workgroup' : `all ${count(p.total)} workgroups`;
  const between = p.sample.length - 2;
  return `${p.sample.length} of ${count(p.total)} workgroups (the first, the last and ${between} spread between: ${p.sample.join(', ')})`;
}

/** The line under a GPU run saying what its pre-flight simulated; null when there is nothing to say. */
export function preflightNote(g: Gate): string | null {
  switch (g.verdict) {
    case 'recent':
      return 'Pre-flight skipped: this code already finished on the simulator (Check or an earlier Run).';
    case 'finished': {
      const passes = g.passes.map((p) => (g.passes.length > 1 ? `${p.entry}: ${passText(p)}` : passText(p))).join('; ');
      const rest =
        g.unchecked === 1
          ? '; the later pass was not simulated: it reads what the left-out workgroups write'
          : g.unchecked
            ? `; the ${g.unchecked} later passes were not simulated: they read what the left-out workgroups write`
            : '';
      return `Pre-flight on the simulator: ${passes} finished (${count(g.steps)} steps, ${Math.round(g.ms)} ms)${rest}.`;
    }
    case 'skipped':
      // A shader the front end refuses: the compiler's messages say why, on the GPU path.
      return g.reason === 'the shader does not compile'
        ? null
        : `Pre-flight skipped: the simulator could not run this kernel (${g.reason}).`;
    default:
      return null;
  }
}
