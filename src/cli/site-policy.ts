// The lab site's Content-Security-Policy, in one place: `wgsl-lab serve` sends it as a
// header, and the site build puts it in index.html as a <meta> tag, so the site keeps it
// on any static host that cannot send headers.

// The site's own scripts and workers only. CodeMirror injects its styles at run time, so
// styles may be inline; no script may be.
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/** Directives browsers ignore in a <meta> policy (they only count in a header). */
const HEADER_ONLY = ['frame-ancestors', 'report-uri', 'sandbox'];

/** The Content-Security-Policy header of the lab server. */
export const CSP_HEADER = DIRECTIVES.join('; ');

/** The same policy for `<meta http-equiv="Content-Security-Policy">`, less what a meta tag cannot carry. */
export const CSP_META = DIRECTIVES.filter((d) => !HEADER_ONLY.includes(d.split(' ', 1)[0]!)).join('; ');
