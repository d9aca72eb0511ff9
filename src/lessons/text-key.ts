// A short key for a lesson text (FNV-1a, 32 bits, hex): the site's table of pre-rendered
// Markdown is keyed by it, so the page does not carry every text twice. The build fails
// on a collision (scripts/lesson-html-plugin.ts), so a key names one text.
export function textKey(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
