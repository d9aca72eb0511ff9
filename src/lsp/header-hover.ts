// What a `//!` header line declares, in words, for hover: the buffer and the variable it
// binds, the dispatch and the invocations it makes, an expectation, an override, a pass.
import { lineSpan, type SourceSpan } from '../diagnostics/index.js';
import { bindingName, type Harness } from '../harness/index.js';
import { typeName } from '../wgsl/types.js';
import type { DocumentModule } from './document-module.js';

export function isHeaderLine(lineText: string): boolean {
  return /^\s*\/\/!/.test(lineText);
}

export function headerHover(text: string, line: number, doc: DocumentModule): { markdown: string; span: SourceSpan } | undefined {
  const span = lineSpan(text, line);
  if (!isHeaderLine(text.slice(span.offset, span.offset + span.length))) return undefined;
  const markdown = describeHeaderLine(doc, line);
  return markdown ? { markdown, span } : undefined;
}

function describeHeaderLine(doc: DocumentModule, line: number): string | undefined {
  const h: Harness = doc.harness;
  const bound = (ref: { group: number; binding: number }) => {
    const g = doc.module?.globals.find((x) => x.group === ref.group && x.binding === ref.binding);
    return g
      ? `\n\nBinds \`var<${g.space}${g.space === 'storage' ? `, ${g.access}` : ''}> ${g.name}: ${typeName(g.type)}\`.`
      : doc.module
        ? `\n\nNo variable of the shader has ${bindingName(ref)}.`
        : '';
  };
  const buffer = h.buffers.find((b) => b.line === line);
  if (buffer) {
    const init = buffer.file
      ? `read from the file \`${buffer.file.path}\``
      : buffer.initText
        ? `filled with \`${buffer.initText}\` (i = element index)`
        : 'zero-filled';
    return `**buffer** ${bindingName(buffer)}: ${buffer.count} × \`${buffer.type}\` (${buffer.count * 4} bytes), ${init}.${bound(buffer)}`;
  }
  const uniform = h.uniforms.find((u) => u.line === line);
  if (uniform) {
    const what = uniform.count === undefined ? `one \`${uniform.type}\`` : `${uniform.count} raw words of \`${uniform.type}\``;
    const init = uniform.file ? `read from the file \`${uniform.file.path}\`` : `= \`${uniform.initText ?? ''}\``;
    return `**uniform** ${bindingName(uniform)}: ${what}, ${init}.${bound(uniform)}`;
  }
  const expect = h.expects.find((e) => e.line === line);
  if (expect) {
    const what = expect.file
      ? `the whole buffer equals the file \`${expect.file.path}\``
      : `elements ${expect.start}..${expect.end} (end exclusive) must equal ${expect.values.length} given value(s)`;
    return `**expect** ${bindingName(expect)}: after the run, ${what} (f32 within a few ULP).${bound(expect)}`;
  }
  const override = h.overrides.find((o) => o.line === line);
  if (override) {
    const decl = doc.module?.overrides.find((o) => o.name === override.name);
    return `**override** \`${override.name}\` = ${override.value}: the pipeline constant given to the shader's \`override ${override.name}\`${decl ? `: ${typeName(decl.type)}` : ' (the shader declares no such override)'}.`;
  }
  const pass = h.passes.find((p) => p.line === line);
  if (pass)
    return `**pass** \`${pass.entry}\`: one compute pass of ${pass.dispatch.join(' × ')} workgroups, run in header order.${invocations(doc, pass.dispatch, pass.entry)}`;
  if (h.dispatchLocation?.line === line) return `**dispatch** ${h.dispatch.join(' × ')} workgroups.${invocations(doc, h.dispatch)}`;
  return undefined;
}

function invocations(doc: DocumentModule, dispatch: [number, number, number], entry?: string): string {
  const fn = doc.module?.entryPoints.find((f) => f.stage === 'compute' && (entry === undefined || f.name === entry));
  if (!fn?.workgroupSize) return '';
  const per = fn.workgroupSize[0] * fn.workgroupSize[1] * fn.workgroupSize[2];
  const groups = dispatch[0] * dispatch[1] * dispatch[2];
  return `\n\n\`${fn.name}\` has @workgroup_size(${fn.workgroupSize.join(', ')}): ${groups} × ${per} = ${groups * per} invocations.`;
}
