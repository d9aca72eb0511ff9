// The subgroup size the lab's Check simulates for a shader that enables subgroups. Its
// results can depend on the size (a kernel that assumes 32 lanes is right at 32 only), so
// Check takes the learner's GPU's size when the GPU runs the shader and reports its sizes
// (adapter info's subgroupMinSize/subgroupMaxSize); a GPU whose size varies between the two
// is checked at both ends. Otherwise the shader runs on the simulator, whose subgroups have
// 32 lanes, and Check simulates those. The output panel says which, and why.
import type { CheckReport } from '../../checks/report.js';
import type { DeviceDescription } from '../../gpu/device.js';
import { usesSubgroups, WEBGPU_SUBGROUP_SIZES } from '../../lessons/subgroup-sizes.js';

/** The simulator's subgroup size (runner/run-sim.ts). */
const SIMULATOR_SIZE = 32;

export interface SubgroupChoice {
  /** The sizes to check at, smallest first (one or two). */
  sizes: number[];
  /** Why these, as the end of a sentence: "the size of this GPU's subgroups". */
  why: string;
}

/** A size WebGPU allows (a power of two from 4 to 128). */
const valid = (n: number | undefined): n is number => n !== undefined && WEBGPU_SUBGROUP_SIZES.includes(n);

/**
 * The sizes Check simulates for `source`, or undefined when the shader does not enable
 * subgroups (then the size changes nothing but the bank model's lanes, which stay 32).
 * `gpu` is the device Run uses, undefined without WebGPU.
 */
export function checkSubgroupChoice(
  source: string,
  gpu: Pick<DeviceDescription, 'features' | 'subgroupMinSize' | 'subgroupMaxSize'> | undefined,
): SubgroupChoice | undefined {
  if (!usesSubgroups(source)) return undefined;
  const simulator = (why: string): SubgroupChoice => ({ sizes: [SIMULATOR_SIZE], why });
  if (!gpu) return simulator('as the simulator runs them without WebGPU');
  if (!gpu.features.includes('subgroups'))
    return simulator('as Run does: this GPU has no subgroups, so the lab runs this shader on the simulator');
  const { subgroupMinSize: min, subgroupMaxSize: max } = gpu;
  if (!valid(min) || !valid(max) || min > max)
    return simulator("this GPU does not report its subgroup size, so the simulator's is assumed");
  if (min === max) return { sizes: [min], why: "the size of this GPU's subgroups" };
  return { sizes: [min, max], why: `both ends of this GPU's range (it may use any size from ${min} to ${max})` };
}

/** How much a report found, for choosing the one to show: errors first, then warnings, then bank conflicts. */
const weight = (r: CheckReport): [number, number, number] => [r.summary.errors, r.summary.warnings, r.summary.maxBankWays];

/**
 * Of the reports at each size (in the choice's order), the one to show: the one that found
 * the most, the first on a tie, so a problem at one end of the range is never hidden.
 */
export function reportToShow(reports: readonly CheckReport[]): CheckReport {
  let best = reports[0]!;
  for (const r of reports.slice(1)) {
    const [a, b] = [weight(r), weight(best)];
    const i = a.findIndex((x, k) => x !== b[k]);
    if (i >= 0 && a[i]! > b[i]!) best = r;
  }
  return best;
}

/** The output panel's line on the sizes simulated. */
export function subgroupNote(choice: SubgroupChoice, reports: readonly CheckReport[], shown: CheckReport): string {
  const lanes = (n: number) => `${n} lanes`;
  if (choice.sizes.length === 1) return `Check simulated subgroups of ${lanes(choice.sizes[0]!)}, ${choice.why}.`;
  const counts = ({ summary: s }: CheckReport) =>
    `${s.errors} error(s), ${s.warnings} warning(s), ${s.maxBankWays > 1 ? `worst bank conflict ${s.maxBankWays}-way` : 'no bank conflicts'}`;
  const same = reports.every((r) => counts(r) === counts(shown));
  const others = reports
    .filter((r) => r !== shown)
    .map((r) => `at ${lanes(r.model.subgroupSize)}: ${counts(r)}`)
    .join('; ');
  return (
    `Check simulated subgroups of ${choice.sizes.join(' and of ')} lanes, ${choice.why}; ` +
    (same
      ? `both found the same, shown at ${lanes(shown.model.subgroupSize)}.`
      : `shown: the report at ${lanes(shown.model.subgroupSize)}, which found more (${others}).`)
  );
}
