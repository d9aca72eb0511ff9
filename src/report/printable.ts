// Text from a .wgsl file printed to a terminal: control characters in it (an ESC starting a
// colour or cursor sequence, a bell, a carriage return that overwrites the line) would act
// on the terminal instead of showing, so they are printed escaped, as `\x1b`.

/** C0 controls but tab and line feed, DEL, and the C1 controls (matching them is the point). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** `text` with every terminal control character written as `\xHH`; tabs and newlines kept. */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
