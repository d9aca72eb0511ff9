// JSON text parsed with the place of every value and key, so that a bad value in a config
// or baseline file can be reported at its line and column (JSON.parse says neither).
// Strict JSON (RFC 8259): no comments, no trailing commas; a key given twice is an error.

export interface JsonPlace {
  line: number;
  column: number;
}

/** A step of a path into a JSON value: a key of an object or an index of an array. */
export type JsonPathStep = string | number;

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly place: JsonPlace,
  ) {
    super(message);
  }
}

export interface LocatedJson {
  value: unknown;
  /** Where the value at `path` starts (undefined for a path that is not in the text). */
  valueAt(path: readonly JsonPathStep[]): JsonPlace | undefined;
  /** Where the key that ends `path` starts (an object member's name). */
  keyAt(path: readonly JsonPathStep[]): JsonPlace | undefined;
}

/** `path` as people read it: `overrides[0].rules["data-race"]` (`$` for the whole value). */
export function jsonPathText(path: readonly JsonPathStep[]): string {
  let out = '';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(step)) out += out === '' ? step : `.${step}`;
    else out += `[${JSON.stringify(step)}]`;
  }
  return out === '' ? '$' : out;
}

const pathKey = (path: readonly JsonPathStep[]) => JSON.stringify(path);

export function parseLocatedJson(text: string): LocatedJson {
  const values = new Map<string, JsonPlace>();
  const keys = new Map<string, JsonPlace>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let lineStart = 0;

  const place = (at = i): JsonPlace => ({ line, column: at - lineStart + 1 });
  const fail = (message: string, at: number | JsonPlace = i): never => {
    throw new JsonSyntaxError(message, typeof at === 'number' ? place(at) : at);
  };
  const skipSpace = () => {
    for (;;) {
      const c = text[i];
      if (c === '\n') {
        i++;
        line++;
        lineStart = i;
      } else if (c === ' ' || c === '\t' || c === '\r') i++;
      else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) fail('comments are not allowed in JSON');
      else return;
    }
  };
  const describe = (at: number) => (at >= text.length ? 'the end of the file' : `'${text[at]}'`);

  const parseString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text[i] === '\n') fail('a string cannot span lines', start);
      i++;
    }
    if (i >= text.length) fail('the string is never closed', start);
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail('invalid escape in a string', start);
    }
  };

  const parseValue = (path: JsonPathStep[]): unknown => {
    skipSpace();
    values.set(pathKey(path), place());
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      skipSpace();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail(`expected a key in double quotes, found ${describe(i)}`);
        const keyPlace = place();
        const key = parseString();
        const memberPath = [...path, key];
        if (Object.prototype.hasOwnProperty.call(obj, key))
          throw new JsonSyntaxError(`${jsonPathText(memberPath)} is given twice`, keyPlace);
        keys.set(pathKey(memberPath), keyPlace);
        skipSpace();
        if (text[i] !== ':') fail(`expected ':' after the key, found ${describe(i)}`);
        i++;
        Object.defineProperty(obj, key, { value: parseValue(memberPath), enumerable: true, writable: true, configurable: true });
        skipSpace();
        if (text[i] === ',') {
          const comma = place();
          i++;
          skipSpace();
          if (text[i] === '}') fail('a trailing comma is not allowed in JSON', comma);
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail(`expected ',' or '}', found ${describe(i)}`);
      }
    }
    if (c === '[') {
      i++;
      const arr: unknown[] = [];
      skipSpace();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(parseValue([...path, arr.length]));
        skipSpace();
        if (text[i] === ',') {
          const comma = place();
          i++;
          skipSpace();
          if (text[i] === ']') fail('a trailing comma is not allowed in JSON', comma);
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail(`expected ',' or ']', found ${describe(i)}`);
      }
    }
    if (c === '"') return parseString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) return fail(`expected a JSON value, found ${describe(i)}`);
    i += literal[0].length;
    return JSON.parse(literal[0]) as unknown;
  };

  const value = parseValue([]);
  skipSpace();
  if (i < text.length) fail(`unexpected ${describe(i)} after the JSON value`);
  return {
    value,
    valueAt: (path) => values.get(pathKey(path)),
    keyAt: (path) => keys.get(pathKey(path)),
  };
}
