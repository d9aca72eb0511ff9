// Hover: on a `//!` line, what it declares; on an expression or a declared name, its type;
// on a workgroup-memory access, its bank-conflict degree and wavefronts from the latest
// analysis of the same text.
import type { BankConflictSite } from '../checks/report.js';
import { spanAt, spanOfOffset, type SourceSpan } from '../diagnostics/index.js';
import type * as A from '../wgsl/ast.js';
import type { ExprInfo, ModuleInfo } from '../wgsl/module-info.js';
import { typeName, type Type } from '../wgsl/types.js';
import { builtinDoc, builtinMarkdown } from '../wgsl/builtin-docs.js';
import { documentModule, wordAt } from './document-module.js';
import { headerHover } from './header-hover.js';
import { spanContains } from './ranges.js';
import type { LspSettings } from './settings.js';

export interface HoverResult {
  markdown: string;
  span: SourceSpan;
}

export function hoverAt(
  text: string,
  offset: number,
  sites: readonly BankConflictSite[] | undefined,
  settings: Pick<LspSettings, 'banks' | 'subgroupSize'>,
): HoverResult | undefined {
  const doc = documentModule(text);
  const line = spanOfOffset(text, offset).line;
  const header = headerHover(text, line, doc);
  if (header) return header;
  const typed = (doc.module ? typeAt(doc.module, offset) : undefined) ?? builtinNameAt(text, offset);
  const bank = sites ? bankAt(text, offset, sites, settings) : undefined;
  if (!typed && !bank) return undefined;
  return {
    markdown: [typed?.markdown, bank?.markdown].filter(Boolean).join('\n\n---\n\n'),
    span: typed?.span ?? bank!.span,
  };
}

const block = (code: string) => '```wgsl\n' + code + '\n```';

/** A value's type as written in WGSL; a memory view shows what it holds and where. */
function shownType(t: Type): string {
  return t.kind === 'ref' ? `${typeName(t.store)}  // in ${t.space} memory` : typeName(t);
}

function typeAt(m: ModuleInfo, offset: number): HoverResult | undefined {
  let best: { span: SourceSpan; markdown: string } | undefined;
  const consider = (span: SourceSpan, markdown: () => string) => {
    if (spanContains(span, offset) && (!best || span.length < best.span.length)) best = { span, markdown: markdown() };
  };
  for (const [e, info] of m.exprs) {
    const span = exprToken(e);
    if (span) consider(span, () => describeExpr(e, info));
  }
  for (const g of m.globals)
    consider(g.loc, () => block(`var<${g.space}${g.space === 'storage' ? `, ${g.access}` : ''}> ${g.name}: ${typeName(g.type)}`));
  for (const o of m.overrides) consider(o.decl.nameLoc, () => block(`override ${o.name}: ${typeName(o.type)}`));
  for (const f of m.functions.values()) {
    consider(f.decl.nameLoc, () => block(signature(f.name, f.params, f.returnType)));
    for (const v of [...f.params, ...f.locals])
      consider(v.loc, () => block(`${v.kind === 'param' ? '' : v.kind + ' '}${v.name}: ${typeName(v.type)}`));
  }
  for (const s of m.ast.decls)
    if (s.kind === 'struct') {
      const st = m.structs.get(s.name);
      if (st)
        consider(s.nameLoc, () =>
          block(
            `struct ${st.name} {\n${st.members.map((x) => `  ${x.name}: ${typeName(x.type)}, // offset ${x.offset}, size ${x.size}`).join('\n')}\n}`,
          ),
        );
    }
  return best;
}

/** The token an expression is hovered by: a name, a member name, a literal, a callee. */
function exprToken(e: A.Expr): SourceSpan | undefined {
  switch (e.kind) {
    case 'ident':
    case 'lit':
      return e.loc;
    case 'member':
      return e.memberLoc;
    case 'call':
      return e.callee.loc;
    default:
      return undefined;
  }
}

function describeExpr(e: A.Expr, info: ExprInfo): string {
  const t = info.concrete ?? info.type;
  if (e.kind === 'call' && info.call?.kind === 'fn') return block(signature(info.call.f.name, info.call.f.params, info.call.f.returnType));
  if (e.kind === 'call' && info.call?.kind === 'builtin') {
    const { name, overload } = info.call;
    const used = `${name}(${overload.params.map(typeName).join(', ')})${overload.result.kind === 'void' ? '' : ` -> ${typeName(t)}`}`;
    const docs = builtinMarkdown(name);
    // The documented signature already says it all when the call uses exactly that one.
    if (docs && builtinDoc(name)!.signatures.includes(used)) return docs;
    return `${block(used)}\n\nbuilt-in function${docs ? `\n\n---\n\n${docs}` : ''}`;
  }
  if (e.kind === 'call' && info.call?.kind === 'bitcast') {
    const { overload } = info.call;
    return `${block(`bitcast<${typeName(overload.result)}>(${typeName(overload.params[0]!)}) -> ${typeName(overload.result)}`)}\n\n---\n\n${builtinMarkdown('bitcast')}`;
  }
  const value = info.const ? `\n\nconstant value: ${info.const.v.length === 1 ? info.const.v[0] : `(${info.const.v.join(', ')})`}` : '';
  const name = e.kind === 'ident' ? e.name : e.kind === 'member' ? `.${e.member}` : e.kind === 'lit' ? e.text : '';
  return block(`${name}: ${shownType(t)}`) + value;
}

/**
 * A builtin's documentation by name, for calls the resolver could not type (the text does
 * not resolve yet, or the builtin is one the front end does not analyze, like dpdx).
 */
function builtinNameAt(text: string, offset: number): HoverResult | undefined {
  const w = wordAt(text, offset);
  if (!w || !/^\s*(<[^>]*>\s*)?\(/.test(text.slice(w.offset + w.word.length))) return undefined;
  const markdown = builtinMarkdown(w.word);
  return markdown ? { markdown, span: spanOfOffset(text, w.offset, w.word.length) } : undefined;
}

function signature(name: string, params: readonly { name: string; type: Type }[], ret: Type): string {
  return `fn ${name}(${params.map((p) => `${p.name}: ${typeName(p.type)}`).join(', ')})${ret.kind === 'void' ? '' : ` -> ${typeName(ret)}`}`;
}

function bankAt(
  text: string,
  offset: number,
  sites: readonly BankConflictSite[],
  settings: Pick<LspSettings, 'banks' | 'subgroupSize'>,
): HoverResult | undefined {
  const hits = sites
    .map((b) => ({ b, span: spanAt(text, b.line, b.column, Math.max(b.text?.length ?? 1, 1)) }))
    .filter((x) => spanContains(x.span, offset))
    .sort((x, y) => x.span.length - y.span.length);
  const hit = hits[0];
  if (!hit) return undefined;
  const { b } = hit;
  const degree =
    b.maxWays > 1
      ? `**${b.maxWays}-way bank conflict** (mean ${b.meanWays}-way): ${b.wavefronts} wavefronts where ${b.ideal} would do (excess ${b.excess})`
      : `**no bank conflict** (1-way): ${b.wavefronts} wavefronts, the ideal`;
  return {
    span: hit.span,
    markdown: `${degree} ${b.access === 'read' ? 'reading' : b.access === 'write' ? 'writing' : 'atomically accessing'} \`${b.text ?? b.variable}\`, over ${b.executions} subgroup executions.\n\nModel: ${settings.banks} banks of 4 bytes, subgroups of ${settings.subgroupSize}.`,
  };
}
