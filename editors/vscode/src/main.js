/* global require, module, __filename */
// The one file of the extension (esbuild bundles this entry with everything it requires).
// The same file plays three roles:
// - loaded by VS Code: the extension (client.js), which starts the language server;
// - run as a program with --wgsl-lab-server: the language server on stdin/stdout;
// - run as a worker thread with workerData.wgslLabRole = 'analysis': an analysis worker.
const { isMainThread, workerData } = require('node:worker_threads');

if (!isMainThread && workerData && workerData.wgslLabRole === 'analysis') {
  require('../../../src/lsp/node/analysis-worker.ts');
} else if (process.argv.includes('--wgsl-lab-server')) {
  let server;
  try {
    server = require('./server.js');
  } catch (e) {
    // The bundle could not load its server: one line for the client to show, and a failing exit.
    process.stderr.write(`wgsl-lab language server failed: ${String((e && e.message) || e).split('\n')[0]}\n`);
    process.exit(1);
  }
  try {
    server.runServer(__filename);
  } catch (e) {
    server.fail(e);
  }
} else {
  module.exports = require('./client.js');
}
