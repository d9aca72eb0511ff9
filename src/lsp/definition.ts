// Go to definition: a name to its declaration (locals, parameters, globals, overrides,
// constants, functions, structs, aliases, struct members), and a `//!` header line to
// what it configures (buffer/uniform/expect lines to the variable of that binding, a
// pass to its entry point, an override to the shader's override).
import { spanOfOffset, type SourceSpan } from '../diagnostics/index.js';
import type * as A from '../wgsl/ast.js';
import type { ModuleInfo } from '../wgsl/module-info.js';
import { bindingOf, documentModule, wordAt, type DocumentModule } from './document-module.js';
import { isHeaderLine } from './header-hover.js';
import { spanContains } from './ranges.js';
import { lineSpan } from '../diagnostics/index.js';

export function definitionAt(text: string, offset: number): SourceSpan | undefined {
  const doc = documentModule(text);
  if (!doc.ast) return undefined;
  const line = spanOfOffset(text, offset).line;
  const ls = lineSpan(text, line);
  if (isHeaderLine(text.slice(ls.offset, ls.offset + ls.length))) return headerTarget(doc, doc.ast, line);
  return (doc.module && resolvedTarget(doc.module, offset)) ?? namedTarget(doc.ast, text, offset);
}

/** Through the resolver: the declaration the name under the cursor resolved to. */
function resolvedTarget(m: ModuleInfo, offset: number): SourceSpan | undefined {
  for (const [e, info] of m.exprs) {
    if (e.kind === 'ident' && spanContains(e.loc, offset)) {
      const r = info.ident;
      if (r?.kind === 'local') return r.v.loc;
      if (r?.kind === 'global') return r.g.loc;
      if (r?.kind === 'override') return r.o.decl.nameLoc;
      // A module-scope constant resolves to its value; its declaration is found by name below.
    }
    if (e.kind === 'call' && spanContains(e.callee.loc, offset) && info.call?.kind === 'fn') return info.call.f.decl.nameLoc;
    if (e.kind === 'member' && spanContains(e.memberLoc, offset)) {
      const base = m.exprs.get(e.base)?.type;
      const store = base?.kind === 'ref' || base?.kind === 'ptr' ? base.store : base;
      if (store?.kind === 'struct') {
        const decl = m.ast.decls.find((d): d is A.StructDecl => d.kind === 'struct' && d.name === store.name);
        const member = decl?.members.find((x) => x.name === e.member);
        if (member) return member.loc;
      }
    }
  }
  return undefined;
}

/** By name: module-scope declarations (types in type positions, constants, and everything when the text does not resolve). */
function namedTarget(ast: A.ModuleAst, text: string, offset: number): SourceSpan | undefined {
  const w = wordAt(text, offset);
  if (!w) return undefined;
  const decl = ast.decls.find((d) => 'name' in d && d.name === w.word);
  return decl && 'nameLoc' in decl ? decl.nameLoc : undefined;
}

function headerTarget(doc: DocumentModule, ast: A.ModuleAst, line: number): SourceSpan | undefined {
  const h = doc.harness;
  const ref = [...h.buffers, ...h.uniforms, ...h.expects].find((s) => s.line === line);
  if (ref) {
    const v = ast.decls.find((d): d is A.VarDecl => {
      if (d.kind !== 'var') return false;
      const b = bindingOf(d);
      return b?.group === ref.group && b.binding === ref.binding;
    });
    return v?.nameLoc;
  }
  const pass = h.passes.find((p) => p.line === line);
  const override = h.overrides.find((o) => o.line === line);
  const name = pass?.entry ?? override?.name;
  if (name === undefined) return undefined;
  const decl = ast.decls.find((d) => (d.kind === 'fn' || d.kind === 'override') && d.name === name);
  return decl && 'nameLoc' in decl ? decl.nameLoc : undefined;
}
