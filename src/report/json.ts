// The JSON text of results and reports (`run --json`, `check --json`, bench.json):
// typed arrays become arrays, and non-finite floats become the strings "nan", "inf",
// "-inf" (JSON has no such numbers).
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_k, v) => {
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(v as unknown as ArrayLike<number>, finite);
      if (typeof v === 'number') return finite(v);
      return v;
    },
    2,
  );
}

function finite(v: number): number | string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  return v;
}
