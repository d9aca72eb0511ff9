// Completion at a cursor, for the language server and the lab's editor alike: the `//!`
// directives on a header line, attributes after `@` (builtin values inside `@builtin(`),
// the members of a struct or vector after `.`, and otherwise every name that can be
// written there: builtin functions with their signatures, the module's functions, types,
// variables and constants, the locals and parameters declared above the cursor in its
// function, type names and keywords. Clients filter by the typed prefix; this module
// says where the word being completed starts.
import { lineEndAt, lineStarts, spanOfOffset } from '../diagnostics/index.js';
import { DIRECTIVES } from '../harness/directives.js';
import { KEYWORDS as WGSL_KEYWORDS } from '../wgsl/tokens.js';
import { BUILTIN_DOCS, builtinMarkdown } from '../wgsl/builtin-docs.js';
import type { ModuleInfo } from '../wgsl/module-info.js';
import { typeName, type Type } from '../wgsl/types.js';
import { functionAt } from '../wgsl/ast-positions.js';
import { documentModule, type DocumentModule } from './document-module.js';

export type CompletionKind = 'function' | 'variable' | 'constant' | 'member' | 'struct' | 'type' | 'keyword' | 'attribute' | 'directive';

export interface CompletionEntry {
  label: string;
  kind: CompletionKind;
  /** One line shown beside the label: a signature or a type. */
  detail?: string;
  /** Markdown shown for the selected entry. */
  documentation?: string;
}

export interface Completions {
  /** Where the word being completed starts (the entries replace text from here to the cursor). */
  from: number;
  items: CompletionEntry[];
}

const ATTRIBUTES: readonly [string, string][] = [
  ['compute', 'The function is a compute shader entry point.'],
  ['workgroup_size', 'Invocations per workgroup of a compute entry point: `@workgroup_size(x, y, z)`.'],
  ['vertex', 'The function is a vertex shader entry point.'],
  ['fragment', 'The function is a fragment shader entry point.'],
  ['group', 'The bind group of a resource variable: `@group(0)`.'],
  ['binding', 'The binding number of a resource variable within its group: `@binding(0)`.'],
  ['builtin', 'The parameter or member is a builtin value: `@builtin(global_invocation_id)`.'],
  ['location', 'The user-defined input or output location of a stage parameter or member.'],
  ['interpolate', 'How a fragment input is interpolated: `@interpolate(flat)`, `perspective`, `linear`.'],
  ['invariant', 'The vertex position output is computed identically across shaders.'],
  ['align', 'The byte alignment of a struct member.'],
  ['size', 'The byte size reserved for a struct member.'],
  ['id', 'The numeric id of a pipeline-overridable constant.'],
  ['must_use', 'A call to this function must use its result.'],
  ['const', 'The builtin function is evaluable at shader-creation time (builtins only).'],
  ['diagnostic', 'Changes the severity of a diagnostic for a function or statement: `@diagnostic(off, derivative_uniformity)`.'],
  ['blend_src', 'The blend source index of a fragment output (dual-source blending).'],
];

const BUILTIN_VALUES: readonly [string, string][] = [
  ['global_invocation_id', 'vec3<u32>: this invocation’s index in the whole dispatch.'],
  ['local_invocation_id', 'vec3<u32>: this invocation’s index within its workgroup.'],
  ['local_invocation_index', 'u32: the linear index within the workgroup.'],
  ['workgroup_id', 'vec3<u32>: the workgroup’s index in the dispatch.'],
  ['num_workgroups', 'vec3<u32>: the dispatch size in workgroups.'],
  ['subgroup_invocation_id', 'u32: the lane within the subgroup (needs enable subgroups).'],
  ['subgroup_size', 'u32: lanes per subgroup (needs enable subgroups).'],
  ['vertex_index', 'u32: the vertex’s index in the draw (vertex stage).'],
  ['instance_index', 'u32: the instance’s index in the draw (vertex stage).'],
  ['position', 'vec4<f32>: the clip position output of a vertex shader, the framebuffer position in a fragment shader.'],
  ['front_facing', 'bool: whether the fragment belongs to a front-facing primitive.'],
  ['frag_depth', 'f32: the depth written by a fragment shader.'],
  ['sample_index', 'u32: the sample being shaded (fragment stage).'],
  ['sample_mask', 'u32: the coverage mask (fragment stage).'],
];

