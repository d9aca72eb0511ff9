// A checker for the subset of JSON Schema (draft 2020-12) that
// docs/schema/check-report.schema.json uses: type, const, enum, properties, required,
// additionalProperties (false or absent), items, minItems, minimum, anyOf and local $refs
// (#/$defs/NAME). A keyword outside the subset is refused, so the schema cannot come to rely
// on something this checker would silently skip.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = { [k: string]: Json };

const KEYWORDS = new Set([
  '$schema',
  '$id',
  '$defs',
  '$ref',
  'title',
  'description',
  'type',
  'const',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'minimum',
  'anyOf',
]);

/** Where `value` breaks `schema`: one line per problem, `PATH: reason`; empty when it conforms. */
export function schemaErrors(schema: Schema, value: unknown): string[] {
  const errors: string[] = [];
  check(schema, schema, value as Json, '$', errors);
  return errors;
}

function check(root: Schema, s: Schema, v: Json, path: string, errors: string[]): void {
  for (const k of Object.keys(s))
    if (!KEYWORDS.has(k)) throw new Error(`schema keyword '${k}' at ${path} is not supported by this checker`);
  if (typeof s.$ref === 'string') {
    const name = /^#\/\$defs\/([\w-]+)$/.exec(s.$ref)?.[1];
    const target = name ? ((root.$defs as Schema | undefined)?.[name] as Schema | undefined) : undefined;
    if (!target) throw new Error(`unresolvable $ref '${s.$ref}' at ${path}`);
    check(root, target, v, path, errors);
  }
  if (s.type !== undefined && !hasType(v, s.type as string)) errors.push(`${path}: expected ${String(s.type)}, found ${describe(v)}`);
  if ('const' in s && JSON.stringify(v) !== JSON.stringify(s.const))
    errors.push(`${path}: expected ${JSON.stringify(s.const)}, found ${JSON.stringify(v)}`);
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v)))
    errors.push(`${path}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
  if (typeof s.minimum === 'number' && typeof v === 'number' && v < s.minimum) errors.push(`${path}: ${v} is below ${s.minimum}`);
  if (Array.isArray(v)) {
    if (typeof s.minItems === 'number' && v.length < s.minItems) errors.push(`${path}: fewer than ${s.minItems} items`);
    if (s.items) v.forEach((x, i) => check(root, s.items as Schema, x, `${path}[${i}]`, errors));
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const r of (s.required ?? []) as string[]) if (!(r in v)) errors.push(`${path}: '${r}' is required`);
    for (const [k, x] of Object.entries(v)) {
      if (props[k]) check(root, props[k], x, `${path}.${k}`, errors);
      else if (s.additionalProperties === false) errors.push(`${path}: '${k}' is not allowed`);
    }
  }
  if (Array.isArray(s.anyOf)) {
    const attempts = s.anyOf.map((alt) => {
      const e: string[] = [];
      check(root, alt as Schema, v, path, e);
      return e;
    });
    if (!attempts.some((e) => e.length === 0)) errors.push(`${path}: matches none of anyOf (${attempts.map((e) => e[0]).join('; ')})`);
  }
}

function hasType(v: Json, type: string): boolean {
  switch (type) {
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    case 'array':
      return Array.isArray(v);
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'string':
    case 'boolean':
      return typeof v === type;
    case 'null':
      return v === null;
  }
  throw new Error(`unsupported type '${type}'`);
}

function describe(v: Json): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}
