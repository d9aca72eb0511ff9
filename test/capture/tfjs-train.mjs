// A TensorFlow.js training loop on its WebGPU backend (Dawn in Node): a linear model
// y = x·w + b fitted to y = 2x + 1 by a few steps of SGD. Each step runs the forward pass,
// the mean squared error, its gradients and the optimizer's update (tf.train.sgd's
// applyGradients) as WebGPU compute dispatches. The gradients are written out
// (dL/dw = 2/N·xᵀ(pred − y), dL/db = 2/N·Σ(pred − y)): the Node build of tfjs-core ships
// without the gradient registry that tf.variableGrads needs. Loads webgpu with require(),
// as CommonJS code would. Prints the losses and the trained weights as JSON on stdout.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { create, globals } = require('webgpu');
Object.assign(globalThis, globals);
globalThis.navigator = { gpu: create([]) };
const tf = await import('@tensorflow/tfjs-core');
await import('@tensorflow/tfjs-backend-webgpu');
if (!(await tf.setBackend('webgpu'))) throw new Error('the webgpu backend did not start');
await tf.ready();

const N = 8;
const xs = tf.tensor2d([-1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5], [N, 1]);
const ys = tf.tensor2d([-1, 0, 1, 2, 3, 4, 5, 6], [N, 1]);
const w = tf.variable(tf.tensor2d([[0.5]]), true, 'w');
const b = tf.variable(tf.tensor1d([0]), true, 'b');
const optimizer = tf.train.sgd(0.1);
const losses = [];
for (let step = 0; step < 4; step++) {
  const loss = tf.tidy(() => {
    const error = tf.sub(tf.add(tf.matMul(xs, w), b), ys);
    const gradients = {
      w: tf.mul(tf.matMul(xs, error, true, false), 2 / N),
      b: tf.mul(tf.sum(error, 0), 2 / N),
    };
    optimizer.applyGradients(gradients);
    return tf.mean(tf.square(error));
  });
  losses.push((await loss.data())[0]);
  loss.dispose();
}
process.stdout.write(JSON.stringify({ losses, w: Array.from(await w.data()), b: Array.from(await b.data()) }) + '\n');
process.exit(0);
