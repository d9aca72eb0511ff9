// The source line under a diagnostic with a caret underline, as compilers print it.

export function sourceExcerpt(source: string, line: number, column: number, length = 1): string | undefined {
  const text = source.split(/\r\n|\r|\n/)[line - 1];
  if (text === undefined || line < 1 || column < 1) return undefined;
  // Tabs keep their width in the underline so the caret lands under the right character.
  const pad = text.slice(0, column - 1).replace(/[^\t]/g, ' ');
  const width = Math.max(1, Math.min(length, text.length - column + 1));
  return `  ${text}\n  ${pad}${'^'.repeat(width)}`;
}
