// Vite's client types: import.meta.glob, `new URL(…, import.meta.url)` workers, CSS imports.
/// <reference types="vite/client" />

// The lessons' Markdown texts rendered to HTML at build time (scripts/lesson-html-plugin.ts).
declare module 'virtual:lesson-html' {
  const html: Record<string, string>;
  export default html;
}
