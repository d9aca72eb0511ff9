/* global require, exports, __filename */
// The VS Code side: starts the language server (the bundled one, or `wgsl-lab lsp --stdio`
// through the wgsl-lab.command setting), keeps it told about open WGSL documents
// and the wgsl-lab.* settings, and turns its answers into VS Code's diagnostics, hovers,
// completions, definitions, symbols and quick fixes. A small LSP client of its own over
// vscode-jsonrpc: only the requests this server answers are wired.
const vscode = require('vscode');
const { spawn } = require('node:child_process');
const rpc = require('vscode-jsonrpc/node');

const SECTION = 'wgsl-lab';
// WESL files get the grammar only: the server analyzes single WGSL modules, and a WESL
// file's imports would read as syntax errors there.
const SELECTOR = [
  { language: 'wgsl', scheme: 'file' },
  { language: 'wgsl', scheme: 'untitled' },
];
const isOurs = (doc) => vscode.languages.match(SELECTOR, doc) > 0;

let running;

exports.activate = async function activate(context) {
  running = await startClient();
  context.subscriptions.push({ dispose: () => void running?.stop() });
};

/**
 * What the user is told when the server cannot start or stops: the reason (the server's
 * last line on stderr, or why it could not be run) and where its output is.
 */
function reportFailure(output, reason) {
  output.appendLine(`wgsl-lab: ${reason}`);
  void vscode.window.showErrorMessage(`wgsl-lab: ${reason}. WGSL diagnostics, hover and completion are off; see Output › wgsl-lab.`);
}

exports.deactivate = function deactivate() {
  return running?.stop();
};

/** The settings of the section as plain data (what the server reads). */
function settings() {
  return JSON.parse(JSON.stringify(vscode.workspace.getConfiguration(SECTION)));
}

