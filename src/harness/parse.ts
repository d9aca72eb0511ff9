// parseHarness: turns the `//!` header lines of a .wgsl file into a Harness
// and the complete list of problems. Lines are parsed one by one
// (directives.ts); this module adds the checks that need the whole file:
// duplicate dispatch, duplicate bindings, and whether each `expect` fits the
// buffer it names (which may be declared further down the file).

import type { BindingRef, BufferSpec, ElementType, EntrySection, ExpectSpec, Harness, UniformSpec } from './types.js';
import { HarnessError, sortHarnessErrors } from './errors.js';
import { findHeaderLines, headerSpan, type HeaderLine } from './scan.js';
import type { SourceSpan } from '../diagnostics/index.js';
import { parseDirective, type DeclarationSink, type Directive, type ExpectDirective } from './directives.js';
import type { SamplerSpec, TextureExpectSpec, TextureSpec } from './types.js';
import { resolveTextureExpect } from './texture-expect.js';

export interface ParseResult {
  /**
   * Everything that parsed cleanly. When `errors` is not empty this is
   * partial (bad lines are left out) and must not be run.
   */
  harness: Harness;
  /** Every problem in the file, ordered by line and column. Empty when the header is valid. */
  errors: HarnessError[];
}

interface Declaration {
  kind: 'buffer' | 'uniform' | 'texture' | 'sampler';
  line: number;
  /** Undefined when the declaring line had an error after its binding reference. */
  spec?: BufferSpec | UniformSpec | TextureSpec | SamplerSpec;
}

/**
 * The header errors reported before the rest of the header is left unchecked: more than
 * anyone fixes in one go, and each costs an exception, so a header of 100,000 bad lines
 * (a 3 MB document in the language server) would otherwise take seconds to read.
 */
export const MAX_HEADER_ERRORS = 100;

