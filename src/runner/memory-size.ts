// Sizes of memory as people write them (`512M`, `4G`, `1.5GiB`, `1048576`) and as the budget
// messages print them. Binary units throughout: a memory budget is compared with what typed
// arrays and GPU buffers allocate, which come in powers of two, so `4G` means 4 GiB.

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 2 ** 10,
  kb: 2 ** 10,
  kib: 2 ** 10,
  m: 2 ** 20,
  mb: 2 ** 20,
  mib: 2 ** 20,
  g: 2 ** 30,
  gb: 2 ** 30,
  gib: 2 ** 30,
  t: 2 ** 40,
  tb: 2 ** 40,
  tib: 2 ** 40,
};

/** The largest budget accepted: far beyond any machine, small enough to stay an exact integer. */
export const MAX_MEMORY_SIZE = 2 ** 50;

/**
 * Bytes of a size such as `512M`, `4G`, `1.5GiB`, `64 KiB` or plain bytes; the reason as a
 * string when the text is not one (the caller names the option it came from).
 */
export function parseMemorySize(text: string): number | string {
  const m = /^\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*([a-zA-Z]*)\s*$/.exec(text);
  if (!m) return `expected a size such as 512M, 4G, 1.5GiB or a number of bytes, got '${text}'`;
  const unit = UNITS[m[2]!.toLowerCase()];
  if (unit === undefined) return `unknown unit '${m[2]}' in '${text}' (use B, K, M, G or T, optionally as KiB, MB, …)`;
  const bytes = Math.floor(Number(m[1]) * unit);
  if (!(bytes >= 1)) return `the size must be at least 1 byte, got '${text}'`;
  if (bytes > MAX_MEMORY_SIZE) return `the size must be at most 1 PiB, got '${text}'`;
  return bytes;
}

/** `12.3 GiB`, `640.0 MiB`, `12 B`: one decimal from KiB upward. */
export function formatBytes(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  if (bytes < 1024) return `${bytes} B`;
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(1)} ${units[u]}`;
}
