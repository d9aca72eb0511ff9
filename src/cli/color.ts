// Whether the CLI's text output is coloured: on a terminal, unless NO_COLOR says not; always
// with FORCE_COLOR (which wins, as in Node itself), so CI logs that render ANSI can ask.

/** `FORCE_COLOR` set (and not `0`/`false`): on; else `NO_COLOR` set (non-empty): off; else whether `stream` is a TTY. */
export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined> = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  if (force !== undefined) return false;
  if (env.NO_COLOR) return false;
  return stream.isTTY === true;
}