/** Parses all header lines of `source`. Never throws for malformed headers: see `errors`. */
export function parseHarness(source: string): ParseResult {
  const errors: HarnessError[] = [];
  const harness: Harness = { dispatch: [1, 1, 1], passes: [], buffers: [], uniforms: [], expects: [], overrides: [] };
  const declarations = new Map<string, Declaration>();
  const expects: { d: ExpectDirective; header: HeaderLine; section?: EntrySection }[] = [];
  const textureExpects: { d: TextureExpectSpec; header: HeaderLine; section?: EntrySection }[] = [];
  let dispatchLine: number | undefined;
  // The `entry` section the lines belong to, from its `entry` line to the next one.
  let section: EntrySection | undefined;
  const sections: EntrySection[] = [];

  const declare = (ref: BindingRef, at: SourceSpan, decl: Declaration): boolean => {
    const key = `${ref.group}:${ref.binding}`;
    const first = declarations.get(key);
    if (first) {
      errors.push(
        new HarnessError(`${bindingName(ref)} is declared twice; the ${first.kind} on line ${first.line} already declares it`, at),
      );
      return false;
    }
    declarations.set(key, decl);
    return true;
  };

  const lines = findHeaderLines(source);
  for (const [index, header] of lines.entries()) {
    if (errors.length >= MAX_HEADER_ERRORS) {
      const left = lines.length - index;
      const message = `more than ${MAX_HEADER_ERRORS} header errors: stopped here, ${left} more header line${left === 1 ? ' was' : 's were'} not checked`;
      errors.push(new HarnessError(message, headerSpan(header, 1)));
      return { harness, errors: sortHarnessErrors(errors) };
    }
    const sink: DeclarationSink = {};
    let d: Directive;
    try {
      d = parseDirective(header, sink);
    } catch (e) {
      if (!(e instanceof HarnessError)) throw e;
      errors.push(e);
      // Remember the binding anyway, so later lines are not blamed for it.
      if (sink.declared) declare(sink.declared, headerSpan(header, sink.declared.column), { kind: sink.declared.kind, line: header.line });
      continue;
    }
    const at = (column: number) => headerSpan(header, column);
    if (section && (d.kind === 'buffer' || d.kind === 'uniform' || d.kind === 'texture' || d.kind === 'sampler'))
      errors.push(
        new HarnessError(
          `${d.kind} lines are shared by every entry point: put this one before the first entry line (line ${sections[0]!.line})`,
          at(d.spec.column),
        ),
      );
    switch (d.kind) {
      case 'entry': {
        if (harness.passes.length) {
          errors.push(
            new HarnessError(
              `a file has either pass lines or entry sections; line ${harness.passes[0]!.line} already has a pass`,
              at(d.column),
            ),
          );
          break;
        }
        const first = sections.find((s) => s.name === d.name);
        if (first) {
          errors.push(new HarnessError(`entry '${d.name}' already has a section, on line ${first.line}`, at(d.nameColumn)));
          // Its lines still belong to a section, so they are not taken for the whole file's.
          section = { name: d.name, nameLoc: at(d.nameColumn), ...at(d.column), overrides: [], expects: [] };
          break;
        }
        section = { name: d.name, nameLoc: at(d.nameColumn), ...at(d.column), overrides: [], expects: [] };
        sections.push(section);
        break;
      }
      case 'dispatch':
        if (section) {
          if (section.dispatch)
            errors.push(
              new HarnessError(
                `duplicate dispatch for entry '${section.name}'; the first one is on line ${section.dispatchLocation!.line}`,
                at(d.column),
              ),
            );
          else {
            section.dispatch = [d.counts[0] ?? 1, d.counts[1] ?? 1, d.counts[2] ?? 1];
            section.dispatchLocation = at(d.column);
          }
          break;
        }
        if (dispatchLine !== undefined) {
          errors.push(new HarnessError(`duplicate dispatch; the first one is on line ${dispatchLine}`, at(d.column)));
          break;
        }
        if (harness.passes.length) {
          errors.push(
            new HarnessError(
              `a file has either one dispatch line or pass lines; line ${harness.passes[0]!.line} already has a pass`,
              at(d.column),
            ),
          );
          break;
        }
        dispatchLine = d.line;
        harness.dispatch = [d.counts[0] ?? 1, d.counts[1] ?? 1, d.counts[2] ?? 1];
        harness.dispatchLocation = at(d.column);
        break;
      case 'pass':
        if (sections.length) {
          errors.push(
            new HarnessError(
              `a file has either pass lines or entry sections; line ${sections[0]!.line} already opens entry '${sections[0]!.name}'`,
              at(d.column),
            ),
          );
          break;
        }
        if (dispatchLine !== undefined) {
          errors.push(
            new HarnessError(
              `a file has either one dispatch line or pass lines; line ${dispatchLine} already has a dispatch`,
              at(d.column),
            ),
          );
          break;
        }
        harness.passes.push({
          entry: d.entry,
          entryLoc: at(d.entryColumn),
          ...at(d.column),
          dispatch: [d.counts[0] ?? 1, d.counts[1] ?? 1, d.counts[2] ?? 1],
        });
        break;
      case 'buffer':
        if (declare(d.spec, at(d.refColumn), { kind: 'buffer', line: d.spec.line, spec: d.spec })) harness.buffers.push(d.spec);
        break;
      case 'uniform':
        if (declare(d.spec, at(d.refColumn), { kind: 'uniform', line: d.spec.line, spec: d.spec })) harness.uniforms.push(d.spec);
        break;
      case 'expect':
        expects.push({ d, header, section });
        break;
      case 'texture':
        if (declare(d.spec, at(d.refColumn), { kind: 'texture', line: d.spec.line, spec: d.spec })) (harness.textures ??= []).push(d.spec);
        break;
      case 'sampler':
        if (declare(d.spec, at(d.refColumn), { kind: 'sampler', line: d.spec.line, spec: d.spec })) (harness.samplers ??= []).push(d.spec);
        break;
      case 'expect-texture':
        textureExpects.push({ d: d.spec, header, section });
        break;
      case 'tolerance':
        if (harness.tolerance)
          errors.push(new HarnessError(`duplicate tolerance; the first one is on line ${harness.tolerance.line}`, at(d.column)));
        else harness.tolerance = { ulps: d.ulps, ...at(d.column) };
        break;
      case 'override': {
        const overrides = section ? section.overrides : harness.overrides;
        const first = overrides.find((o) => o.name === d.name);
        if (first)
          errors.push(new HarnessError(`override '${d.name}' is given twice; the first value is on line ${first.line}`, at(d.nameColumn)));
        else overrides.push({ name: d.name, value: d.value, ...at(d.column) });
        break;
      }
    }
  }

  for (const { d, header, section } of textureExpects) {
    const spec = resolveTextureExpect(d, header, declarations.get(`${d.group}:${d.binding}`), errors);
    if (spec) ((section ?? harness).textureExpects ??= []).push(spec);
  }
  for (const { d, header, section } of expects) {
    const spec = resolveExpect(d, header, declarations.get(`${d.group}:${d.binding}`), errors);
    if (spec) (section ?? harness).expects.push(spec);
  }
  if (sections.length) harness.entries = sections;
  return { harness, errors: sortHarnessErrors(errors) };
}

