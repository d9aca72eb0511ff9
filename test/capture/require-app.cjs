/* global process */
// A CommonJS program that loads WebGPU with require('webgpu').
const { create, globals } = require('webgpu');
const { runRacy } = require('./racy-kernel.cjs');

Object.assign(globalThis, globals);
runRacy(create([])).then(() => process.exit(0));
