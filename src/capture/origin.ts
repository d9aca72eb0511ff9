// Where a program created a shader module, read from the JavaScript stack of its
// `createShaderModule` call. Stacks are text whose form the engine chooses: V8 (Node,
// Chromium) writes `    at name (FILE:LINE:COL)` or `    at FILE:LINE:COL`, SpiderMonkey and
// JavaScriptCore `name@FILE:LINE:COL`. Frames without a file (native code, eval without a
// source) are left out. Environment-neutral: the paths are whatever the engine gives.
import type { ShaderOrigin, StackFrame } from './types.js';

const V8_FRAME = /^\s*at (?:(.*?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^(.*?)@(.+?):(\d+):(\d+)\s*$/;

/** The frames of a stack text, innermost first. */
export function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const m = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!m) continue;
    let file = m[2]!;
    // `eval at f (FILE:1:2), <anonymous>`: the eval's own position is not a file's.
    if (file.includes('(') || file.includes(', ')) continue;
    if (file.startsWith('async ')) file = file.slice(6);
    const name = m[1]?.replace(/^async /, '').trim();
    frames.push({ file, line: Number(m[3]), column: Number(m[4]), ...(name ? { function: name } : {}) });
  }
  return frames;
}

/** Frames of the engine and runtime themselves, never the program's. */
function isInternal(file: string): boolean {
  return file.startsWith('node:') || file.startsWith('internal/') || file === '<anonymous>' || file === 'native';
}

function isLibrary(file: string, libraryPaths: readonly string[]): boolean {
  return /[/\\]node_modules[/\\]/.test(file) || libraryPaths.some((p) => file.startsWith(p));
}

/**
 * The origin of a shader module from the stack taken in the recorder's hook: the hook's own
 * frames (the innermost `hookFrames`: the stack helper and the patched createShaderModule)
 * and engine internals are dropped; `at` is the first remaining frame outside node_modules
 * and `libraryPaths`. Undefined when the stack names no file.
 */
export function shaderOrigin(stack: string, libraryPaths: readonly string[] = [], hookFrames = 2): ShaderOrigin | undefined {
  const frames = parseStack(stack);
  const first = hookFrames;
  const stackFrames = frames.slice(first).filter((f) => !isInternal(f.file));
  if (!stackFrames.length) return undefined;
  const at = stackFrames.find((f) => !isLibrary(f.file, libraryPaths));
  return { ...(at ? { at } : {}), stack: stackFrames };
}

/**
 * Text from the program (labels, file names) made safe for one comment line: every WGSL
 * line break (LF, VT, FF, CR, U+0085, U+2028, U+2029), tab and other control character
 * becomes a space, so a label cannot end the comment and put code in the captured kernel;
 * bidi controls and invisible format characters (which could make the comment display as
 * code) are written visibly as `<U+202E>`.
 */
export function commentSafe(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
      .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g, (c) => `<U+${c.charCodeAt(0).toString(16).toUpperCase()}>`)
  );
}