/** How bindings are named in messages: the WGSL attribute syntax users know. */
export function bindingName(ref: BindingRef): string {
  return `@group(${ref.group}) @binding(${ref.binding})`;
}

/**
 * Checks an expect line against the rest of the file, reporting every problem
 * it has (not just the first). Returns the spec only when there were none.
 */
function resolveExpect(
  d: ExpectDirective,
  header: HeaderLine,
  decl: Declaration | undefined,
  errors: HarnessError[],
): ExpectSpec | undefined {
  const before = errors.length;
  const fail = (column: number, reason: string) => errors.push(new HarnessError(reason, headerSpan(header, column)));
  const start = d.start.value;
  const end = d.end.value;
  const where = bindingName(d);
  const rangeText = `${d.start.text}..${d.end.text}`;
  if (d.file) return resolveFileExpect(d, header, decl, errors);
  if (decl?.kind === 'buffer' && decl.spec && ((decl.spec as BufferSpec).typed || d.path))
    return resolveFieldExpect(d, header, decl.spec as BufferSpec, errors);

  if (!d.single && end === start)
    fail(d.start.column, `expect range ${rangeText} is empty; the end is exclusive, so write ${start}..${start + 1} for one element`);
  if (!d.single && end < start)
    fail(d.start.column, `expect range ${rangeText} is reversed; the start must be less than the (exclusive) end`);
  const length = end - start;
  if (length > 0 && d.values.length !== length) {
    const column = d.values.length > length ? d.values[length]!.column : d.valuesColumn;
    const want = d.single ? `1 value for element ${start}` : `${length} values for range ${rangeText}`;
    fail(column, `expected ${want}, found ${d.values.length}`);
  }

  if (!decl) {
    fail(d.refColumn, `expect names ${where}, but no buffer line declares it`);
  } else if (decl.kind === 'texture' || decl.kind === 'sampler') {
    fail(
      d.refColumn,
      `expect names ${where}, which is a ${decl.kind}; check a texel with \`expect texture ${d.group}:${d.binding} (x, y) = …\``,
    );
  } else if (decl.kind === 'uniform') {
    fail(d.refColumn, `expect names ${where}, which is a uniform; only storage buffers (buffer lines) can be checked`);
  } else if (decl.spec) {
    const { count, type } = decl.spec as BufferSpec;
    if (length > 0 && end > count) {
      const elements = `${count} element${count === 1 ? '' : 's'}`;
      if (d.single) fail(d.start.column, `element ${start} is outside ${where}, which has ${elements} (indices 0 to ${count - 1})`);
      else fail(start >= count ? d.start.column : d.end.column, `expect range ${rangeText} is outside ${where}, which has ${elements}`);
    }
    for (const v of d.values) {
      const problem = valueProblem(v.value, type);
      if (problem) fail(v.column, `${problem}, found '${v.text}'`);
    }
  }

  if (errors.length > before || !decl?.spec) return undefined;
  // Integers are compared exactly; normalise `-0` so it never shows up in reports.
  const values = d.values.map((v) => ((decl.spec as BufferSpec).type === 'f32' ? v.value : v.value + 0));
  return { group: d.group, binding: d.binding, ...headerSpan(header, d.column), start, end, values };
}

