// Prints the SPIR-V that Dawn generates for the WGSL file named on the command line: Dawn's
// dump_shaders toggle logs the shader (after Tint's transforms, robustness among them) when
// the compute pipeline is created; with --no-robustness, Tint's robustness is off. Toggles
// belong to the Dawn instance, hence a process of its own (src/kernels/sort-clamps.test.ts).
// The WGSL's first entry point is compiled; the `subgroups` feature is requested when the
// adapter has it.
//   node test/support/dump-spirv.mjs FILE.wgsl [--no-robustness]
import { readFileSync } from 'node:fs';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);
const toggles = process.argv.includes('--no-robustness') ? 'dump_shaders,disable_robustness' : 'dump_shaders';
const gpu = create([`enable-dawn-features=${toggles}`]);
const adapter = await gpu.requestAdapter();
if (!adapter) throw new Error('dump-spirv: no WebGPU adapter');
const requiredFeatures = adapter.features.has('subgroups') ? ['subgroups'] : [];
const device = await adapter.requestDevice({
  requiredFeatures,
  requiredLimits: { maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize },
});
const module = device.createShaderModule({ code: readFileSync(process.argv[2], 'utf8') });
for (const m of (await module.getCompilationInfo()).messages)
  if (m.type === 'error') throw new Error(`dump-spirv: ${m.lineNum}:${m.linePos} ${m.message}`);
await device.createComputePipelineAsync({ layout: 'auto', compute: { module } });
device.destroy();
process.exit(0);
