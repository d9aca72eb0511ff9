// DNS rebinding defence for the lab server: a page on an attacker's domain can resolve its
// own name to 127.0.0.1 and then read from a server bound to loopback as if same-origin.
// Browsers always send the name they resolved in the Host header, so a server that listens
// on loopback only answers requests that name a loopback host.

/**
 * An IPv4 address in any form the system's resolver accepts (inet_aton: one to four parts,
 * each decimal, octal with a leading 0 or hex with 0x; the last part fills the remaining
 * bytes), as dotted decimal; undefined for anything else.
 */
export function normalizeIpv4(text: string): string | undefined {
  const parts = text.split('.');
  if (parts.length > 4) return undefined;
  const values: number[] = [];
  for (const p of parts) {
    const m = /^(?:0x([0-9a-f]*)|(0[0-7]*)|([1-9][0-9]*))$/i.exec(p);
    if (!m) return undefined;
    values.push(m[1] !== undefined ? parseInt(m[1] || '0', 16) : m[2] !== undefined ? parseInt(m[2], 8) : Number(m[3]));
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 2 ** (8 * (4 - values.length))) return undefined;
  const bytes = [...values];
  for (let i = 4 - values.length - 1; i >= 0; i--) bytes.push(Math.floor(last / 2 ** (8 * i)) % 256);
  return bytes.join('.');
}

/** An IPv6 address as its eight 16-bit groups (an IPv4 tail counts as two); undefined for anything else. */
function ipv6Groups(text: string): number[] | undefined {
  let h = text;
  const tail: number[] = [];
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (v4) {
    const dotted = normalizeIpv4(v4[2]!);
    if (!dotted || !/^\d+\.\d+\.\d+\.\d+$/.test(v4[2]!)) return undefined;
    const b = dotted.split('.').map(Number);
    tail.push(b[0]! * 256 + b[1]!, b[2]! * 256 + b[3]!);
    h = v4[1]!.endsWith('::') ? v4[1]! : v4[1]!.slice(0, -1);
  }
  const halves = h.split('::');
  if (halves.length > 2) return undefined;
  const group = (g: string) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN);
  const head = halves[0] ? halves[0].split(':').map(group) : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':').map(group) : [];
  const given = head.length + rest.length + tail.length;
  if ([...head, ...rest].some(Number.isNaN) || given > 8 || (halves.length === 1 && given !== 8)) return undefined;
  return [...head, ...Array<number>(8 - given).fill(0), ...rest, ...tail];
}

/** True for addresses and names that mean "this machine only", in any spelling of the address. */
export function isLoopbackName(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = normalizeIpv4(h);
  if (v4) return v4.startsWith('127.');
  const g = ipv6Groups(h.replace(/%.*$/, ''));
  if (!g) return false;
  // ::1, and IPv4-mapped loopback (::ffff:127.x.y.z).
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true;
  return g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff && g[6]! >> 8 === 127;
}

/** The host part of a Host header (`name`, `name:port`, `[v6]`, `[v6]:port`), lower-cased. */
export function hostOfHeader(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end < 0 ? h : h.slice(0, end + 1);
  }
  const colon = h.indexOf(':');
  return colon < 0 ? h : h.slice(0, colon);
}

/**
 * Whether a request with this Host header may be answered by a server bound to `bindHost`.
 * A server bound to a loopback address accepts loopback names only; one bound elsewhere
 * (the user chose to expose it) accepts any Host. HTTP/1.1 requires a Host header, so a
 * request without one is refused on loopback too.
 */
export function hostAllowed(bindHost: string, hostHeader: string | undefined): boolean {
  if (!isLoopbackName(bindHost)) return true;
  if (hostHeader === undefined || hostHeader.trim() === '') return false;
  return isLoopbackName(hostOfHeader(hostHeader));
}
