// The part of the SARIF 2.1.0 JSON schema (OASIS sarif-schema-2.1.0.json) that covers what
// wgsl-lab writes, restated here as a small JSON-Schema subset with its own checker, and
// GitHub code scanning's ingestion rules on top. Objects are closed (the official schema's
// `additionalProperties: false`), so a misspelt property fails as it would there.

interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'boolean' | 'number';
  required?: string[];
  properties?: Record<string, Schema>;
  /** false: closed object; a schema: every other property's value. */
  additionalProperties?: false | Schema;
  items?: Schema;
  uniqueItems?: boolean;
  enum?: readonly unknown[];
  minimum?: number;
  format?: 'uri' | 'uri-reference';
  /** At least one of these properties. */
  anyOfRequired?: string[];
}

const str: Schema = { type: 'string' };
const message: Schema = {
  type: 'object',
  anyOfRequired: ['text', 'id'],
  properties: { text: str, markdown: str, id: str, arguments: { type: 'array', items: str } },
  additionalProperties: false,
};
const multiformat: Schema = { type: 'object', required: ['text'], properties: { text: str, markdown: str }, additionalProperties: false };
const level: Schema = { type: 'string', enum: ['none', 'note', 'warning', 'error'] };
const propertyBag: Schema = { type: 'object', properties: { tags: { type: 'array', items: str, uniqueItems: true } } };
const artifactLocation: Schema = {
  type: 'object',
  properties: { uri: { type: 'string', format: 'uri-reference' }, uriBaseId: str, index: { type: 'integer', minimum: -1 } },
  additionalProperties: false,
};
const region: Schema = {
  type: 'object',
  properties: {
    startLine: { type: 'integer', minimum: 1 },
    startColumn: { type: 'integer', minimum: 1 },
    endLine: { type: 'integer', minimum: 1 },
    endColumn: { type: 'integer', minimum: 1 },
  },
  additionalProperties: false,
};
const location: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: -1 },
    physicalLocation: {
      type: 'object',
      anyOfRequired: ['artifactLocation', 'address'],
      properties: { artifactLocation, region },
      additionalProperties: false,
    },
    message,
  },
  additionalProperties: false,
};
const descriptorReference: Schema = {
  type: 'object',
  properties: { id: str, index: { type: 'integer', minimum: -1 } },
  additionalProperties: false,
};
const reportingDescriptor: Schema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: str,
    name: str,
    shortDescription: multiformat,
    fullDescription: multiformat,
    help: multiformat,
    helpUri: { type: 'string', format: 'uri' },
    defaultConfiguration: { type: 'object', properties: { level, enabled: { type: 'boolean' } }, additionalProperties: false },
    properties: propertyBag,
  },
  additionalProperties: false,
};
const suppression: Schema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['inSource', 'external'] },
    status: { type: 'string', enum: ['accepted', 'underReview', 'rejected'] },
    justification: str,
    properties: propertyBag,
  },
  additionalProperties: false,
};
const result: Schema = {
  type: 'object',
  required: ['message'],
  properties: {
    ruleId: str,
    ruleIndex: { type: 'integer', minimum: -1 },
    level,
    message,
    locations: { type: 'array', items: location },
    relatedLocations: { type: 'array', items: location, uniqueItems: true },
    partialFingerprints: { type: 'object', additionalProperties: str },
    suppressions: { type: 'array', items: suppression, uniqueItems: true },
    properties: propertyBag,
  },
  additionalProperties: false,
};
const notification: Schema = {
  type: 'object',
  required: ['message'],
  properties: {
    level,
    message,
    locations: { type: 'array', items: location },
    associatedRule: descriptorReference,
    descriptor: descriptorReference,
  },
  additionalProperties: false,
};
const SARIF_SUBSET: Schema = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    $schema: { type: 'string', format: 'uri' },
    version: { enum: ['2.1.0'] },
    runs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tool'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: str,
                  version: str,
                  semanticVersion: str,
                  informationUri: { type: 'string', format: 'uri' },
                  rules: { type: 'array', items: reportingDescriptor, uniqueItems: true },
                },
                additionalProperties: false,
              },
            },
            additionalProperties: false,
          },
          invocations: {
            type: 'array',
            items: {
              type: 'object',
              required: ['executionSuccessful'],
              properties: { executionSuccessful: { type: 'boolean' }, toolExecutionNotifications: { type: 'array', items: notification } },
              additionalProperties: false,
            },
          },
          originalUriBaseIds: { type: 'object', additionalProperties: artifactLocation },
          artifacts: {
            type: 'array',
            items: {
              type: 'object',
              properties: { location: artifactLocation, description: message, properties: propertyBag },
              additionalProperties: false,
            },
            uniqueItems: true,
          },
          results: { type: 'array', items: result },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

