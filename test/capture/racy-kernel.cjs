/* global process, GPUBufferUsage, GPUMapMode */
// A small WebGPU program's work, shared by the apps that reach Dawn in different ways
// (reach-dawn.mjs, require-app.cjs): one kernel whose workgroup tile is read before a
// barrier (a race), dispatched once; prints the program's own result on stdout as JSON.
// The labels carry line breaks and control characters, as a program's labels may.
const CODE = `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64) fn shift(@builtin(local_invocation_index) l: u32) {
  tile[l] = l * 3u;
  out[l] = tile[(l + 1u) % 64u];
}`;

/** Runs the racy kernel on a device of `gpu` (or only creates the device, with `dispatch` false). */
async function runRacy(gpu, { dispatch = true } = {}) {
  const device = await (await gpu.requestAdapter()).requestDevice();
  if (!dispatch) return device;
  const module = device.createShaderModule({ code: CODE });
  const pipeline = device.createComputePipeline({ label: 'shift\npipeline\u2028two\u000blines', layout: 'auto', compute: { module } });
  const out = device.createBuffer({ label: 'out\r\nbuffer\u0085x', size: 256, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
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
  const values = Array.from(new Uint32Array(read.getMappedRange()).slice(0, 4));
  process.stdout.write(JSON.stringify({ app: 'racy', values }) + '\n');
  process.stderr.write('app: done\n');
  return device;
}

module.exports = { runRacy };
