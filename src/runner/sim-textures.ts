// Gives the simulator the plan's textures and samplers: texture memory filled with the
// planned texels, bound to every variable declared at the binding.
import { SimSampler, SimTexture } from '../sim/texture-memory.js';
import type { Simulator } from '../sim/simulator.js';
import type { RunPlan } from './plan.js';

export function bindTextures(sim: Simulator, plan: RunPlan): SimTexture[] {
  const at = (group: number, binding: number) => sim.module.globals.filter((g) => g.group === group && g.binding === binding);
  for (const s of plan.samplers) for (const g of at(s.group, s.binding)) sim.bindHandle(g, new SimSampler(g.name, s.state));
  return plan.textures.map((t) => {
    const writable = t.shape.kind === 'storage' && t.shape.access !== 'read';
    const tex = new SimTexture(t.shader.name, t.format, t.shape.dim, t.size, writable);
    for (let i = 0; i < t.texels.length; i++) tex.store(i >> 2, i & 3, t.texels[i]!);
    for (const g of at(t.group, t.binding)) sim.bindHandle(g, tex);
    return tex;
  });
}
