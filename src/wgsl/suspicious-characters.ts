// Invisible characters that can make WGSL read differently from how it displays
// ("Trojan source", CVE-2021-42574): bidirectional embeddings, overrides and isolates
// reorder what an editor shows, and zero-width characters hide inside names and
// comments. Tint refuses them between tokens but accepts them in comments, where a
// right-to-left override can make a comment look like code or code like a comment.
// Each occurrence is a `suspicious-character` warning at its place. LRM and RLM
// (U+200E, U+200F) are WGSL blankspace and are not reported.
import { diagnostic, spanOfOffset, type Diagnostic } from '../diagnostics/index.js';

const NAMES: Readonly<Record<number, string>> = {
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'zero width no-break space (byte-order mark)',
};

/** The code points reported (U+FEFF only where it is not the text's first character). */
export const SUSPICIOUS_CODE_POINTS: readonly number[] = Object.keys(NAMES).map(Number);

const SUSPICIOUS = /[\u200b-\u200d\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** Past this many, one last warning counts the rest (a file full of them must not flood the output). */
export const MAX_SUSPICIOUS_WARNINGS = 50;

const isBidi = (cp: number) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);

export function suspiciousCharacters(source: string): Diagnostic[] {
  const at: number[] = [];
  for (const m of source.matchAll(SUSPICIOUS)) if (m.index !== 0 || m[0] !== '\ufeff') at.push(m.index);
  return at.slice(0, MAX_SUSPICIOUS_WARNINGS).map((offset, i) => {
    const cp = source.charCodeAt(offset);
    const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    const why = isBidi(cp)
      ? 'it reorders how editors and reviews display the text around it, so the code may not be what it looks like'
      : 'it is invisible, so the text may not be what it looks like';
    const rest =
      i === MAX_SUSPICIOUS_WARNINGS - 1 && at.length > MAX_SUSPICIOUS_WARNINGS ? ` (and ${at.length - i - 1} more in this file)` : '';
    return diagnostic({
      severity: 'warning',
      kind: 'suspicious-character',
      message: `invisible character ${code} (${NAMES[cp]}): ${why}${rest}`,
      loc: spanOfOffset(source, offset, 1),
      notes: ['Delete it, or write what it is meant to do with visible characters.'],
    });
  });
}
