/* global document */
// A web page's WebGPU work, recorded through `wgsl-lab/capture` (bundled for the browser by
// the test): a kernel that reads its workgroup tile before a barrier (a race), dispatched
// once. The page shows its result and offers the capture as a download.
import { captureDevice } from 'wgsl-lab/capture';

const CODE = `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64) fn shift(@builtin(local_invocation_index) l: u32) {
  tile[l] = l * 3u;
  out[l] = tile[(l + 1u) % 64u];
}`;

async function main() {
  const adapter = await navigator.gpu.requestAdapter();
  const capture = captureDevice(await adapter.requestDevice(), { tolerance: 6 });
  const device = capture.device;
  const module = device.createShaderModule({ code: CODE });
  const pipeline = device.createComputePipeline({ label: 'page shift', layout: 'auto', compute: { module } });
  const out = device.createBuffer({ size: 256, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
  const read = device.createBuffer({ size: 256, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: out } }] });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(1);
  pass.end();
  encoder.copyBufferToBuffer(out, 0, read, 0, 256);
  device.queue.submit([encoder.finish()]);
  await read.mapAsync(GPUMapMode.READ);
  document.querySelector('#result').textContent = JSON.stringify(Array.from(new Uint32Array(read.getMappedRange()).slice(0, 4)));
  const button = document.querySelector('#download');
  button.addEventListener('click', () => void capture.download('page-capture.zip'));
  button.disabled = false;
}

main().catch((e) => {
  document.querySelector('#result').textContent = `error: ${e.message}`;
});
