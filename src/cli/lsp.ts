// `wgsl-lab lsp --stdio`: the language server on stdin/stdout (src/lsp). The CLI's part is
// the Node wiring: the files a header names are read like `run`/`check` read them, and
// the compiler is Dawn's unless --no-compiler.
import { parseArgs } from 'node:util';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { startLanguageServer } from '../lsp/node/server.js';
import { readKernelFiles } from './kernel-files.js';
import { EDITOR_MEMORY_BUDGET } from '../lsp/analyze-document.js';

export const LSP_USAGE = `usage: wgsl-lab lsp --stdio [--no-compiler]
  Runs the language server for WGSL (.wgsl files) on stdin/stdout, for editors: diagnostics
  as you type (the WGSL compiler's errors, the //! header's errors, and check's findings:
  races with their second site, barrier divergence, out-of-bounds, never-written reads,
  step limits, bank conflicts), hover (types, builtin documentation, bank-conflict degree,
  what a //! line declares), completion (builtins with signatures, struct members, names
  in scope, attributes, header directives), go to definition, document symbols and
  verified quick fixes. Settings come
  from the client (section "wgsl-lab": subgroupSize, banks, maxSteps, analyzeOn "type" |
  "save", debounceMs, timeoutMs). See docs/lsp.md and docs/editors.md (VS Code, Neovim).
  --no-compiler   use wgsl-lab's own front end instead of Dawn's compiler (Tint)`;

export async function lspCommand(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { stdio: { type: 'boolean' }, 'no-compiler': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(LSP_USAGE);
    return 0;
  }
  if (!values.stdio) {
    io.err(`wgsl-lab lsp: --stdio is required (the server speaks LSP on stdin/stdout; no other transport is offered)\n${LSP_USAGE}`);
    return 2;
  }
  // stdout carries the protocol: anything printed through the console goes to stderr instead.
  for (const k of ['log', 'info', 'debug', 'warn'] as const)
    console[k] = (...a: unknown[]) => void process.stderr.write(a.map(String).join(' ') + '\n');
  await startLanguageServer({
    input: process.stdin,
    output: process.stdout,
    // The same budget as the analysis: data files beyond it are refused at their file().
    readKernelFiles: (file, source) => readKernelFiles(file, source, EDITOR_MEMORY_BUDGET),
    session: values['no-compiler'] ? undefined : new GpuSession(nodeGpuProvider()),
  });
  return 0;
}
