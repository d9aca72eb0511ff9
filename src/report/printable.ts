// Text from a .wgsl file printed to a terminal: control characters in it (an ESC starting a
// colour or cursor sequence, a bell, a carriage return that overwrites the line) would act
// on the terminal instead of showing, so they are printed escaped, as `\x1b`; bidirectional
// controls (which reorder what a reader sees, "Trojan source") are printed as `\u202e`.

/** The Unicode bidirectional formatting characters: embeddings, overrides, isolates and marks. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const bidiEscaped = (text: string) => text.replace(BIDI, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** C0 controls but tab and line feed, DEL, and the C1 controls (matching them is the point). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** `text` with every terminal control character written as `\xHH`; tabs and newlines kept. */
export function printable(text: string): string {
  return bidiEscaped(text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/** Every control character, tab and line feed included: a name printed on one line stays on one line. */
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\x00-\x1f\x7f-\x9f]/g;

/**
 * A file name (or any text that must stay on its line) with every control character written
 * as `\xHH`: a newline in a name never starts an output line (which CI could read as a
 * command), an ESC never reaches the terminal.
 */
export function printableName(text: string): string {
  return bidiEscaped(text.replace(ANY_CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}
