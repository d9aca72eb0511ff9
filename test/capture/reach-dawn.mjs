// An ES module program that reaches Dawn the way argv[2] says: `static` (import), `require`
// (createRequire), `dynamic` (import()), `path` (the package's entry file imported by its
// path), `navigator` (navigator.gpu, set from the package's create()), `device-only` (a
// device, no dispatch), `no-device` (loads webgpu, creates nothing) or `worker` (all of its
// WebGPU work in a worker thread).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as statically from 'webgpu';

const require = createRequire(import.meta.url);
const { runRacy } = require('./racy-kernel.cjs');
const how = process.argv[2];
let webgpu;
if (how === 'require') webgpu = require('webgpu');
else if (how === 'dynamic') webgpu = await import('webgpu');
else if (how === 'path') webgpu = await import(pathToFileURL(require.resolve('webgpu')).href);
else webgpu = statically;
Object.assign(globalThis, webgpu.globals);
if (how === 'navigator') {
  Object.defineProperty(globalThis, 'navigator', { value: { gpu: webgpu.create([]) }, configurable: true });
  await runRacy(globalThis.navigator.gpu);
} else if (how === 'device-only') {
  await runRacy(webgpu.create([]), { dispatch: false });
  console.log('created a device, dispatched nothing');
} else if (how === 'worker') {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { create, globals } = require(workerData.webgpu);
     Object.assign(globalThis, globals);
     require(workerData.racy).runRacy(create([])).then(() => process.exit(0));`,
    { eval: true, workerData: { webgpu: require.resolve('webgpu'), racy: require.resolve('./racy-kernel.cjs') } },
  );
  await new Promise((done) => worker.on('exit', done));
} else if (how !== 'no-device') {
  await runRacy(webgpu.create([]));
}
process.exit(0);
