// A stand-in for the `vscode` module, just enough of VS Code's API for the extension's
// client (editors/vscode/src/client.js) to activate outside VS Code: it records the
// providers, event listeners and diagnostics the client registers, so a test can play the
// editor (open a document, ask for a hover) and see what the client made of the server's
// answers. Placed as node_modules/vscode/index.js above an unpacked extension.
'use strict';
const listeners = { open: [], change: [], save: [], close: [], config: [] };
/** The wgsl-lab.command setting (a test sets it), and the error messages shown. */
const settings = { command: [] };
const errors = [];
const providers = {};
const diagnostics = new Map();
const disposable = { dispose() {} };
const on = (list) => (f) => (list.push(f), disposable);

class Range {
  constructor(a, b, c, d) {
    this.start = { line: a, character: b };
    this.end = { line: c, character: d };
  }
}
class Hover {
  constructor(contents, range) {
    this.contents = contents;
    this.range = range;
  }
}
class MarkdownString {
  constructor(value) {
    this.value = value;
  }
}
class CompletionItem {
  constructor(label, kind) {
    this.label = label;
    this.kind = kind;
  }
}
class Location {
  constructor(uri, range) {
    this.uri = uri;
    this.range = range;
  }
}
class Diagnostic {
  constructor(range, message, severity) {
    this.range = range;
    this.message = message;
    this.severity = severity;
  }
}
class DiagnosticRelatedInformation {
  constructor(location, message) {
    this.location = location;
    this.message = message;
  }
}
class DocumentSymbol {
  constructor(name, detail, kind, range, selectionRange) {
    Object.assign(this, { name, detail, kind, range, selectionRange, children: [] });
  }
}
class CodeAction {
  constructor(title, kind) {
    this.title = title;
    this.kind = kind;
  }
}
class WorkspaceEdit {
  constructor() {
    this.edits = [];
  }
  replace(uri, range, newText) {
    this.edits.push({ uri, range, newText });
  }
}
const Uri = { parse: (s) => ({ toString: () => s, fsPath: s.replace(/^file:\/\//, '') }) };

module.exports = {
  Range,
  Hover,
  MarkdownString,
  CompletionItem,
  Location,
  Diagnostic,
  DiagnosticRelatedInformation,
  DocumentSymbol,
  CodeAction,
  CodeActionKind: { QuickFix: 'quickfix' },
  WorkspaceEdit,
  Uri,
  workspace: {
    // Plain data for the section (what JSON.stringify keeps of VS Code's configuration object).
    getConfiguration: () => ({ maxSteps: 2000000, get: (key) => (key === 'command' ? settings.command : undefined) }),
    workspaceFolders: undefined,
    textDocuments: [],
    onDidOpenTextDocument: on(listeners.open),
    onDidChangeTextDocument: on(listeners.change),
    onDidSaveTextDocument: on(listeners.save),
    onDidCloseTextDocument: on(listeners.close),
    onDidChangeConfiguration: on(listeners.config),
  },
  window: {
    createOutputChannel: () => ({ lines: [], append() {}, appendLine() {}, dispose() {} }),
    showWarningMessage: async () => undefined,
    showErrorMessage: async (message) => void errors.push(message),
  },
  languages: {
    match: (selector, doc) => (selector.some((s) => s.language === doc.languageId) ? 10 : 0),
    createDiagnosticCollection: () => ({
      set: (uri, list) => diagnostics.set(uri.toString(), list),
      delete: (uri) => diagnostics.delete(uri.toString()),
      dispose() {},
    }),
    registerHoverProvider: (_s, p) => ((providers.hover = p), disposable),
    registerCompletionItemProvider: (_s, p, ...triggers) => ((providers.completion = p), (providers.triggers = triggers), disposable),
    registerDefinitionProvider: (_s, p) => ((providers.definition = p), disposable),
    registerDocumentSymbolProvider: (_s, p) => ((providers.symbols = p), disposable),
    registerCodeActionsProvider: (_s, p) => ((providers.codeActions = p), disposable),
  },
  stub: { listeners, providers, diagnostics, Uri, settings, errors },
};
