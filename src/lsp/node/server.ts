// `wgsl-lab lsp --stdio`: the language server. The protocol is vscode-languageserver's;
// this module wires documents to the analysis (debounced on type or run on save, one
// worker, the running job cancelled when its document changes) and the editor features
// (hover, completion, definitions, symbols, code actions) to the modules that compute them.
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { createConnection, MessageType, ShowMessageNotification, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { diagnostic } from '../../diagnostics/index.js';
import type { FileContents } from '../../harness/index.js';
import type { DocumentAnalysis } from '../analyze-document.js';
import { lspDiagnostic } from '../lsp-diagnostics.js';
import { DEFAULT_SETTINGS, readSettings, type LspSettings } from '../settings.js';
import { AnalysisSlot, type WorkerEntry } from './analysis-slot.js';
import type { DocumentState } from './document-state.js';
import type { GpuSession } from '../../gpu/session.js';
import { WgslCompiler } from './compiler.js';
import { COMPLETION_TRIGGERS, registerFeatures } from './features.js';

export interface ServerOptions {
  input: Readable;
  output: Writable;
  /** Reads the files a kernel's header names, relative to the kernel file. */
  readKernelFiles: (file: string, source: string) => Promise<FileContents>;
  /** Where the real WGSL compiler (Dawn) runs; absent: the front end's checks only. */
  session?: GpuSession;
  /** The analysis workers' program, when not analysis-worker.js beside this module (a bundle). */
  analysisWorker?: WorkerEntry;
}

export const CONFIG_SECTION = 'wgsl-lab';

/** Runs the server until the client ends the connection. */
export function startLanguageServer(options: ServerOptions): Promise<void> {
  // Streams (not message readers): the library then ends the process when the client's end of stdin closes.
  const connection = createConnection(options.input, options.output);
  const documents = new TextDocuments(TextDocument);
  const state = new Map<string, DocumentState>();
  const slot = new AnalysisSlot(options.analysisWorker);
  const compiler = new WgslCompiler(options.session, (m) => connection.console.warn(m));
  const queue = new Set<string>();
  let running: { uri: string; version: number } | undefined;
  let settings: LspSettings = { ...DEFAULT_SETTINGS };
  let pullConfiguration = false;

  const stateOf = (uri: string) => {
    let s = state.get(uri);
    if (!s) state.set(uri, (s = {}));
    return s;
  };

  /** Takes the client's settings; true when they differ from the ones in use. */
  const applySettings = (raw: unknown): boolean => {
    const r = readSettings(raw);
    const changed = JSON.stringify(r.settings) !== JSON.stringify(settings);
    settings = r.settings;
    // A notification: the user is told, nothing is asked (showWarningMessage would be a request).
    for (const p of r.problems) void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: p });
    return changed;
  };

  /** Analyzes `uri` after `delay` ms; a change to the document being analyzed cancels that job now. */
  const schedule = (uri: string, delay: number, why = 'the document changed') => {
    const s = stateOf(uri);
    clearTimeout(s.timer);
    if (running?.uri === uri) {
      connection.console.log(`cancelled the analysis of ${uri} (version ${running.version}): ${why}`);
      slot.cancel();
    }
    s.timer = setTimeout(() => {
      s.timer = undefined;
      queue.add(uri);
      void pump();
    }, delay);
  };

  const pump = async () => {
    if (running) return;
    // The first analysis waits for the client's settings (analyzeOn, budgets) to be known.
    await configured;
    if (running) return;
    const uri = queue.values().next().value;
    if (uri === undefined) return;
    queue.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return void pump();
    const version = doc.version;
    const text = doc.getText();
    running = { uri, version };
    try {
      const [compile, files] = await Promise.all([compiler.compile(text), kernelFiles(uri, text)]);
      const current = documents.get(uri);
      if (current?.version !== version) return;
      connection.console.log(`analyzing ${uri} (version ${version})`);
      const outcome = await slot.run({ text, settings, compile, files }, settings.timeoutMs);
      if (documents.get(uri)?.version !== version) return;
      let analysis: DocumentAnalysis;
      if (outcome.kind === 'done') analysis = outcome.analysis;
      else if (outcome.kind === 'cancelled') return;
      else if (outcome.kind === 'timeout') analysis = stoppedAnalysis('step-limit', timeoutMessage(outcome.ms));
      else analysis = stoppedAnalysis('internal', `internal error in the analysis: ${outcome.message}`);
      stateOf(uri).last = { version, analysis };
      await connection.sendDiagnostics({ uri, version, diagnostics: analysis.diagnostics.map((d) => lspDiagnostic(d, text, uri)) });
    } catch (e) {
      connection.console.error(`analysis of ${uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    } finally {
      running = undefined;
      void pump();
    }
  };

  const kernelFiles = async (uri: string, text: string): Promise<FileContents> => {
    if (!uri.startsWith('file:')) return new Map();
    return options.readKernelFiles(fileURLToPath(uri), text);
  };

  connection.onInitialize((params) => {
    pullConfiguration = params.capabilities.workspace?.configuration === true;
    applySettings((params.initializationOptions as Record<string, unknown> | undefined)?.[CONFIG_SECTION] ?? params.initializationOptions);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
        definitionProvider: true,
        documentSymbolProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
      },
      serverInfo: { name: 'wgsl-lab' },
    };
  });

  const reloadConfiguration = async (pushed?: unknown) => {
    let changed = false;
    if (pullConfiguration) changed = applySettings(await connection.workspace.getConfiguration(CONFIG_SECTION));
    else if (pushed !== undefined) changed = applySettings(pushed);
    if (changed) for (const d of documents.all()) schedule(d.uri, 0, 'the settings changed');
  };
  let settingsArrived: () => void = () => {};
  const configured = new Promise<void>((resolve) => (settingsArrived = resolve));
  connection.onInitialized(async () => {
    // Start Dawn now rather than on the first document (it takes a second or more).
    void compiler.compile('@compute @workgroup_size(1) fn main() {}').catch(() => {});
    try {
      if (pullConfiguration) applySettings(await connection.workspace.getConfiguration(CONFIG_SECTION));
    } finally {
      settingsArrived();
    }
  });
  connection.onDidChangeConfiguration((change) => {
    const pushed = (change.settings as Record<string, unknown> | null | undefined)?.[CONFIG_SECTION];
    void reloadConfiguration(pushed);
  });

  documents.onDidOpen((e) => {
    stateOf(e.document.uri).openedVersion = e.document.version;
    schedule(e.document.uri, 0);
  });
  documents.onDidChangeContent((e) => {
    // onDidChangeContent also fires on open, right after onDidOpen (which scheduled it without delay).
    if (e.document.version === stateOf(e.document.uri).openedVersion) return;
    if (settings.analyzeOn === 'type') schedule(e.document.uri, settings.debounceMs);
    else if (running?.uri === e.document.uri) slot.cancel();
  });
  documents.onDidSave((e) => schedule(e.document.uri, 0));
  documents.onDidClose((e) => {
    const s = state.get(e.document.uri);
    clearTimeout(s?.timer);
    state.delete(e.document.uri);
    queue.delete(e.document.uri);
    if (running?.uri === e.document.uri) slot.cancel();
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  const disposeFeatures = registerFeatures(connection, documents, {
    state,
    settings: () => settings,
    compiler,
    analysisWorker: options.analysisWorker,
  });

  documents.listen(connection);
  return new Promise((resolve) => {
    connection.onExit(() => {
      void Promise.all([slot.dispose(), disposeFeatures()]).then(() => resolve());
    });
    connection.listen();
  });
}

function timeoutMessage(ms: number): string {
  return `the analysis was stopped after ${ms} ms (the wgsl-lab.timeoutMs guard); lower wgsl-lab.maxSteps to get a step-limit verdict sooner`;
}

/** An analysis that did not finish, as one diagnostic about the whole file. */
function stoppedAnalysis(kind: 'step-limit' | 'internal', message: string): DocumentAnalysis {
  return { diagnostics: [diagnostic({ severity: kind === 'internal' ? 'error' : 'warning', kind, message })], bankConflicts: [] };
}
