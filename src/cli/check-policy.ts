// The repository policy of `check` on Node (docs/config.md): finds each file's
// wgsl-lab.config.json by walking up from it (or takes --config), reads --baseline, writes
// --write-baseline and enforces --max-warnings. What the policy does to a report is
// src/policy's (environment-neutral); this module only loads and saves files.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { CheckReport } from '../checks/report.js';
import { applyPolicy } from '../policy/apply.js';
import { BaselineError, BaselineMatcher, BaselineRecorder, parseBaseline } from '../policy/baseline.js';
import { CONFIG_FILE_NAME, ConfigError, parseConfig, settingsFor, type FileSettings, type WgslLabConfig } from '../policy/config.js';
import { withDefaultDispatch } from '../policy/default-dispatch.js';
import { CliUsageError } from './options.js';
import { STDIN_NAME } from './io.js';

export const POLICY_OPTIONS = {
  config: { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  'max-warnings': { type: 'string' },
} as const;

export const POLICY_USAGE = `  --config FILE uses FILE instead of the wgsl-lab.config.json found by walking up from each
  file (rules: "error" | "warn" | "off" per rule id, ignore globs, overrides with their own
  rules and default dispatch). Comments '// wgsl-lab-disable-next-line RULE[, RULE] -- reason'
  and '// wgsl-lab-disable-line RULE' suppress findings. --write-baseline FILE records
  today's findings; --baseline FILE lists them as baselined without counting them.
  --max-warnings N exits 1 when more than N warnings remain (docs/config.md).`;

export interface PolicyFlags {
  config?: string;
  baseline?: string;
  'write-baseline'?: string;
  'max-warnings'?: string;
}

/** A config or baseline that cannot be used: printed as it is, exit 2. */
export class PolicyFileError extends Error {}

export class CheckPolicy {
  private readonly configs = new Map<string, WgslLabConfig | undefined>();
  private readonly settingsByFile = new Map<string, FileSettings>();

  private constructor(
    private readonly explicitConfig: WgslLabConfig | undefined,
    /** The folder fingerprints' file paths are relative to. */
    private readonly root: string,
    private readonly baseline: BaselineFile | undefined,
    private readonly writeTo: string | undefined,
    private readonly maxWarnings: number | undefined,
    private readonly recorder: BaselineRecorder | undefined,
  ) {}

  /** Reads the flags' files. Throws CliUsageError for a bad value, PolicyFileError for a bad file. */
  static load(flags: PolicyFlags): CheckPolicy {
    const maxWarnings = flags['max-warnings'] === undefined ? undefined : nonNegativeInt('--max-warnings', flags['max-warnings']);
    const base = flags.baseline ?? flags['write-baseline'];
    if (flags.baseline && flags['write-baseline'] && dirname(resolve(flags.baseline)) !== dirname(resolve(flags['write-baseline'])))
      throw new CliUsageError('--baseline and --write-baseline must lie in one folder: fingerprints hold paths relative to it');
    const explicit = flags.config === undefined ? undefined : readConfig(flags.config);
    let baseline: BaselineFile | undefined;
    if (flags.baseline !== undefined) {
      let text: string;
      try {
        text = readFileSync(flags.baseline, 'utf8');
      } catch (e) {
        throw new PolicyFileError(
          `cannot read the baseline ${flags.baseline}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file (write one with --write-baseline)' : (e as Error).message}`,
        );
      }
      try {
        baseline = { file: parseBaseline(text, flags.baseline), path: flags.baseline };
      } catch (e) {
        if (e instanceof BaselineError) throw new PolicyFileError(e.message);
        throw e;
      }
    }
    const root = base === undefined ? process.cwd() : dirname(resolve(base));
    const writeTo = flags['write-baseline'];
    return new CheckPolicy(explicit, root, baseline, writeTo, maxWarnings, writeTo === undefined ? undefined : new BaselineRecorder());
  }

  /** The files the config does not ignore. Throws PolicyFileError for a config that cannot be used. */
  checkedFiles(files: readonly string[], note: (s: string) => void, named: readonly string[]): string[] {
    return files.filter((file) => {
      const s = this.settings(file);
      if (s.ignored && named.includes(file)) note(`${file} is ignored by ${this.configOf(file)!.path}`);
      return !s.ignored;
    });
  }

  /** The source to check: an override's default dispatch added when the header has none. */
  prepare(file: string, source: string): string {
    return withDefaultDispatch(source, this.settings(file).dispatch);
  }

  /**
   * The report sections of one file (one per entry point, or one) with rule levels,
   * suppressions and the baseline applied; `entryPoint` names the entry of sections that do
   * not name theirs.
   */
  apply(reports: readonly CheckReport[], file: string, source: string, entryPoint?: string): CheckReport[] {
    const relativeFile = file === STDIN_NAME ? file : slashed(relative(this.root, resolve(file)));
    this.checked.add(relativeFile);
    return applyPolicy(reports, source, {
      rules: this.settings(file).rules,
      file: relativeFile,
      ...(entryPoint !== undefined ? { entryPoint } : {}),
      baseline: this.baseline && (this.matcher ??= new BaselineMatcher(this.baseline.file)),
      record: this.recorder,
    });
  }

  private matcher: BaselineMatcher | undefined;
  /** The files checked so far, as fingerprints name them. */
  private readonly checked = new Set<string>();

  /** Writes the baseline (2 when it cannot) and applies --max-warnings: 1 when warnings exceed it, else 0. */
  finish(reports: readonly CheckReport[], err: (s: string) => void): number {
    if (this.writeTo !== undefined && this.recorder) {
      try {
        mkdirSync(dirname(resolve(this.writeTo)), { recursive: true });
        writeFileSync(this.writeTo, this.recorder.text());
      } catch (e) {
        err(`wgsl-lab check: cannot write the baseline ${this.writeTo}: ${(e as Error).message}`);
        return 2;
      }
      const n = reports.reduce((a, r) => a + (r.summary.baselined ?? 0), 0);
      err(`wgsl-lab check: wrote ${n} finding(s) to the baseline ${this.writeTo}`);
    }
    const gone = this.baseline ? (this.matcher?.unmatched(this.checked) ?? 0) : 0;
    if (gone)
      err(
        `wgsl-lab check: note: ${gone} finding(s) of the baseline ${this.baseline!.path} no longer occur (fixed, or their lines changed); --write-baseline refreshes it`,
      );
    if (this.maxWarnings === undefined) return 0;
    const warnings = reports.reduce((a, r) => a + r.summary.warnings, 0);
    if (warnings <= this.maxWarnings) return 0;
    err(`wgsl-lab check: ${warnings} warning(s) exceed --max-warnings ${this.maxWarnings}`);
    return 1;
  }

  private settings(file: string): FileSettings {
    let s = this.settingsByFile.get(file);
    if (!s) {
      const config = this.configOf(file);
      // stdin is matched as a file named <stdin> in the current folder, and never ignored.
      const path = resolve(file === STDIN_NAME ? STDIN_NAME : file);
      s = config ? settingsFor(config, slashed(relative(dirname(resolve(config.path)), path))) : { ignored: false, rules: {} };
      if (file === STDIN_NAME) s.ignored = false;
      this.settingsByFile.set(file, s);
    }
    return s;
  }

  /** --config, or the nearest wgsl-lab.config.json in the file's folder or above. */
  private configOf(file: string): WgslLabConfig | undefined {
    if (this.explicitConfig) return this.explicitConfig;
    const start = file === STDIN_NAME ? process.cwd() : dirname(resolve(file));
    const visited: string[] = [];
    let found: WgslLabConfig | undefined;
    for (let dir = start; ; dir = dirname(dir)) {
      if (this.configs.has(dir)) {
        found = this.configs.get(dir);
        break;
      }
      visited.push(dir);
      const candidate = join(dir, CONFIG_FILE_NAME);
      if (existsSync(candidate)) {
        found = readConfig(displayPath(candidate));
        break;
      }
      if (dirname(dir) === dir) break;
    }
    for (const dir of visited) this.configs.set(dir, found);
    return found;
  }
}

interface BaselineFile {
  file: ReturnType<typeof parseBaseline>;
  path: string;
}

function readConfig(path: string): WgslLabConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new PolicyFileError(
      `cannot read the config ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
    );
  }
  try {
    return parseConfig(text, path);
  } catch (e) {
    if (e instanceof ConfigError) throw new PolicyFileError(e.message);
    throw e;
  }
}

/** A path relative to the current directory when it lies below it (as messages show it). */
function displayPath(path: string): string {
  const r = relative(process.cwd(), path);
  return r.startsWith('..') || r === '' ? path : r;
}

function slashed(path: string): string {
  return path.split(sep).join('/');
}

function nonNegativeInt(name: string, text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0)
    throw new CliUsageError(`${name} must be a whole number of 0 or more, got '${text}'`);
  return n;
}
