// Vite's client types: import.meta.glob, `new URL(…, import.meta.url)` workers, CSS imports.
/// <reference types="vite/client" />
