// DNS rebinding defence for the lab server: a page on an attacker's domain can resolve its
// own name to 127.0.0.1 and then read from a server bound to loopback as if same-origin.
// Browsers always send the name they resolved in the Host header, so a server that listens
// on loopback only answers requests that name a loopback host.

/** True for addresses and names that mean "this machine only". */
export function isLoopbackName(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  return /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
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
