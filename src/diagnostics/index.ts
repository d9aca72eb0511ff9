// The diagnostic model: source spans, diagnostics and the errors that carry them. The
// lowest layer of wgsl-lab: it imports nothing, and every other folder may import it.
export * from './span.js';
export * from './line-breaks.js';
export * from './diagnostic.js';
export * from './errors.js';
export * from './compiler.js';
