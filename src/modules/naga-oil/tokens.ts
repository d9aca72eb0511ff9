// Just enough of a WGSL tokenizer for linking: names, qualified paths (`a::b::c`), shader
// def uses (`#{NAME}`, `#NAME`), numbers and single punctuation characters, each with its
// line and column; comments (nested block comments included) and blanks are skipped.

export interface Token {
  kind: 'ident' | 'path' | 'def' | 'number' | 'punct';
  text: string;
  /** 1-based line and column of the first character. */
  line: number;
  column: number;
}

/** The tokens of a file given as lines (a block comment may span lines). */
export function tokenize(lines: readonly string[]): Token[] {
  const out: Token[] = [];
  let comment = 0; // depth of nested block comments
  lines.forEach((text, index) => {
    const line = index + 1;
    let i = 0;
    while (i < text.length) {
      if (comment) {
        if (text.startsWith('*/', i)) {
          comment--;
          i += 2;
        } else if (text.startsWith('/*', i)) {
          comment++;
          i += 2;
        } else i++;
        continue;
      }
      const c = text[i]!;
      if (text.startsWith('//', i)) break;
      if (text.startsWith('/*', i)) {
        comment++;
        i += 2;
        continue;
      }
      if (/\s/.test(c)) {
        i++;
        continue;
      }
      const rest = text.slice(i);
      const m =
        /^[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+/.exec(rest) ??
        /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest) ??
        /^#\{[A-Za-z_][A-Za-z0-9_]*\}|^#[A-Za-z_][A-Za-z0-9_]*/.exec(rest) ??
        /^(?:0[xX][0-9a-fA-F.]*(?:[pP][+-]?\d+)?|\d*\.?\d+(?:[eE][+-]?\d+)?\.?)[a-zA-Z]*/.exec(rest);
      const t = m?.[0] || c;
      const kind: Token['kind'] = !m
        ? 'punct'
        : t.startsWith('#')
          ? 'def'
          : /^[0-9.]/.test(t)
            ? 'number'
            : t.includes('::')
              ? 'path'
              : 'ident';
      out.push({ kind, text: t, line, column: i + 1 });
      i += t.length;
    }
  });
  return out;
}
