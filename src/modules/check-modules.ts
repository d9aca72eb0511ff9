// `check` of a file that imports modules: link it (WESL through the `wesl` package, naga_oil
// style through our own linker), check the linked text, and report every finding at its
// place in the original files. A file without module syntax is checked as it is. A link
// error (a missing module, an unknown item, a cycle, a bad preprocessor line) is the file's
// compile error at the place it names, like any other reason the shader does not build.
import type { CheckReport } from '../checks/report.js';
import type { CheckedEntries } from '../runner/check-source.js';
import { diagnostic, spanAt } from '../diagnostics/index.js';
import { ModuleError } from './errors.js';
import type { LinkedSource } from './linked-source.js';
import { buildNagaIndex, declaredModulePath } from './naga-oil/index.js';
import { linkNagaOil } from './naga-oil/link.js';
import { remapError, remapReport } from './remap-report.js';
import type { ShaderDefs } from './shader-defs.js';
import { linkWesl, usesWesl } from './wesl-link.js';

export type ModuleStyle = 'naga-oil' | 'wesl';

/** Where a file's modules come from. */
export interface ModuleContext {
  /** The files modules may be found in (file → text): the repository's shaders. */
  files: ReadonlyMap<string, string>;
  /** The WESL package root (`package::`), as a prefix of the file names ('' for the current folder). */
  weslRoot: string;
  /** Shader defs (`--define`): naga_oil's `#ifdef`/`#if`, and WESL's `@if` conditions when boolean. */
  defs?: ShaderDefs;
}

/** Which module syntax a file uses, if any: naga_oil's `#` directives or WESL's `import`/`@if`. */
export function moduleStyle(text: string): ModuleStyle | undefined {
  if (/^[ \t]*#[ \t]*(import|define_import_path|ifdef|ifndef|if|define|else|endif)\b/m.test(text) || /#\{[A-Za-z_]\w*\}/.test(text))
    return 'naga-oil';
  if (usesWesl(text)) return 'wesl';
  return undefined;
}

/** The file linked with its modules, or undefined when it uses no module syntax. Throws ModuleError. */
export async function linkForCheck(file: string, text: string, context: ModuleContext): Promise<LinkedSource | undefined> {
  const style = moduleStyle(text);
  if (style === 'naga-oil') {
    return linkNagaOil({ file, text, files: context.files, index: buildNagaIndex(context.files), defs: context.defs });
  }
  if (style === 'wesl') {
    const conditions = Object.fromEntries([...(context.defs ?? [])].map(([k, v]) => [k, v !== false && v !== 0]));
    return linkWesl({ file, text, files: context.files, root: context.weslRoot, conditions });
  }
  return undefined;
}

export interface CheckedModules {
  /** The files the report's locations may lie in (the checked file and its modules), with their texts. */
  files: ReadonlyMap<string, string>;
}

/**
 * Checks `text` (named `file`) with `check`, linked first when it imports; the reports'
 * locations (one report per entry point) are the original files'. `model` fills the report of a file that fails to link.
 */
export async function checkWithModules(
  file: string,
  text: string,
  context: ModuleContext | undefined,
  check: (source: string) => Promise<CheckedEntries>,
  model: { banks?: number; subgroupSize?: number } = {},
): Promise<CheckedEntries & CheckedModules> {
  const own = new Map([[file, text]]);
  if (!context || !moduleStyle(text)) return { ...(await check(text)), files: own };
  let linked: LinkedSource | undefined;
  try {
    linked = await linkForCheck(file, text, context);
  } catch (e) {
    if (!(e instanceof ModuleError)) throw e;
    // A module that needs a def its importers set (`#if N > 2`, `#{N}`) is checked only as
    // part of them: alone it is incomplete, not wrong.
    if (e.missingDef !== undefined && e.place.file === file && declaredModulePath(text) !== undefined)
      return { reports: [moduleOnlyReport(file, e.missingDef, model)], files: own };
    const files = new Map(own);
    const moduleText = e.place.file === file ? text : context.files.get(e.place.file);
    if (moduleText !== undefined) files.set(e.place.file, moduleText);
    return { reports: [linkErrorReport(file, e, moduleText ?? '', model)], files };
  }
  if (!linked) return { ...(await check(text)), files: own };
  let checked: CheckedEntries;
  try {
    checked = await check(linked.source);
  } catch (e) {
    throw remapError(e, linked, file);
  }
  return { ...checked, reports: checked.reports.map((r) => remapReport(r, linked)), files: linked.files };
}

/** The report of a file whose modules could not be linked: one compile error at the link error's place. */
export function linkErrorReport(file: string, e: ModuleError, text: string, model: { banks?: number; subgroupSize?: number }): CheckReport {
  const { place } = e;
  const other = place.file !== file ? { file: place.file } : {};
  return {
    file,
    compile: { ok: false, messages: [{ severity: 'error', line: place.line, column: place.column, message: e.message, ...other }] },
    diagnostics: [
      diagnostic({
        severity: 'error',
        kind: 'compile-error',
        message: e.message,
        loc: spanAt(text, place.line, place.column, e.length),
        ...other,
      }),
    ],
    bankConflicts: [],
    model: { banks: model.banks ?? 32, bankWidthBytes: 4, subgroupSize: model.subgroupSize ?? 32 },
    summary: { errors: 1, warnings: 0, races: 0, maxBankWays: 0 },
    notes: [],
  };
}

/** The report of a module that is checked only as part of the files importing it. */
function moduleOnlyReport(file: string, def: string, model: { banks?: number; subgroupSize?: number }): CheckReport {
  return {
    file,
    compile: { ok: true, messages: [] },
    diagnostics: [],
    bankConflicts: [],
    model: { banks: model.banks ?? 32, bankWidthBytes: 4, subgroupSize: model.subgroupSize ?? 32 },
    summary: { errors: 0, warnings: 0, races: 0, maxBankWays: 0 },
    notes: [
      `A module that needs the shader def '${def}' from the shader importing it: checked as part of its importers (or give --define ${def}=VALUE to check it alone).`,
    ],
  };
}
