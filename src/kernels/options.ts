// The primitives' options declared as data: one table per primitive (sort-options.ts, …)
// gives each option's type, allowed values, default and visibility. Validation, the option
// tables in docs/kernels.md (checked by options.test.ts) and the explore scripts' choices
// are derived from it. Public options are the ones in the exported option types;
// experimental ones (tuning whose best value differs between GPUs) and testing ones (paths
// a test must force) are taken only through the internal entry (internal.ts).
import { KernelOptionError, quoted } from './errors.js';

export type OptionVisibility = 'public' | 'experimental' | 'testing';

interface OptionBase {
  /** The default, in words for the docs (a value, or what it depends on). */
  readonly default: string;
  readonly visibility: OptionVisibility;
  /** One sentence for the docs' table. */
  readonly doc: string;
}
export interface FlagOption extends OptionBase {
  readonly type: 'boolean';
}
export interface IntegerOption extends OptionBase {
  readonly type: 'integer';
  readonly min: number;
  readonly max: number;
  /** Only these integers, when set (a subset of min … max). */
  readonly values?: readonly number[];
}
export interface EnumOption extends OptionBase {
  readonly type: 'enum';
  readonly values: readonly string[];
}
export type OptionSpec = FlagOption | IntegerOption | EnumOption;
export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** The names in `T` with the given visibility. */
export type OptionNames<T extends OptionTable, V extends OptionVisibility> = {
  [K in keyof T]: T[K]['visibility'] extends V ? K : never;
}[keyof T];

/** What an option takes, in words: "true or false", "an integer from 1 to 40", "'a' or 'b'". */
export function allowedValues(spec: OptionSpec): string {
  if (spec.type === 'boolean') return 'true or false';
  if (spec.type === 'enum') return orList(spec.values.map(quoted));
  if (spec.values) return `one of ${spec.values.join(', ')}`;
  if (spec.max === Number.MAX_SAFE_INTEGER) return `an integer of at least ${spec.min}`;
  return `an integer from ${spec.min} to ${spec.max}`;
}

function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}

function accepts(spec: OptionSpec, value: unknown): boolean {
  if (spec.type === 'boolean') return typeof value === 'boolean';
  if (spec.type === 'enum') return typeof value === 'string' && spec.values.includes(value);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < spec.min || value > spec.max) return false;
  return !spec.values || spec.values.includes(value);
}

/**
 * `value` if the table's option `name` accepts it, `fallback` when it is left out; else a
 * KernelOptionError naming the option, the value and what is allowed.
 */
export function optionValue<T>(primitive: string, table: OptionTable, name: string, value: unknown, fallback: T): T {
  if (value === undefined) return fallback;
  const spec = table[name];
  if (!spec) throw new KernelOptionError(primitive, name, value, `${name} is not an option`);
  if (!accepts(spec, value))
    throw new KernelOptionError(primitive, name, value, `${name} must be ${allowedValues(spec)}, got ${quoted(value)}`);
  return value as T;
}

/**
 * Refuses, by name, experimental and testing options given to a public entry point (the
 * public types leave them out; JavaScript callers get this error instead of a silent
 * change of kernel). Unknown names are left alone: option objects may carry more.
 */
export function checkPublic(primitive: string, table: OptionTable, options: object | undefined): void {
  if (!options) return;
  for (const [name, value] of Object.entries(options)) {
    const spec = table[name];
    if (value === undefined || !spec || spec.visibility === 'public') continue;
    throw new KernelOptionError(
      primitive,
      name,
      value,
      `${name} is ${spec.visibility === 'testing' ? 'a testing' : 'an experimental'} option, not part of the public API (the repository's src/kernels/internal.ts takes it)`,
    );
  }
}

/** The table as docs/kernels.md shows it: one Markdown row per option of the given visibilities. */
export function optionsMarkdown(table: OptionTable, visibilities: readonly OptionVisibility[] = ['public']): string {
  const rows = Object.entries(table)
    .filter(([, spec]) => visibilities.includes(spec.visibility))
    .map(([name, spec]) => `| \`${name}\` | ${allowedValues(spec)} | ${spec.default} | ${spec.doc} |`);
  return ['| Option | Values | Default | What it does |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
