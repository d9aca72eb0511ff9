// The names the naga_oil linker gives module items in the linked shader, as naga_oil names
// them: the item, then `X_naga_oil_mod_X`, the module path in base32 (RFC 4648, no
// padding), and `X`. Unique per module, valid WGSL, and readable back into `path::item`.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const PREFIX = 'X_naga_oil_mod_X';

export function base32(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function unbase32(text: string): string | undefined {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of text) {
    const v = ALPHABET.indexOf(c);
    if (v < 0) return undefined;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The linked name of `item` of the module `modulePath`. */
export function mangle(item: string, modulePath: string): string {
  return `${item}${PREFIX}${base32(modulePath)}X`;
}

/** Every linked name in `text` written back as `module::path::item`. */
export function demangle(text: string): string {
  return text.replace(/([A-Za-z_][A-Za-z0-9_]*?)X_naga_oil_mod_X([A-Z2-7]+)X(?![A-Za-z0-9_])/g, (all, item: string, code: string) => {
    const path = unbase32(code);
    return path && /^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$/.test(path) ? `${path}::${item}` : all;
  });
}
