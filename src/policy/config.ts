// wgsl-lab.config.json: what it may hold (docs/config.md, docs/schema/config.schema.json)
// and what it says about one file. Every bad value is refused with the config file's path,
// the line and column and the JSON path of the value, so a typo never silently turns a
// rule off or checks an ignored folder.
import { compileGlob, GlobError, type Glob } from './glob.js';
import { JsonSyntaxError, jsonPathText, parseLocatedJson, type JsonPathStep, type JsonPlace, type LocatedJson } from './located-json.js';
import { closestRuleId, isRuleId, RULE_LEVELS, type RuleLevel } from './rules.js';

export const CONFIG_FILE_NAME = 'wgsl-lab.config.json';

/** Workgroup counts of a dispatch, x, y and z. */
export type Dispatch = [number, number, number];

export interface ConfigOverride {
  files: Glob[];
  rules: Record<string, RuleLevel>;
  dispatch?: Dispatch;
}

export interface WgslLabConfig {
  /** The config file's path as the caller named it (messages use it). */
  path: string;
  rules: Record<string, RuleLevel>;
  ignore: Glob[];
  overrides: ConfigOverride[];
}

/** What the config says about one file. */
export interface FileSettings {
  /** Matched by an `ignore` glob: not checked at all. */
  ignored: boolean;
  /** The level of every rule the config names (top-level rules, then each matching override's). */
  rules: Record<string, RuleLevel>;
  /** The dispatch of the last matching override that gives one. */
  dispatch?: Dispatch;
}

/** A config file that cannot be used: `FILE:LINE:COL: JSONPATH: what is wrong`. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly place: JsonPlace | undefined,
    readonly jsonPath: string | undefined,
    readonly problem: string,
  ) {
    super(`${file}${place ? `:${place.line}:${place.column}` : ''}: ${jsonPath ? `${jsonPath}: ` : ''}${problem}`);
  }
}

/** The largest workgroup count of one dimension WebGPU guarantees (maxComputeWorkgroupsPerDimension). */
const MAX_WORKGROUPS = 65535;

/** Parses and validates the text of a config file; `path` names it in errors. */
export function parseConfig(text: string, path: string): WgslLabConfig {
  let json: LocatedJson;
  try {
    json = parseLocatedJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new ConfigError(path, e.place, undefined, `not valid JSON: ${e.message}`);
    throw e;
  }
  const bad = (at: JsonPathStep[], problem: string, onKey = false): never => {
    throw new ConfigError(path, (onKey ? json.keyAt(at) : undefined) ?? json.valueAt(at), jsonPathText(at), problem);
  };
  const root = json.value;
  if (!isObject(root)) return bad([], 'the config must be a JSON object');
  for (const key of Object.keys(root))
    if (!['$schema', 'rules', 'ignore', 'overrides'].includes(key))
      bad([key], `unknown key '${key}' (a config holds "rules", "ignore" and "overrides")`, true);
  if (root.$schema !== undefined && typeof root.$schema !== 'string') bad(['$schema'], 'must be a string (the schema URL)');

  const config: WgslLabConfig = { path, rules: readRules(root.rules, ['rules'], bad), ignore: [], overrides: [] };
  config.ignore = readGlobs(root.ignore, ['ignore'], bad, path, json);
  if (root.overrides !== undefined) {
    if (!Array.isArray(root.overrides)) bad(['overrides'], 'must be an array of { "files", "rules", "dispatch" } objects');
    (root.overrides as unknown[]).forEach((o, n) => {
      const at = ['overrides', n];
      if (!isObject(o)) return bad(at, 'must be an object with "files" and "rules" or "dispatch"');
      for (const key of Object.keys(o))
        if (!['files', 'rules', 'dispatch'].includes(key))
          bad([...at, key], `unknown key '${key}' (an override holds "files", "rules" and "dispatch")`, true);
      if (o.files === undefined) bad(at, 'an override needs "files": the globs it applies to');
      const files = readGlobs(o.files, [...at, 'files'], bad, path, json);
      if (!files.length) bad([...at, 'files'], 'an override needs at least one glob');
      const override: ConfigOverride = { files, rules: readRules(o.rules, [...at, 'rules'], bad) };
      if (o.dispatch !== undefined) override.dispatch = readDispatch(o.dispatch, [...at, 'dispatch'], bad);
      config.overrides.push(override);
    });
  }
  return config;
}

/** What `config` says about the file at `relativePath` (relative to the config's folder, `/` separators). */
export function settingsFor(config: WgslLabConfig, relativePath: string): FileSettings {
  const settings: FileSettings = { ignored: config.ignore.some((g) => g.matches(relativePath)), rules: { ...config.rules } };
  for (const o of config.overrides) {
    if (!o.files.some((g) => g.matches(relativePath))) continue;
    Object.assign(settings.rules, o.rules);
    if (o.dispatch) settings.dispatch = o.dispatch;
  }
  return settings;
}

type Bad = (at: JsonPathStep[], problem: string, onKey?: boolean) => never;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readRules(value: unknown, at: JsonPathStep[], bad: Bad): Record<string, RuleLevel> {
  if (value === undefined) return {};
  if (!isObject(value)) return bad(at, 'must be an object of rule id → "error" | "warn" | "off"');
  const rules: Record<string, RuleLevel> = {};
  for (const [id, level] of Object.entries(value)) {
    if (!isRuleId(id)) {
      const near = closestRuleId(id);
      bad([...at, id], `unknown rule '${id}'${near ? ` (did you mean '${near}'?)` : ''}; docs/config.md lists the rules`, true);
    }
    if (typeof level !== 'string' || !(RULE_LEVELS as readonly string[]).includes(level))
      bad([...at, id], `the level must be "error", "warn" or "off", got ${JSON.stringify(level)}`);
    rules[id] = level as RuleLevel;
  }
  return rules;
}

function readGlobs(value: unknown, at: JsonPathStep[], bad: Bad, path: string, json: LocatedJson): Glob[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return bad(at, 'must be an array of glob strings');
  return value.map((g: unknown, n) => {
    if (typeof g !== 'string') return bad([...at, n], `a glob must be a string, got ${JSON.stringify(g)}`);
    try {
      return compileGlob(g);
    } catch (e) {
      if (!(e instanceof GlobError)) throw e;
      const start = json.valueAt([...at, n]);
      // The value's place is its opening quote; the glob's character k is k + 1 columns on
      // (exact unless the string holds escapes).
      const place = start && { line: start.line, column: start.column + 1 + e.index };
      throw new ConfigError(path, place, jsonPathText([...at, n]), `bad glob ${JSON.stringify(g)}: ${e.message}`);
    }
  });
}

function readDispatch(value: unknown, at: JsonPathStep[], bad: Bad): Dispatch {
  if (!Array.isArray(value) || value.length < 1 || value.length > 3)
    return bad(at, 'must be an array of 1 to 3 workgroup counts, e.g. [64] or [8, 8]');
  value.forEach((n: unknown, k) => {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_WORKGROUPS)
      bad([...at, k], `a workgroup count must be an integer from 1 to ${MAX_WORKGROUPS}, got ${JSON.stringify(n)}`);
  });
  const [x, y = 1, z = 1] = value as number[];
  return [x!, y, z];
}
