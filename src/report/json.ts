// The JSON text of results and reports (`run --json`, `check --json`, bench.json):
// typed arrays become arrays, and non-finite floats become the strings "nan", "inf",
// "-inf" (JSON has no such numbers). `toJson` builds one string; `jsonChunks` yields the
// same text in pieces, for outputs too large for one string (a 128 MiB buffer printed with
// one element per line is about 400 MB of text, past V8's string limit).
export function toJson(value: unknown): string {
  return JSON.stringify(value, replacer, 2);
}

function replacer(_k: string, v: unknown): unknown {
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(v as unknown as ArrayLike<number>, finite);
  if (typeof v === 'number') return finite(v);
  return v;
}

function finite(v: number): number | string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  return v;
}

/** Elements of a typed array joined into one chunk. */
const ELEMENTS_PER_CHUNK = 8192;

/**
 * `toJson(value)` in pieces: their concatenation equals it character for character (the
 * tests compare them on generated values). Only large typed arrays are cut; every other
 * value is one piece per leaf, so memory stays bounded by the largest string in the input.
 */
export function* jsonChunks(value: unknown): Generator<string> {
  yield* chunksOf(value, '');
}

function* chunksOf(value: unknown, indent: string): Generator<string> {
  const v = value !== null && typeof value === 'object' && 'toJSON' in value && typeof value.toJSON === 'function' ? value.toJSON() : value;
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    yield* typedArrayChunks(v as unknown as ArrayLike<number>, indent);
    return;
  }
  if (Array.isArray(v)) {
    if (!v.length) return void (yield '[]');
    const inner = indent + '  ';
    yield '[';
    for (let i = 0; i < v.length; i++) {
      yield `${i ? ',' : ''}\n${inner}`;
      const item = replacer(String(i), v[i]);
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* chunksOf(item, inner);
    }
    yield `\n${indent}]`;
    return;
  }
  if (v !== null && typeof v === 'object') {
    const inner = indent + '  ';
    let first = true;
    for (const key of Object.keys(v)) {
      const item = replacer(key, (v as Record<string, unknown>)[key]);
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
      first = false;
      yield* chunksOf(item, inner);
    }
    yield first ? '{}' : `\n${indent}}`;
    return;
  }
  yield JSON.stringify(replacer('', v)) ?? 'null';
}

function* typedArrayChunks(a: ArrayLike<number>, indent: string): Generator<string> {
  if (!a.length) return void (yield '[]');
  const inner = indent + '  ';
  yield '[';
  for (let start = 0; start < a.length; start += ELEMENTS_PER_CHUNK) {
    const end = Math.min(a.length, start + ELEMENTS_PER_CHUNK);
    let text = '';
    for (let i = start; i < end; i++) text += `${i ? ',' : ''}\n${inner}${JSON.stringify(finite(a[i]!))}`;
    yield text;
  }
  yield `\n${indent}]`;
}
