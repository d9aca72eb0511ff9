// A few SVG building blocks for the lesson diagrams. The diagrams are built as strings at
// site build time (scripts/lesson-html-plugin.ts) and sit in the lesson HTML; every text
// they carry is escaped here.
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export const COLOURS = {
  ink: '#1d2128',
  muted: '#5b6370',
  box: '#eef0f3',
  line: '#9aa3ae',
  accent: '#2f6fd6',
  warm: '#e07b00',
  /** The warm hue dark enough for small text on the page (4.5:1); `warm` is for shapes. */
  warmText: '#a35a00',
  good: '#1d7a3c',
  bad: '#c4161c',
};

export function rect(x: number, y: number, w: number, h: number, fill: string, stroke = COLOURS.line): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="2" fill="${fill}" stroke="${stroke}" />`;
}

export function text(
  x: number,
  y: number,
  s: string,
  opts: { size?: number; anchor?: 'start' | 'middle' | 'end'; fill?: string } = {},
): string {
  return `<text x="${x}" y="${y}" font-size="${opts.size ?? 12}" text-anchor="${opts.anchor ?? 'start'}" fill="${opts.fill ?? COLOURS.ink}">${esc(s)}</text>`;
}

/** A line with an arrow head at its end. */
export function arrow(x1: number, y1: number, x2: number, y2: number, colour = COLOURS.muted): string {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const head = (d: number) => `${x2 - 7 * Math.cos(a + d)},${y2 - 7 * Math.sin(a + d)}`;
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="1.3" /><polygon points="${x2},${y2} ${head(0.45)} ${head(-0.45)}" fill="${colour}" />`;
}

/** The svg element: scales to its container's width, described for screen readers. */
export function svg(width: number, height: number, title: string, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" role="img" aria-label="${esc(title)}" font-family="system-ui, sans-serif"><title>${esc(title)}</title>${body.join('')}</svg>`;
}