const DIRECTIVE_DOCS: Readonly<Record<string, string>> = {
  dispatch: 'Workgroup counts x[, y[, z]] of the run: `//! dispatch 16`.',
  pass: 'One compute pass of an entry point, run in header order: `//! pass blur 4 4`.',
  buffer: 'A storage buffer for a binding, with an optional init expression of `i`: `//! buffer 0 f32[1024] = i * i`.',
  uniform: 'A uniform buffer, by value or by field name: `//! uniform 1 u32 = 6`.',
  expect: 'Values a binding must hold after the run: `//! expect 1[0..4] = 0, 1, 4, 9`.',
  override: 'A pipeline-overridable constant: `//! override WG = 64`.',
  texture: 'A texture for a binding, from a PNG or an init expression.',
  sampler: 'A sampler for a binding.',
};

const SCALAR_TYPES = ['bool', 'i32', 'u32', 'f32', 'f16'];
const GENERIC_TYPES = [
  'array',
  'atomic',
  'ptr',
  'vec2',
  'vec3',
  'vec4',
  'sampler',
  'sampler_comparison',
  'texture_2d',
  'texture_storage_2d',
];
const SHORT_TYPES = ['2', '3', '4'].flatMap((n) => ['f', 'h', 'i', 'u'].map((s) => `vec${n}${s}`));
const MATRIX_TYPES = ['2', '3', '4'].flatMap((c) => ['2', '3', '4'].flatMap((r) => [`mat${c}x${r}f`, `mat${c}x${r}h`]));
const KEYWORDS = [...WGSL_KEYWORDS];

/** The completions at `offset` of `text`, or undefined where none apply (inside a comment, after a number). */
export function completionsAt(text: string, offset: number): Completions | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);

  const header = /^\s*\/\/!\s*(\w*)$/.exec(before);
  if (header) {
    const word = header[1]!;
    return {
      from: offset - word.length,
      items: DIRECTIVES.map((d) => ({ label: d, kind: 'directive', documentation: DIRECTIVE_DOCS[d] })),
    };
  }
  if (inComment(text, offset)) return undefined;

  const builtinValue = /@builtin\(\s*(\w*)$/.exec(before);
  if (builtinValue)
    return {
      from: offset - builtinValue[1]!.length,
      items: BUILTIN_VALUES.map(([label, documentation]) => ({ label, kind: 'constant', documentation })),
    };

  const attribute = /@(\w*)$/.exec(before);
  if (attribute)
    return {
      from: offset - attribute[1]!.length,
      items: ATTRIBUTES.map(([label, documentation]) => ({ label, kind: 'attribute', documentation })),
    };

  const member = /([\w\])])\s*\.(\w*)$/.exec(before);
  if (member) {
    // `1.` and `2.5e` are numbers being typed, not member accesses.
    if (/(^|[^\w.])\d[\w.]*$/.test(before)) return undefined;
    const word = member[2]!;
    const dot = offset - word.length - 1;
    return { from: offset - word.length, items: memberCompletions(text, dot, offset) };
  }

  const word = /(\w*)$/.exec(before)![1]!;
  if (/^\d/.test(word)) return undefined;
  return { from: offset - word.length, items: nameCompletions(text, offset) };
}

