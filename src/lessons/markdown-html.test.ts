// Build-time lesson Markdown: headings get the sidebar's ids, raw HTML and unsafe link
// addresses never become markup, external links open apart, diagrams are placed by name.
import { describe, expect, it } from 'vitest';
import { headingId, sectionHeadings } from './heading-id.js';
import { lessonMarkdownToHtml } from './markdown-html.js';
import { textKey } from './text-key.js';

describe('lessonMarkdownToHtml', () => {
  it('gives headings the ids the sidebar links to', () => {
    const md = '## What `var<workgroup>` gives you\n\ntext\n\n```\n## not a heading\n```\n\n## Try it';
    expect(lessonMarkdownToHtml(md)).toContain(
      '<h2 id="what-var-workgroup-gives-you">What <code>var&lt;workgroup&gt;</code> gives you</h2>',
    );
    expect(sectionHeadings(md)).toEqual([
      { id: 'what-var-workgroup-gives-you', text: 'What var<workgroup> gives you' },
      { id: 'try-it', text: 'Try it' },
    ]);
    expect(headingId('Is f32 enough?')).toBe('is-f32-enough');
  });

  it('escapes raw HTML, block and inline', () => {
    const html = lessonMarkdownToHtml('<script>alert(1)</script>\n\nA <img src=x onerror=alert(1)> b');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('keeps web, fragment and relative links; drops other schemes; external links open apart', () => {
    const html = lessonMarkdownToHtml('[a](https://gpuweb.github.io/) [b](#/lessons/01) [c](javascript:alert(1)) [d](data:text/html,x)');
    expect(html).toContain('<a href="https://gpuweb.github.io/" target="_blank" rel="noopener noreferrer">a</a>');
    expect(html).toContain('<a href="#/lessons/01">b</a>');
    expect(html).not.toMatch(/javascript:|data:/);
    expect(html).toMatch(/ c d<\/p>/);
  });

  it('places a named diagram as a figure of its own, and refuses an unknown name', () => {
    const html = lessonMarkdownToHtml('![Banks <b>](diagram:banks)\n\nnext', { banks: '<svg></svg>' });
    expect(html).toMatch(/^<figure class="diagram" data-diagram="banks"><svg><\/svg><figcaption>Banks &lt;b&gt;<\/figcaption><\/figure>/);
    expect(() => lessonMarkdownToHtml('![x](diagram:nope)', { banks: '' })).toThrow("unknown diagram 'nope' (the site has: banks)");
  });

  it('makes code blocks and tables, which may scroll sideways, reachable by keyboard', () => {
    const html = lessonMarkdownToHtml('```wgsl\nlet x = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n`<pre>` stays text');
    expect(html).toContain('<pre tabindex="0"><code class="language-wgsl">let x = 1;');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<code>&lt;pre&gt;</code> stays text');
  });

  it('keys texts by a stable 32-bit hash', () => {
    expect(textKey('')).toBe('811c9dc5');
    expect(textKey('a')).toBe('e40c292c');
    expect(textKey('a')).not.toBe(textKey('b'));
  });
});