function serverProcess() {
  const command = vscode.workspace.getConfiguration(SECTION).get('command') ?? [];
  if (Array.isArray(command) && command.length > 0) {
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    return spawn(command[0], [...command.slice(1), 'lsp', '--stdio'], { cwd, shell: process.platform === 'win32' });
  }
  // This bundle again, as a plain Node program (VS Code's own runtime in Node mode).
  return spawn(process.execPath, [__filename, '--wgsl-lab-server'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
}

async function startClient() {
  const output = vscode.window.createOutputChannel('wgsl-lab');
  const diagnostics = vscode.languages.createDiagnosticCollection('wgsl-lab');
  const child = serverProcess();
  let lastLine = '';
  let stopping = false;
  child.stderr.on('data', (d) => {
    const text = d.toString();
    output.append(text);
    lastLine = text.trim().split('\n').pop() || lastLine;
  });
  // The server failing to run or stopping on its own is said to the user, and ends the wait for it.
  const failed = new Promise((resolve) => {
    child.on('error', (e) => resolve(`the language server could not be started (${e.message})`));
    child.on('exit', (code, signal) => {
      output.appendLine(`wgsl-lab language server exited (${code ?? signal})`);
      if (!stopping)
        resolve(`the language server stopped (${code !== null ? `exit code ${code}` : signal})${lastLine ? `: ${lastLine}` : ''}`);
    });
  });
  const gaveUp = async (reason) => {
    reportFailure(output, reason);
    diagnostics.dispose();
    return { stop: async () => output.dispose() };
  };
  // No process at all (the program does not exist): nothing to talk to.
  if (child.pid === undefined) return gaveUp(await failed);
  // A write to a server that is gone is an error of the pipe, already reported through `failed`.
  child.stdin.on('error', () => {});
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));

  connection.onRequest('workspace/configuration', (p) => p.items.map((i) => (i.section === SECTION ? settings() : null)));
  connection.onNotification('window/logMessage', (p) => output.appendLine(p.message));
  connection.onNotification('window/showMessage', (p) => void vscode.window.showWarningMessage(`wgsl-lab: ${p.message}`));
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    diagnostics.set(vscode.Uri.parse(p.uri), p.diagnostics.map(toDiagnostic));
  });
  connection.listen();

  const initialized = connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: vscode.workspace.workspaceFolders?.[0]?.uri.toString() ?? null,
    initializationOptions: { [SECTION]: settings() },
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
      textDocument: {
        publishDiagnostics: { relatedInformation: true, versionSupport: true },
        hover: { contentFormat: ['markdown'] },
        completion: { completionItem: { documentationFormat: ['markdown'] } },
      },
    },
  });
  // A request refused because the connection closed waits for the exit's reason.
  const early = await Promise.race([
    initialized.then(
      () => undefined,
      () => failed,
    ),
    failed,
  ]);
  if (early !== undefined) {
    connection.dispose();
    return gaveUp(early);
  }
  void failed.then((reason) => reportFailure(output, reason));
  await connection.sendNotification('initialized', {});

  const item = (doc) => ({ uri: doc.uri.toString(), languageId: doc.languageId, version: doc.version, text: doc.getText() });
  const open = (doc) => isOurs(doc) && void connection.sendNotification('textDocument/didOpen', { textDocument: item(doc) });
  vscode.workspace.textDocuments.forEach(open);
  const at = (doc, position) => ({
    textDocument: { uri: doc.uri.toString() },
    position: { line: position.line, character: position.character },
  });

  const subscriptions = [
    output,
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(open),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (!isOurs(e.document) || e.contentChanges.length === 0) return;
      void connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: e.document.uri.toString(), version: e.document.version },
        contentChanges: [{ text: e.document.getText() }],
      });
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (isOurs(doc)) void connection.sendNotification('textDocument/didSave', { textDocument: { uri: doc.uri.toString() } });
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (!isOurs(doc)) return;
      void connection.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri.toString() } });
      diagnostics.delete(doc.uri);
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SECTION))
        void connection.sendNotification('workspace/didChangeConfiguration', { settings: { [SECTION]: settings() } });
    }),
    vscode.languages.registerHoverProvider(SELECTOR, {
      async provideHover(doc, position) {
        const h = await connection.sendRequest('textDocument/hover', at(doc, position));
        if (!h) return undefined;
        const md = new vscode.MarkdownString(typeof h.contents === 'string' ? h.contents : h.contents.value);
        return new vscode.Hover(md, h.range ? toRange(h.range) : undefined);
      },
    }),
    vscode.languages.registerCompletionItemProvider(
      SELECTOR,
      {
        async provideCompletionItems(doc, position) {
          const items = (await connection.sendRequest('textDocument/completion', at(doc, position))) ?? [];
          return items.map((c) => {
            // VS Code's kinds are the protocol's minus one.
            const out = new vscode.CompletionItem(c.label, c.kind ? c.kind - 1 : undefined);
            out.detail = c.detail;
            if (c.documentation) out.documentation = new vscode.MarkdownString(c.documentation.value ?? c.documentation);
            out.sortText = c.sortText;
            if (c.textEdit) out.range = toRange(c.textEdit.range);
            return out;
          });
        },
      },
      '.',
      '@',
      '!',
      '(',
    ),
    vscode.languages.registerDefinitionProvider(SELECTOR, {
      async provideDefinition(doc, position) {
        const l = await connection.sendRequest('textDocument/definition', at(doc, position));
        return l ? new vscode.Location(vscode.Uri.parse(l.uri), toRange(l.range)) : undefined;
      },
    }),
    vscode.languages.registerDocumentSymbolProvider(SELECTOR, {
      async provideDocumentSymbols(doc) {
        const symbols = (await connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: doc.uri.toString() } })) ?? [];
        return symbols.map(toSymbol);
      },
    }),
    vscode.languages.registerCodeActionsProvider(SELECTOR, {
      async provideCodeActions(doc, range, context) {
        const ours = context.diagnostics.filter((d) => d.source === 'wgsl-lab');
        if (ours.length === 0) return [];
        const actions = await connection.sendRequest('textDocument/codeAction', {
          textDocument: { uri: doc.uri.toString() },
          range: fromRange(range),
          context: { diagnostics: ours.map(fromDiagnostic) },
        });
        return (actions ?? []).map((a) => {
          const action = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
          action.isPreferred = a.isPreferred;
          const edit = new vscode.WorkspaceEdit();
          for (const change of a.edit?.documentChanges ?? [])
            for (const e of change.edits) edit.replace(vscode.Uri.parse(change.textDocument.uri), toRange(e.range), e.newText);
          action.edit = edit;
          return action;
        });
      },
    }),
  ];

  return {
    async stop() {
      stopping = true;
      subscriptions.forEach((s) => s.dispose());
      try {
        await connection.sendRequest('shutdown');
        await connection.sendNotification('exit');
      } catch {
        child.kill();
      }
      connection.dispose();
    },
  };
}

const toRange = (r) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
const fromRange = (r) => ({
  start: { line: r.start.line, character: r.start.character },
  end: { line: r.end.line, character: r.end.character },
});

/** LSP severities count from 1 (error); VS Code's from 0. */
function toDiagnostic(d) {
  const out = new vscode.Diagnostic(toRange(d.range), d.message, (d.severity ?? 1) - 1);
  out.source = d.source;
  out.code = d.code;
  out.relatedInformation = d.relatedInformation?.map(
    (r) =>
      new vscode.DiagnosticRelatedInformation(new vscode.Location(vscode.Uri.parse(r.location.uri), toRange(r.location.range)), r.message),
  );
  // The server's fixes read what it attached to its own diagnostics.
  diagnosticData.set(out, d.data);
  return out;
}

const diagnosticData = new WeakMap();

function fromDiagnostic(d) {
  return {
    range: fromRange(d.range),
    message: d.message,
    severity: d.severity + 1,
    source: d.source,
    code: typeof d.code === 'object' && d.code !== null ? d.code.value : d.code,
    data: diagnosticData.get(d),
    relatedInformation: d.relatedInformation?.map((r) => ({
      location: { uri: r.location.uri.toString(), range: fromRange(r.location.range) },
      message: r.message,
    })),
  };
}

function toSymbol(s) {
  const out = new vscode.DocumentSymbol(s.name, s.detail ?? '', s.kind - 1, toRange(s.range), toRange(s.selectionRange));
  out.children = (s.children ?? []).map(toSymbol);
  return out;
}
