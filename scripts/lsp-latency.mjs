#!/usr/bin/env node
// Latency of `wgsl-lab lsp --stdio` from an edit to its diagnostics, as an editor sees it:
// a real LSP client opens a lesson kernel, then makes N edits one after another (each
// waits for the diagnostics of its version) and prints the median and worst time from
// sending didChange to receiving publishDiagnostics, the server's debounce included.
//   node scripts/lsp-latency.mjs [FILE] [--edits N] [--debounce MS] [--no-compiler] [--verbose]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    verbose: { type: 'boolean' },
    edits: { type: 'string', default: '30' },
    debounce: { type: 'string' },
    'no-compiler': { type: 'boolean' },
  },
});
const file = positionals[0] ?? fileURLToPath(new URL('../lessons/02-workgroup-memory/neighbour-average.wgsl', import.meta.url));
const edits = Number(values.edits);
const settings = values.debounce === undefined ? {} : { debounceMs: Number(values.debounce) };
const bin = fileURLToPath(new URL('../bin/wgsl-lab.js', import.meta.url));
const child = spawn(process.execPath, [bin, 'lsp', '--stdio', ...(values['no-compiler'] ? ['--no-compiler'] : [])], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
const waiting = new Map();
connection.onNotification(PublishDiagnosticsNotification.type, (p) => waiting.get(p.version)?.(p));
connection.onRequest(ConfigurationRequest.type, (p) => p.items.map(() => settings));
connection.listen();
await connection.sendRequest(InitializeRequest.type, {
  processId: process.pid,
  rootUri: null,
  capabilities: { workspace: { configuration: true } },
});
await connection.sendNotification(InitializedNotification.type, {});

const uri = pathToFileURL(file).href;
const text = readFileSync(file, 'utf8');
const published = (version) => new Promise((resolve) => waiting.set(version, resolve));
let first = published(1);
const t0 = performance.now();
await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'wgsl', version: 1, text } });
const opened = await first;
const openMs = performance.now() - t0;

const times = [];
for (let v = 2; v <= edits + 1; v++) {
  // An edit an editor would send: a changed comment line at the end (the kernel is re-analyzed in full).
  const edited = `${text}// edit ${v}\n`;
  const done = published(v);
  const start = performance.now();
  await connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: v },
    contentChanges: [{ text: edited }],
  });
  await done;
  times.push(performance.now() - start);
}
const inOrder = times.map((t) => t.toFixed(0)).join(' ');
times.sort((a, b) => a - b);
const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
console.log(
  `${file}: ${opened.diagnostics.length} diagnostic(s); open to diagnostics ${openMs.toFixed(0)} ms (starts the compiler); ` +
    `edit to diagnostics over ${edits} edits: median ${median.toFixed(0)} ms, worst ${times.at(-1).toFixed(0)} ms` +
    ` (debounce ${settings.debounceMs ?? 'default'}${values['no-compiler'] ? ', no compiler' : ''})`,
);
if (values.verbose) console.log(`each edit (ms): ${inOrder}`);
await connection.sendRequest(ShutdownRequest.type);
await connection.sendNotification(ExitNotification.type);
