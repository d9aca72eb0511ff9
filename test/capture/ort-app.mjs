// ONNX Runtime Web's WebGPU execution provider (the JavaScript kernels, `onnxruntime-web/all`)
// on Dawn in Node, running a small hand-written ONNX model. Needs `node --liftoff-only`:
// without it V8's optimizing compile of the 20 MB wasm module holds Node's event loop for
// minutes on a small machine. Prints the outputs as JSON.
import { create, globals } from 'webgpu';
import { smallModel } from './onnx-model.mjs';

Object.assign(globalThis, globals);
globalThis.navigator = { gpu: create([]) };

// Dawn refuses (or crashes on) writeBuffer data in a SharedArrayBuffer, which is where the
// wasm heap of ORT lives: hand it a copy.
const writeBuffer = GPUQueue.prototype.writeBuffer;
function copyOut(sab, offset, length) {
  const out = new Uint8Array(length);
  out.set(new Uint8Array(sab, offset, length));
  return out;
}
GPUQueue.prototype.writeBuffer = function (buffer, offset, data, dataOffset = 0, size) {
  if (data instanceof SharedArrayBuffer) {
    const length = size ?? data.byteLength - dataOffset;
    return writeBuffer.call(this, buffer, offset, copyOut(data, dataOffset, length), 0, length);
  }
  if (ArrayBuffer.isView(data) && data.buffer instanceof SharedArrayBuffer) {
    const copy = copyOut(data.buffer, data.byteOffset, data.byteLength);
    data = data.BYTES_PER_ELEMENT > 1 ? new data.constructor(copy.buffer) : copy;
  }
  return size === undefined
    ? writeBuffer.call(this, buffer, offset, data, dataOffset)
    : writeBuffer.call(this, buffer, offset, data, dataOffset, size);
};

const ort = await import('onnxruntime-web/all');
ort.env.wasm.numThreads = 1;
const session = await ort.InferenceSession.create(smallModel(), { executionProviders: ['webgpu'] });
const x = new ort.Tensor(
  'float32',
  Float32Array.from({ length: 64 }, (_, i) => ((i * 7) % 11) / 4 - 1),
  [4, 16],
);
const img = new ort.Tensor(
  'float32',
  Float32Array.from({ length: 192 }, (_, i) => ((i * 5) % 9) / 8 - 0.5),
  [1, 3, 8, 8],
);
const outputs = await session.run({ x, img });
const out = {};
for (const [name, t] of Object.entries(outputs)) out[name] = Array.from(t.data);
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
