// The language server's settings (section `wgsl-lab` of the client's configuration): the
// analyzer's model and budget, and when it runs. A value of the wrong type or range is
// reported by name and its default kept, so a typo never switches the analysis off.

export interface LspSettings {
  /** Lanes per subgroup of the bank-conflict model and subgroup builtins (1..128). */
  subgroupSize: number;
  /** Banks of workgroup memory in the bank model. */
  banks: 32 | 16;
  /** The simulator's step budget per analysis; an endless kernel stops here with a step-limit error. */
  maxSteps: number;
  /** Analyze as you type (debounced) or only when the document is saved (and opened). */
  analyzeOn: 'type' | 'save';
  /** Quiet time after the last keystroke before analyzing (ms). */
  debounceMs: number;
  /** Wall-clock guard of one analysis (ms): past it the worker is stopped and a diagnostic says so. */
  timeoutMs: number;
}

export const DEFAULT_SETTINGS: LspSettings = {
  subgroupSize: 32,
  banks: 32,
  // The CLI's default is 50M; an editor wants an answer (or a step-limit verdict) quickly.
  maxSteps: 5_000_000,
  analyzeOn: 'type',
  debounceMs: 75,
  timeoutMs: 10_000,
};

const INTEGER_RANGES = {
  subgroupSize: [1, 128],
  maxSteps: [1, 1e10],
  debounceMs: [0, 10_000],
  timeoutMs: [100, 600_000],
} as const;

/** The settings from the client's object (anything), and a problem per ignored value. */
export function readSettings(raw: unknown): { settings: LspSettings; problems: string[] } {
  const settings = { ...DEFAULT_SETTINGS };
  const problems: string[] = [];
  if (raw === null || raw === undefined) return { settings, problems };
  if (typeof raw !== 'object') return { settings, problems: [`wgsl-lab settings must be an object, got ${typeof raw}`] };
  const r = raw as Record<string, unknown>;
  for (const [key, [min, max]] of Object.entries(INTEGER_RANGES) as [keyof typeof INTEGER_RANGES, readonly [number, number]][]) {
    const v = r[key];
    if (v === undefined || v === null) continue;
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) settings[key] = v;
    else problems.push(`wgsl-lab.${key} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}; using ${settings[key]}`);
  }
  if (r.banks !== undefined && r.banks !== null) {
    if (r.banks === 32 || r.banks === 16) settings.banks = r.banks;
    else problems.push(`wgsl-lab.banks must be 32 or 16, got ${JSON.stringify(r.banks)}; using ${settings.banks}`);
  }
  if (r.analyzeOn !== undefined && r.analyzeOn !== null) {
    if (r.analyzeOn === 'type' || r.analyzeOn === 'save') settings.analyzeOn = r.analyzeOn;
    else problems.push(`wgsl-lab.analyzeOn must be "type" or "save", got ${JSON.stringify(r.analyzeOn)}; using "${settings.analyzeOn}"`);
  }
  return { settings, problems };
}
