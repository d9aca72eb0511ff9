/* global require, exports */
// The bundled language server: wgsl-lab's server with the front end's checks (syntax,
// types, uniformity) and the full analysis, without Dawn's compiler, which is a native
// package the extension does not ship (wgsl-lab.command runs a project's own wgsl-lab
// with it instead).
const { startLanguageServer } = require('../../../src/lsp/node/server.ts');
const { readKernelFiles } = require('../../../src/cli/kernel-files.ts');
const { EDITOR_MEMORY_BUDGET } = require('../../../src/lsp/analyze-document.ts');

/** Ends the server with one line on stderr (the client shows it): why, never a stack trace. */
function fail(e) {
  const reason = (e && e.message) || String(e);
  process.stderr.write(`wgsl-lab language server failed: ${reason.split('\n')[0]}\n`);
  process.exit(1);
}
exports.fail = fail;

exports.runServer = function runServer(bundleFile) {
  // stdout carries the protocol: anything printed through the console goes to stderr instead.
  for (const k of ['log', 'info', 'debug', 'warn']) console[k] = (...a) => void process.stderr.write(a.map(String).join(' ') + '\n');
  // An error nothing handles (a broken pipe to the editor, say) ends the server with its reason.
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  startLanguageServer({
    input: process.stdin,
    output: process.stdout,
    // Data files within the editor's memory budget, as `wgsl-lab lsp` reads them.
    readKernelFiles: (file, source) => readKernelFiles(file, source, EDITOR_MEMORY_BUDGET),
    analysisWorker: { file: bundleFile, workerData: { wgslLabRole: 'analysis' } },
  }).then(() => process.exit(0), fail);
};
