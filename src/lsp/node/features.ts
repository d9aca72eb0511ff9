// The editor features beyond diagnostics: hover, completion, go to definition, document
// symbols and the code actions whose fix the server has verified by analyzing the edited text.
import {
  CompletionItemKind,
  MarkupKind,
  type CodeAction,
  type CompletionItem,
  type Connection,
  type TextDocuments,
} from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from '../analyze-document.js';
import { completionsAt, type CompletionKind } from '../completion.js';
import { definitionAt } from '../definition.js';
import { applyFix, candidateFixes, fixHolds } from '../fixes.js';
import { hoverAt } from '../hover.js';
import { DIAGNOSTIC_SOURCE } from '../lsp-diagnostics.js';
import { offsetAt, offsetRange, spanRange } from '../ranges.js';
import type { LspSettings } from '../settings.js';
import { documentSymbols } from '../symbols.js';
import { AnalysisSlot, type WorkerEntry } from './analysis-slot.js';
import type { WgslCompiler } from './compiler.js';
import type { DocumentState } from './document-state.js';

export interface FeatureContext {
  state: Map<string, DocumentState>;
  settings: () => LspSettings;
  compiler: WgslCompiler;
  analysisWorker?: WorkerEntry;
}

const ITEM_KIND: Record<CompletionKind, CompletionItemKind> = {
  function: CompletionItemKind.Function,
  variable: CompletionItemKind.Variable,
  constant: CompletionItemKind.Constant,
  member: CompletionItemKind.Field,
  struct: CompletionItemKind.Struct,
  type: CompletionItemKind.TypeParameter,
  keyword: CompletionItemKind.Keyword,
  attribute: CompletionItemKind.Property,
  directive: CompletionItemKind.Keyword,
};

/** The characters after which the editor asks for completions without a word typed. */
export const COMPLETION_TRIGGERS = ['.', '@', '!', '('];

/** Registers the handlers; returns what stops the verifying worker. */
export function registerFeatures(connection: Connection, documents: TextDocuments<TextDocument>, ctx: FeatureContext): () => Promise<void> {
  connection.onHover(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return null;
    const text = doc.getText();
    const last = ctx.state.get(doc.uri)?.last;
    // Bank sites are only trusted for the text they were measured on.
    const sites = last?.version === doc.version ? last.analysis.bankConflicts : undefined;
    const hover = hoverAt(text, offsetAt(text, position), sites, ctx.settings());
    return hover ? { contents: { kind: 'markdown', value: hover.markdown }, range: spanRange(text, hover.span) } : null;
  });

  connection.onCompletion(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return null;
    const text = doc.getText();
    const offset = offsetAt(text, position);
    const result = completionsAt(text, offset);
    if (!result) return null;
    const range = offsetRange(text, result.from, offset - result.from);
    return result.items.map((c, i): CompletionItem => ({
      label: c.label,
      kind: ITEM_KIND[c.kind],
      detail: c.detail,
      documentation: c.documentation ? { kind: MarkupKind.Markdown, value: c.documentation } : undefined,
      // The module's own names first, then builtins, types and keywords, in the order given.
      sortText: String(i).padStart(5, '0'),
      textEdit: { range, newText: c.label },
    }));
  });

  connection.onDefinition(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return null;
    const text = doc.getText();
    const span = definitionAt(text, offsetAt(text, position));
    return span ? { uri: doc.uri, range: spanRange(text, span) } : null;
  });

  connection.onDocumentSymbol(({ textDocument }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? documentSymbols(doc.getText()) : null;
  });

  // A separate worker: verifying a fix must not cancel (or wait behind) the diagnostics.
  let verifier: AnalysisSlot | undefined;
  connection.onCodeAction(async ({ textDocument, context }) => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return null;
    const text = doc.getText();
    const version = doc.version;
    const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE);
    const candidates = candidateFixes(
      text,
      ours.map((d) => ({
        code: String(d.code),
        data: d.data,
        start: offsetAt(text, d.range.start),
        related: d.relatedInformation?.map((r) => offsetAt(text, r.location.range.start)) ?? [],
      })),
    );
    if (!candidates.length) return [];
    const settings = ctx.settings();
    const analyzeText = async (t: string): Promise<DocumentAnalysis | undefined> => {
      verifier ??= new AnalysisSlot(ctx.analysisWorker);
      const compile = await ctx.compiler.compile(t);
      const outcome = await verifier.run({ text: t, settings, compile }, settings.timeoutMs);
      return outcome.kind === 'done' ? outcome.analysis : undefined;
    };
    const before = await analyzeText(text);
    if (!before) return [];
    const actions: CodeAction[] = [];
    const fixed = new Set<number>();
    for (const fix of candidates) {
      // The first candidate that holds for a diagnostic is its fix.
      if (fixed.has(fix.diagnosticIndex)) continue;
      const after = await analyzeText(applyFix(text, fix));
      if (!after || !fixHolds(fix, before, after)) continue;
      fixed.add(fix.diagnosticIndex);
      const d = ours[fix.diagnosticIndex]!;
      actions.push({
        title: fix.title,
        kind: 'quickfix',
        diagnostics: [d],
        isPreferred: true,
        edit: {
          documentChanges: [
            {
              textDocument: { uri: doc.uri, version },
              edits: [{ range: offsetRange(text, fix.replace.offset, fix.replace.length), newText: fix.newText }],
            },
          ],
        },
      });
    }
    return actions;
  });
  return async () => {
    await verifier?.dispose();
  };
}
