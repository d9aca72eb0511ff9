// Prints the SPIR-V that Dawn generates for each WGSL file named on the command line, twice:
// first with Tint's robustness on, then off. Dawn's dump_shaders toggle logs each shader
// (its WGSL, then the SPIR-V after Tint's transforms, robustness among them) when the
// compute pipeline is created. Toggles belong to a Dawn instance, so each mode has an
// instance of its own; pipelines are created one after another, so the dumps come in the
// order robust FILE…, then unrobust FILE… (src/kernels/sort-clamps.test.ts splits them).
// Each file's first entry point is compiled; the `subgroups` feature is requested when the
// adapter has it.
//   node test/support/dump-spirv.mjs FILE.wgsl...
import { readFileSync } from 'node:fs';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);
const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: node test/support/dump-spirv.mjs FILE.wgsl...');
for (const toggles of ['dump_shaders', 'dump_shaders,disable_robustness']) {
  const gpu = create([`enable-dawn-features=${toggles}`]);
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new Error('dump-spirv: no WebGPU adapter');
  const requiredFeatures = adapter.features.has('subgroups') ? ['subgroups'] : [];
  const device = await adapter.requestDevice({
    requiredFeatures,
    requiredLimits: { maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize },
  });
  for (const file of files) {
    const module = device.createShaderModule({ code: readFileSync(file, 'utf8') });
    for (const m of (await module.getCompilationInfo()).messages)
      if (m.type === 'error') throw new Error(`dump-spirv: ${file}:${m.lineNum}:${m.linePos} ${m.message}`);
    await device.createComputePipelineAsync({ layout: 'auto', compute: { module } });
  }
  device.destroy();
}
process.exit(0);
