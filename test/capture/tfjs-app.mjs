// A TensorFlow.js program on its WebGPU backend (Dawn in Node): matmul, conv2d, softmax,
// reductions and a small two-layer model, on fixed inputs. Prints the results as JSON.
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);
globalThis.navigator = { gpu: create([]) };
const tf = await import('@tensorflow/tfjs-core');
await import('@tensorflow/tfjs-backend-webgpu');
if (!(await tf.setBackend('webgpu'))) throw new Error('the webgpu backend did not start');
await tf.ready();

// Deterministic inputs: small integers and quarters, so every result is exact or nearly.
const values = (n, k = 7) => Float32Array.from({ length: n }, (_, i) => ((i * k) % 13) / 4 - 1.5);
const a = tf.tensor2d(values(32 * 48), [32, 48]);
const b = tf.tensor2d(values(48 * 16, 5), [48, 16]);
const image = tf.tensor4d(values(1 * 12 * 12 * 3, 3), [1, 12, 12, 3]);
const filter = tf.tensor4d(values(3 * 3 * 3 * 4, 11), [3, 3, 3, 4]);
const w1 = tf.tensor2d(values(48 * 24, 9), [48, 24]);
const b1 = tf.tensor1d(values(24, 2));
const w2 = tf.tensor2d(values(24 * 10, 4), [24, 10]);

const results = {
  matmul: tf.matMul(a, b),
  conv2d: tf.conv2d(image, filter, 1, 'same'),
  softmax: tf.softmax(a),
  sum: tf.sum(a, 1),
  max: tf.max(a, 0),
  mean: tf.mean(a),
  model: tf.softmax(tf.matMul(tf.relu(tf.add(tf.matMul(a, w1), b1)), w2)),
};
const out = {};
for (const [name, t] of Object.entries(results)) out[name] = Array.from(await t.data());
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
