// A captured kernel's comments carry the program's labels; whatever a label holds, the
// kernel file must be the shader the program ran: a label never ends its comment.
import { describe, expect, it } from 'vitest';
import { BLANKSPACE_CODE_POINTS } from '../diagnostics/index.js';
import { tokenize } from '../wgsl/lexer.js';
import { suspiciousCharacters } from '../wgsl/suspicious-characters.js';
import { kernelFile } from './kernel-file.js';
import type { CapturedDispatch } from './types.js';

const CODE = `@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = i;
}
`;

function dispatch(label: string): CapturedDispatch {
  return {
    code: CODE,
    constants: {},
    workgroups: [1, 1, 1],
    indirect: false,
    pipelineLabel: label,
    origin: { at: { file: `/app/${label}.js`, line: 3, column: 7 }, stack: [] },
    bindings: [{ group: 0, binding: 0, uniformUsage: false, label, offset: 0, size: 16, before: new Uint8Array(16) }],
    key: 'k',
    count: 1,
  };
}

describe('kernelFile: labels in comments', () => {
  const hostile = [
    ...BLANKSPACE_CODE_POINTS.map((cp) => `x${String.fromCodePoint(cp)}fn evil() {}`),
    'x\r\nconst BAD = 1;',
    'x\u202e } if (true) { \u2066',
    'x\u0000\u001b[31m\u0007',
  ];
  for (const label of hostile) {
    it(`keeps ${JSON.stringify(label)} inside its comment lines`, () => {
      const text = kernelFile(dispatch(label), 0).text;
      // The tokens of the kernel file are exactly the shader's: nothing from a label is code.
      const tokens = (s: string) => tokenize(s).map((t) => t.text);
      expect(tokens(text)).toEqual(tokens(CODE));
      expect(suspiciousCharacters(text)).toEqual([]);
      // Every line above the shader is a comment.
      const above = text.slice(0, text.indexOf(CODE)).split('\n').filter(Boolean);
      expect(above.every((l) => l.startsWith('//'))).toBe(true);
      // No control character, line break but LF, or bidi control is left in the comments.
      const unsafe = [...text.slice(0, text.indexOf(CODE))].filter((c) => {
        const cp = c.codePointAt(0)!;
        return (
          (cp < 0x20 && cp !== 0x0a) ||
          (cp >= 0x7f && cp <= 0x9f) ||
          cp === 0x2028 ||
          cp === 0x2029 ||
          (cp >= 0x202a && cp <= 0x202e) ||
          (cp >= 0x2066 && cp <= 0x2069)
        );
      });
      expect(unsafe).toEqual([]);
    });
  }
});
