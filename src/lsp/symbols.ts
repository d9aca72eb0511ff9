// Document symbols: the module's functions, structs (with members), globals, constants,
// overrides and aliases, and the header's bindings and passes. From the syntax tree only,
// so the outline stays while a type error is being fixed.
import type { DocumentSymbol, SymbolKind } from 'vscode-languageserver';
import { lineSpan, spanOfOffset, type SourceSpan } from '../diagnostics/index.js';
import { bindingName, parseHarness } from '../harness/index.js';
import type * as A from '../wgsl/ast.js';
import { parseWgsl } from '../wgsl/parser.js';
import { offsetRange, spanRange } from './ranges.js';

// LSP's SymbolKind values (types only here: this module loads no runtime of the server).
const KIND = { field: 8, function: 12, variable: 13, constant: 14, struct: 23, event: 24, typeParameter: 26 } as const satisfies Record<
  string,
  SymbolKind
>;

export function documentSymbols(text: string): DocumentSymbol[] {
  const out: DocumentSymbol[] = headerSymbols(text);
  let ast: A.ModuleAst;
  try {
    ast = parseWgsl(text);
  } catch {
    return out;
  }
  ast.decls.forEach((d, i) => {
    if (d.kind === 'const_assert') return;
    // A declaration's range runs to where the next one starts (the AST keeps no end positions).
    const next = ast.decls[i + 1]?.loc.offset ?? text.length;
    const start = Math.min(d.loc.offset, d.nameLoc.offset);
    const end = start + text.slice(start, next).trimEnd().length;
    const symbol: DocumentSymbol = {
      name: d.name,
      kind: symbolKind(d),
      range: offsetRange(text, start, end - start),
      selectionRange: spanRange(text, d.nameLoc),
      detail: detail(d),
    };
    if (d.kind === 'struct')
      symbol.children = d.members.map((m) => ({
        name: m.name,
        kind: KIND.field,
        range: spanRange(text, m.loc),
        selectionRange: spanRange(text, m.loc),
      }));
    out.push(symbol);
  });
  return out;
}

function symbolKind(d: Exclude<A.Decl, A.ConstAssertDecl>): SymbolKind {
  switch (d.kind) {
    case 'fn':
      return KIND.function;
    case 'struct':
      return KIND.struct;
    case 'var':
      return KIND.variable;
    case 'const':
    case 'override':
      return KIND.constant;
    case 'alias':
      return KIND.typeParameter;
  }
}

function detail(d: Exclude<A.Decl, A.ConstAssertDecl>): string {
  switch (d.kind) {
    case 'fn': {
      const stage = d.attrs.find((a) => a.name === 'compute' || a.name === 'vertex' || a.name === 'fragment');
      return stage ? `@${stage.name}` : 'fn';
    }
    case 'var':
      return `var${d.addressSpace ? `<${[d.addressSpace, d.access].filter(Boolean).join(', ')}>` : ''}`;
    default:
      return d.kind;
  }
}

/** The header's buffers, uniforms and passes (the lines a run is set up by). */
function headerSymbols(text: string): DocumentSymbol[] {
  const h = parseHarness(text).harness;
  const line = (at: SourceSpan) => {
    const ls = lineSpan(text, at.line);
    return { range: offsetRange(text, ls.offset, ls.length), selectionRange: spanRange(text, at) };
  };
  const whole = (at: SourceSpan) => ({ ...at, ...spanOfOffset(text, at.offset, at.length) });
  return [
    ...h.buffers.map((b) => ({
      name: `buffer ${bindingName(b)}`,
      detail: `${b.type}[${b.count}]`,
      kind: KIND.variable,
      ...line(whole(b)),
    })),
    ...h.uniforms.map((u) => ({
      name: `uniform ${bindingName(u)}`,
      detail: u.count === undefined ? u.type : `${u.type}[${u.count}]`,
      kind: KIND.variable,
      ...line(whole(u)),
    })),
    ...h.passes.map((p) => ({ name: `pass ${p.entry}`, detail: p.dispatch.join(' × '), kind: KIND.event, ...line(whole(p)) })),
  ];
}