/**
 * An expect line of a struct buffer: the number and types of its values depend on the
 * shader's layout, so only the element range is checked here (runner/field-expects.ts
 * checks the rest).
 */
function resolveFieldExpect(d: ExpectDirective, header: HeaderLine, spec: BufferSpec, errors: HarnessError[]): ExpectSpec | undefined {
  const fail = (column: number, reason: string) => errors.push(new HarnessError(reason, headerSpan(header, column)));
  const where = bindingName(d);
  if (!spec.typed) {
    fail(
      d.path![0]!.at.column,
      `${where} is a buffer of ${spec.type}; a field path needs a struct buffer (\`//! buffer ${d.binding} NAME[COUNT]\`)`,
    );
    return undefined;
  }
  const start = d.start.value;
  const end = d.end.value;
  const rangeText = `${d.start.text}..${d.end.text}`;
  if (!d.single && end <= start)
    fail(d.start.column, `expect range ${rangeText} is ${end === start ? 'empty; the end is exclusive' : 'reversed'}`);
  if (!d.whole && end > spec.count)
    fail(
      d.start.column,
      `expect range ${d.single ? `[${start}]` : rangeText} is outside ${where}, which has ${spec.count} element${spec.count === 1 ? '' : 's'}`,
    );
  if (errors.some((e) => e.loc.line === d.line)) return undefined;
  return {
    group: d.group,
    binding: d.binding,
    ...headerSpan(header, d.column),
    start,
    end,
    values: d.values.map((v) => v.value),
    ...(d.path ? { path: d.path } : {}),
    ...(d.whole ? { whole: true } : {}),
  };
}

/** `expect G:B = file("NAME")`: the whole buffer; its values come from the file (attachFiles). */
function resolveFileExpect(
  d: ExpectDirective,
  header: HeaderLine,
  decl: Declaration | undefined,
  errors: HarnessError[],
): ExpectSpec | undefined {
  const where = bindingName(d);
  const ref = headerSpan(header, d.refColumn);
  if (!decl) errors.push(new HarnessError(`expect names ${where}, but no buffer line declares it`, ref));
  else if (decl.kind === 'texture' || decl.kind === 'sampler')
    errors.push(new HarnessError(`expect names ${where}, which is a ${decl.kind}; a file can only be compared with a buffer`, ref));
  else if (decl.kind === 'uniform')
    errors.push(new HarnessError(`expect names ${where}, which is a uniform; only storage buffers (buffer lines) can be checked`, ref));
  if (!decl?.spec || decl.kind !== 'buffer') return undefined;
  if ((decl.spec as BufferSpec).typed) {
    // A file holds raw elements of one type; a struct buffer is compared by field.
    errors.push(
      new HarnessError(`${where} is a struct buffer: compare it by field (\`expect ${d.binding}[0..N].FIELD = …\`), not with a file`, ref),
    );
    return undefined;
  }
  return {
    group: d.group,
    binding: d.binding,
    ...headerSpan(header, d.column),
    start: 0,
    end: (decl.spec as BufferSpec).count,
    values: [],
    file: d.file,
  };
}

const INT_RANGE: Record<'i32' | 'u32', [number, number]> = {
  i32: [-(2 ** 31), 2 ** 31 - 1],
  u32: [0, 2 ** 32 - 1],
};

/** Why `value` cannot be an expected element of a `type` buffer, as "expected ...", or undefined. */
function valueProblem(value: number, type: ElementType): string | undefined {
  if (type === 'f16') {
    if (Number.isFinite(value) && Math.abs(value) >= 65520) return 'expected a value within the f16 range (magnitude at most 65504)';
    return undefined;
  }
  if (type === 'f32') {
    // A finite number that rounds to infinity would silently expect inf.
    if (Number.isFinite(value) && !Number.isFinite(Math.fround(value))) {
      return 'expected a value within the f32 range (magnitude at most 3.4028235e38)';
    }
    return undefined;
  }
  const [lo, hi] = INT_RANGE[type];
  if (!Number.isInteger(value)) return `expected an integer (the buffer is ${type})`;
  if (value < lo || value > hi) return `expected a ${type} value from ${lo} to ${hi}`;
  return undefined;
}
