// Dispatches the adapter cannot count. Software adapters (lavapipe, and so possibly
// SwiftShader) count a dispatch's invocations in 32 bits: at 2^32 or more they wrap and
// silently run only part of the grid — `dispatch 65535 65535 65535` of 64-wide workgroups
// ran 196,607 workgroups and reported success. Such a dispatch is refused before it runs.
import type { DeviceDescription } from '../gpu/device.js';
import { InputError } from './errors.js';
import type { PlannedPass } from './plan.js';

/** The first invocation count a software adapter cannot represent. */
export const UNCOUNTABLE_INVOCATIONS = 2 ** 32;

/** Total invocations of a pass: workgroups times invocations per workgroup (exact in a double). */
export function invocationCount(pass: Pick<PlannedPass, 'workgroupSize' | 'dispatch'>): number {
  const [x, y, z] = pass.dispatch;
  const [a, b, c] = pass.workgroupSize;
  return x * y * z * a * b * c;
}

/** Throws InputError for a pass a software adapter would run only partly. */
export function refuseUncountableDispatches(device: DeviceDescription, passes: readonly PlannedPass[]): void {
  if (!device.fallback) return;
  for (const p of passes) {
    const total = invocationCount(p);
    if (total < UNCOUNTABLE_INVOCATIONS) continue;
    throw new InputError(
      `'${p.entry.name}' would run ${total} invocations (${p.dispatch.join('×')} workgroups of ${p.workgroupSize.join('×')}), ` +
        `at or above 2^32 = ${UNCOUNTABLE_INVOCATIONS}: this software adapter (${device.description}) counts invocations in 32 bits ` +
        'and would silently run only part of the dispatch. Dispatch fewer workgroups (let each invocation loop over several elements), ' +
        'or run on a hardware GPU.',
    );
  }
}
