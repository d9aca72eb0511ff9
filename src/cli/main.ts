// Entry point of the `wgsl-lab` command: dispatches to one module per subcommand.
import { RUN_USAGE } from './run-usage.js';
import { writeChunks } from './stream-out.js';
import { documentOutput } from './document-output.js';
import { EXIT_INTERNAL, INTERNAL_ERROR_HINT } from './errors.js';

const USAGE = `wgsl-lab — learn, run, check and benchmark WebGPU compute shaders

usage: wgsl-lab <command> [options]
  run FILE...     run kernels on the GPU (or --sim) and check their //! expect lines
  check FILE...   find races, barrier misuse, out-of-bounds, uninitialized reads, bank conflicts
  bench           benchmark the primitives (reduce, scan, histogram, transpose, stencil)
  serve           serve the lab (interactive lessons) on 127.0.0.1
  build-site      write the lab as static files for any web host (--out DIR)
  lessons         list lessons; --verify runs every lesson checkpoint on the GPU
  version         print wgsl-lab's version (also --version)
  capture         record the compute dispatches of a Node program as kernel files
  lsp --stdio     the language server for editors (diagnostics, hover, completion, definitions, fixes)
Run 'wgsl-lab help <command>' (or 'wgsl-lab <command> --help') for a command's options.

${RUN_USAGE}`;

/** Where a command writes: lines to stdout and stderr, and large outputs (JSON) in pieces. */
interface CommandIO {
  out: (s: string) => void;
  err: (s: string) => void;
  outChunks: (chunks: Iterable<string>) => Promise<void>;
}

type Command = (argv: string[], io: CommandIO) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./run.js')).runCommand,
  lessons: async () => (await import('./lessons.js')).lessonsCommand,
  bench: async () => (await import('./bench.js')).benchCommand,
  check: async () => (await import('./check.js')).checkCommand,
  serve: async () => (await import('./serve.js')).serveCommand,
  'build-site': async () => (await import('./build-site.js')).buildSiteCommand,
  version: async () => versionCommand,
  capture: async () => (await import('./capture.js')).captureCommand,
  lsp: async () => (await import('./lsp.js')).lspCommand,
};

async function versionCommand(_argv: string[], io: { out: (s: string) => void }): Promise<number> {
  const { PACKAGE_VERSION } = await import('./version.js');
  io.out(`wgsl-lab ${PACKAGE_VERSION}`);
  return 0;
}

/** The process's own streams; in the child the launcher runs for a machine-readable document, descriptor 3 for it. */
function processIO(): CommandIO {
  const document = documentOutput();
  return {
    out: document?.out ?? ((s: string) => process.stdout.write(s + '\n')),
    err: (s: string) => process.stderr.write(s + '\n'),
    outChunks: document?.outChunks ?? ((chunks: Iterable<string>) => writeChunks(process.stdout, chunks)),
  };
}

/** Runs the command line `argv` (after `wgsl-lab`), writing through `io` (tests pass their own); resolves to the exit code. */
export async function main(argv: string[], io: CommandIO = processIO()): Promise<number> {
  const [name, ...rest] = withoutDebugFlag(argv);
  if (name === 'help' && rest.length) return helpCommand(rest[0]!, io);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE);
    return name ? 0 : 2;
  }
  const key = name === '--version' ? 'version' : name;
  const load = Object.hasOwn(commands, key) ? commands[key] : undefined;
  if (!load) {
    io.err(`wgsl-lab: unknown command '${name}'\n\n${USAGE}`);
    return 2;
  }
  try {
    return await (
      await load()
    )(rest, io);
  } catch (e) {
    // Option parsing errors (unknown flag, missing value) are bad input.
    const err = e as Error & { code?: string };
    if (err.code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`wgsl-lab ${name}: ${err.message}`);
      return 2;
    }
    return internalError(name, e, io);
  }
}

export { EXIT_INTERNAL };

/**
 * Anything no command turned into a message: one line saying so, the stack only on request
 * (WGSL_LAB_DEBUG=1), so a user never faces a raw trace but a bug report can carry one.
 */
export function internalError(name: string, e: unknown, io: { err: (s: string) => void }): number {
  const err = e instanceof Error ? e : new Error(String(e));
  io.err(`wgsl-lab ${name}: internal error: ${err.message}`);
  if (process.env.WGSL_LAB_DEBUG) io.err(err.stack ?? '');
  else io.err(`  ${INTERNAL_ERROR_HINT}`);
  return EXIT_INTERNAL;
}

/**
 * The arguments without `--debug` (any command, before a `--`), which asks for internal
 * errors' stack traces as WGSL_LAB_DEBUG=1 does.
 */
function withoutDebugFlag(argv: string[]): string[] {
  const end = argv.indexOf('--');
  const head = end < 0 ? argv : argv.slice(0, end);
  if (!head.includes('--debug')) return argv;
  process.env.WGSL_LAB_DEBUG = '1';
  return [...head.filter((a) => a !== '--debug'), ...(end < 0 ? [] : argv.slice(end))];
}

/** `wgsl-lab help CMD`: that command's usage, as `CMD --help` prints it. */
async function helpCommand(name: string, io: CommandIO): Promise<number> {
  if (name === 'version') {
    io.out("usage: wgsl-lab version (or wgsl-lab --version)\n  Prints wgsl-lab's version.");
    return 0;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) {
    io.err(`wgsl-lab help: unknown command '${name}'\n\n${USAGE}`);
    return 2;
  }
  return (await load())(['--help'], io);
}