/** Whether `offset` is inside a line comment or a (nested) block comment. */
function inComment(text: string, offset: number): boolean {
  let depth = 0;
  for (let i = 0; i < offset; i++) {
    const two = text.slice(i, i + 2);
    if (depth === 0 && two === '//') {
      const end = lineEndAt(text, i);
      if (end >= offset) return true;
      i = end;
    } else if (two === '/*') {
      depth++;
      i++;
    } else if (depth > 0 && two === '*/') {
      depth--;
      i++;
    }
  }
  return depth > 0;
}

/**
 * The typed module for completion. The text being edited rarely parses (`p.` is not an
 * expression), so when it does not, the line of the cursor and every other line left
 * ending in a bare `.` are blanked and the rest is analyzed: the declarations above and
 * around the cursor are what completion needs.
 */
function moduleFor(text: string, offset: number): DocumentModule {
  const doc = documentModule(text);
  if (doc.module) return doc;
  // Lines as WGSL splits them; each keeps its own line break, so offsets stay where they were.
  const starts = lineStarts(text);
  const cursorLine = spanOfOffset(text, offset).line - 1;
  const blanked = starts
    .map((start, i) => {
      const raw = text.slice(start, starts[i + 1] ?? text.length);
      const line = raw.replace(/(?:\r\n|[\n\v\f\r\u0085\u2028\u2029])$/, '');
      const blank = i === cursorLine || /[\w\])]\s*\.\s*$/.test(line);
      return blank ? ' '.repeat(line.length) + raw.slice(line.length) : raw;
    })
    .join('');
  const second = documentModule(blanked);
  return second.module || !doc.ast ? second : doc;
}

/** The value type behind a memory view or pointer. */
const stored = (t: Type): Type => (t.kind === 'ref' || t.kind === 'ptr' ? t.store : t);

function nameCompletions(text: string, offset: number): CompletionEntry[] {
  const items: CompletionEntry[] = [];
  const doc = moduleFor(text, offset);
  const m = doc.module;
  if (m) {
    const fn = functionAt(m.ast, offset);
    const info = fn ? m.functions.get(fn.name) : undefined;
    if (info) {
      const seen = new Set<string>();
      // Nearest declaration first: a later local shadows an earlier one of the same name.
      for (const v of [...info.params, ...info.locals].filter((x) => x.loc.offset < offset).reverse()) {
        if (seen.has(v.name)) continue;
        seen.add(v.name);
        items.push({
          label: v.name,
          kind: v.kind === 'const' ? 'constant' : 'variable',
          detail: `${v.kind === 'param' ? 'parameter' : v.kind} ${v.name}: ${typeName(v.type)}`,
        });
      }
    }
    for (const g of m.globals)
      items.push({
        label: g.name,
        kind: 'variable',
        detail: `var<${g.space}${g.space === 'storage' ? `, ${g.access}` : ''}> ${g.name}: ${typeName(g.type)}`,
      });
    for (const o of m.overrides) items.push({ label: o.name, kind: 'constant', detail: `override ${o.name}: ${typeName(o.type)}` });
    for (const f of m.functions.values())
      items.push({
        label: f.name,
        kind: 'function',
        detail: `fn ${f.name}(${f.params.map((p) => `${p.name}: ${typeName(p.type)}`).join(', ')})${f.returnType.kind === 'void' ? '' : ` -> ${typeName(f.returnType)}`}`,
      });
  }
  const listed = new Set(items.map((i) => i.label));
  for (const d of doc.ast?.decls ?? []) {
    if (!('name' in d) || listed.has(d.name)) continue;
    const kind: CompletionKind =
      d.kind === 'struct' || d.kind === 'alias' ? 'struct' : d.kind === 'fn' ? 'function' : d.kind === 'var' ? 'variable' : 'constant';
    items.push({ label: d.name, kind, detail: d.kind === 'struct' ? structDetail(m, d.name) : d.kind });
  }
  for (const [name, d] of Object.entries(BUILTIN_DOCS))
    items.push({ label: name, kind: 'function', detail: d.signatures[0], documentation: builtinMarkdown(name) });
  for (const t of [...SCALAR_TYPES, ...SHORT_TYPES, ...MATRIX_TYPES, ...GENERIC_TYPES]) items.push({ label: t, kind: 'type' });
  for (const k of KEYWORDS) items.push({ label: k, kind: 'keyword' });
  return items;
}

