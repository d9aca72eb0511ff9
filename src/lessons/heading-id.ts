// The id of a lesson heading, shared by the build-time renderer (which sets it) and the
// lab's sidebar (which links to it): lower case words joined by hyphens.
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[`*_~]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/** The `## ` headings of a Markdown text, in order (the lessons' sections). */
export function sectionHeadings(markdown: string): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  let fenced = false;
  for (const line of markdown.split(/\r\n|\n|\r/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) out.push({ id: headingId(m[1]!), text: m[1]!.replace(/`/g, '') });
  }
  return out;
}
