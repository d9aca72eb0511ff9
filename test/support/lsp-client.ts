// A real LSP client (vscode-languageserver-protocol over the child's stdio) for the built
// `wgsl-lab lsp --stdio`: it answers workspace/configuration with the test's settings,
// keeps every publishDiagnostics and log message, and waits for the ones a test needs.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  CodeActionRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DefinitionRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  DocumentSymbolRequest,
  ExitNotification,
  CompletionRequest,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  ShowMessageNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node.js';
import { BIN } from './cli.js';

export class LspClient {
  readonly published: PublishDiagnosticsParams[] = [];
  readonly logs: string[] = [];
  /** window/showMessage texts (settings problems, for one). */
  readonly messages: string[] = [];
  private waiters: (() => void)[] = [];
  private versions = new Map<string, number>();
  stderr = '';

  private constructor(
    readonly connection: ProtocolConnection,
    readonly child: ChildProcess,
    public settings: Record<string, unknown>,
  ) {}

  /**
   * Spawns the server (`bin`: the repository's launcher unless an installed one is given),
   * initializes it with `settings` (section wgsl-lab) and waits for it to be ready.
   */
  static async start(settings: Record<string, unknown> = {}, args: string[] = [], bin = BIN): Promise<LspClient> {
    const child = spawn(process.execPath, [bin, 'lsp', '--stdio', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new LspClient(connection, child, settings);
    child.stderr!.on('data', (d: Buffer) => (client.stderr += d.toString()));
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      client.published.push(p);
      client.wake();
    });
    connection.onNotification(LogMessageNotification.type, (p) => {
      client.logs.push(p.message);
      client.wake();
    });
    connection.onNotification(ShowMessageNotification.type, (p) => {
      client.messages.push(p.message);
      client.wake();
    });
    connection.onRequest(ConfigurationRequest.type, (p) => p.items.map((i) => (i.section === 'wgsl-lab' ? client.settings : null)));
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
        textDocument: {
          publishDiagnostics: { relatedInformation: true, versionSupport: true },
          hover: { contentFormat: ['markdown'] },
          completion: { completionItem: { documentationFormat: ['markdown'] } },
        },
      },
    });
    await connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when `test` holds (checked on every notification); hang guard 60 s. */
  until<T>(test: () => T | undefined, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`timed out waiting for ${what}; stderr:\n${this.stderr}`)), 60_000);
      const check = () => {
        const v = test();
        if (v !== undefined) {
          clearTimeout(guard);
          resolve(v);
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** The diagnostics published for `uri` at `version` (waits for them). */
  diagnostics(uri: string, version = this.versions.get(uri)): Promise<Diagnostic[]> {
    return this.until(
      () => this.published.findLast((p) => p.uri === uri && p.version === version)?.diagnostics,
      `diagnostics of ${uri} v${version}`,
    );
  }

  async open(uri: string, text: string): Promise<void> {
    this.versions.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'wgsl', version: 1, text },
    });
  }

  /** Replaces the whole text; returns the new version. */
  async change(uri: string, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
    return version;
  }

  async save(uri: string): Promise<void> {
    await this.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async configure(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { 'wgsl-lab': settings } });
  }

  hover(uri: string, line: number, character: number) {
    return this.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });
  }

  completion(uri: string, line: number, character: number) {
    return this.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character } });
  }

  definition(uri: string, line: number, character: number) {
    return this.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: { line, character } });
  }

  symbols(uri: string) {
    return this.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
  }

  codeActions(uri: string, diagnostics: Diagnostic[]) {
    return this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    });
  }

  /** shutdown + exit, as editors end a session; resolves with the exit code. */
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    const code = await exited;
    this.connection.dispose();
    return code;
  }
}