function structDetail(m: ModuleInfo | undefined, name: string): string {
  const s = m?.structs.get(name);
  return s ? `struct ${name} (${s.size} bytes)` : `struct ${name}`;
}

type Step = { member: string } | { index: true };

/** The members after the `.` at `dot`: a struct's fields, a vector's components. */
function memberCompletions(text: string, dot: number, offset: number): CompletionEntry[] {
  const chain = baseChain(text, dot);
  if (!chain) return [];
  const m = moduleFor(text, offset).module;
  if (!m) return [];
  let t = rootType(m, chain.root, offset);
  for (const step of chain.steps) {
    if (!t) return [];
    t = stepType(stored(t), step);
  }
  if (!t) return [];
  const v = stored(t);
  if (v.kind === 'struct')
    return v.members.map((x) => ({
      label: x.name,
      kind: 'member',
      detail: `${x.name}: ${typeName(x.type)}`,
      documentation: `offset ${x.offset}, size ${x.size} bytes`,
    }));
  if (v.kind === 'vec') {
    const comps = ['xyzw', 'rgba'].map((s) => s.slice(0, v.n).split('')).flat();
    return comps.map((c) => ({ label: c, kind: 'member', detail: `${c}: ${typeName(v.elem)}` }));
  }
  return [];
}

/** The expression before a `.` as a root name and member/index steps: `a.b[i].c` → a, [.b, [], .c]. */
function baseChain(text: string, dot: number): { root: string; steps: Step[] } | undefined {
  const steps: Step[] = [];
  let pos = dot;
  for (;;) {
    while (pos > 0 && /[ \t]/.test(text[pos - 1]!)) pos--;
    if (text[pos - 1] === ']') {
      let depth = 0;
      let i = pos - 1;
      for (; i >= 0; i--) {
        if (text[i] === ']') depth++;
        else if (text[i] === '[' && --depth === 0) break;
      }
      if (i < 0) return undefined;
      steps.push({ index: true });
      pos = i;
      continue;
    }
    let start = pos;
    while (start > 0 && /\w/.test(text[start - 1]!)) start--;
    if (start === pos) return undefined;
    const name = text.slice(start, pos);
    let p = start;
    while (p > 0 && /[ \t]/.test(text[p - 1]!)) p--;
    if (text[p - 1] === '.') {
      steps.push({ member: name });
      pos = p - 1;
      continue;
    }
    return { root: name, steps: steps.reverse() };
  }
}

function rootType(m: ModuleInfo, name: string, offset: number): Type | undefined {
  const fn = functionAt(m.ast, offset);
  const info = fn ? m.functions.get(fn.name) : undefined;
  const local = info ? [...info.params, ...info.locals].filter((v) => v.name === name && v.loc.offset < offset).pop() : undefined;
  if (local) return local.type;
  return m.globals.find((g) => g.name === name)?.type ?? m.overrides.find((o) => o.name === name)?.type;
}

function stepType(t: Type, step: Step): Type | undefined {
  if ('index' in step) {
    if (t.kind === 'array') return t.elem;
    if (t.kind === 'vec') return t.elem;
    if (t.kind === 'mat') return { kind: 'vec', n: t.rows, elem: t.elem };
    return undefined;
  }
  if (t.kind === 'struct') return t.members.find((x) => x.name === step.member)?.type;
  if (t.kind === 'vec' && /^([xyzw]{1,4}|[rgba]{1,4})$/.test(step.member))
    return step.member.length === 1 ? t.elem : { kind: 'vec', n: step.member.length as 2 | 3 | 4, elem: t.elem };
  return undefined;
}