/** RFC 3986 URI and URI-reference, as far as the characters go (no raw spaces, `#` only once). */
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const isUriReference = (s: string) => URI_CHARS.test(s) && !/%(?![0-9A-Fa-f]{2})/.test(s) && s.split('#').length <= 2;
const isUri = (s: string) => isUriReference(s) && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s);

function check(value: unknown, s: Schema, path: string, out: string[]): void {
  const t = Array.isArray(value) ? 'array' : value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value;
  if (s.type && !(t === s.type || (s.type === 'number' && t === 'integer'))) return void out.push(`${path}: expected ${s.type}, got ${t}`);
  if (s.enum && !s.enum.includes(value)) out.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  if (s.minimum !== undefined && typeof value === 'number' && value < s.minimum) out.push(`${path}: ${value} < ${s.minimum}`);
  if (s.format && typeof value === 'string' && !(s.format === 'uri' ? isUri : isUriReference)(value))
    out.push(`${path}: '${value}' is not a ${s.format}`);
  if (Array.isArray(value)) {
    if (s.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) out.push(`${path}: items are not unique`);
    if (s.items) value.forEach((v, i) => check(v, s.items!, `${path}[${i}]`, out));
  }
  if (t === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of s.required ?? []) if (!(k in o)) out.push(`${path}: missing '${k}'`);
    if (s.anyOfRequired && !s.anyOfRequired.some((k) => k in o)) out.push(`${path}: needs one of ${s.anyOfRequired.join(', ')}`);
    for (const [k, v] of Object.entries(o)) {
      const p = s.properties?.[k];
      if (p) check(v, p, `${path}.${k}`, out);
      else if (s.additionalProperties === false) out.push(`${path}: property '${k}' is not allowed`);
      else if (s.additionalProperties) check(v, s.additionalProperties, `${path}.${k}`, out);
    }
  }
}

/** Where `log` breaks the SARIF 2.1.0 schema (as restated above); empty when it conforms. */
export function sarifSchemaErrors(log: unknown): string[] {
  const out: string[] = [];
  check(log, SARIF_SUBSET, '$', out);
  return out;
}

interface Log {
  runs: {
    tool: { driver: { rules?: { id: string }[] } };
    results?: {
      ruleId?: string;
      ruleIndex?: number;
      level?: string;
      partialFingerprints?: object;
      locations?: Loc[];
      relatedLocations?: Loc[];
    }[];
    invocations?: { toolExecutionNotifications?: { locations?: Loc[] }[] }[];
    artifacts?: { location: { uri: string } }[];
  }[];
}
interface Loc {
  physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number; startColumn?: number; endColumn?: number } };
}

/** What GitHub code scanning's upload would refuse or misplace in `log`; empty when none. */
export function githubIngestionProblems(log: Log): string[] {
  const out: string[] = [];
  log.runs.forEach((run, r) => {
    const rules = run.tool.driver.rules ?? [];
    for (const rule of rules) if (rule.id.length > 255) out.push(`rule id longer than 255: ${rule.id}`);
    const results = run.results ?? [];
    if (results.length > 25_000) out.push(`run ${r}: ${results.length} results, more than 25000`);
    const locs: [string, Loc][] = [];
    results.forEach((x, i) => {
      const at = `runs[${r}].results[${i}]`;
      if (!x.ruleId || !rules.some((rule) => rule.id === x.ruleId)) out.push(`${at}: ruleId '${x.ruleId}' is not among the rules`);
      if (x.ruleIndex !== undefined && rules[x.ruleIndex]?.id !== x.ruleId)
        out.push(`${at}: ruleIndex ${x.ruleIndex} is not rule '${x.ruleId}'`);
      if (!['error', 'warning', 'note', 'none'].includes(x.level ?? '')) out.push(`${at}: level '${x.level}'`);
      if (!x.partialFingerprints || !Object.keys(x.partialFingerprints).length) out.push(`${at}: no partialFingerprints`);
      if (!x.locations?.length) out.push(`${at}: no location`);
      for (const l of [...(x.locations ?? []), ...(x.relatedLocations ?? [])]) locs.push([at, l]);
    });
    for (const inv of run.invocations ?? [])
      for (const n of inv.toolExecutionNotifications ?? []) for (const l of n.locations ?? []) locs.push([`runs[${r}] notification`, l]);
    for (const a of run.artifacts ?? []) locs.push([`runs[${r}] artifact`, { physicalLocation: { artifactLocation: a.location } }]);
    for (const [at, l] of locs) {
      const uri = l.physicalLocation?.artifactLocation?.uri ?? '';
      if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri) || uri.startsWith('/')) out.push(`${at}: uri '${uri}' is not relative`);
      const g = l.physicalLocation?.region;
      if (g && !((g.startLine ?? 0) >= 1 && (g.startColumn ?? 1) >= 1 && (g.endColumn ?? 1) >= 1))
        out.push(`${at}: region ${JSON.stringify(g)} not 1-based`);
    }
  });
  return out;
}
