// The race check's code action: `workgroupBarrier();` between two racing statements of one
// block (found by descending from the function body while both sites lie in the same nested
// statement): right after the earlier one, else right before the later one (an early
// `return` between them can make the first place non-uniform; the language server analyzes
// the edited text and offers only a candidate that removed the race).
import type * as A from '../wgsl/ast.js';
import { childBlocks, functionAt, statementAt, stmtStart } from '../wgsl/ast-positions.js';
import type { CheckFixes, FixEdit, FixTarget } from './check.js';

export const raceFixes: CheckFixes = {
  candidates: (t) => (t.related.length ? barrierFixes(t, t.related[0]!) : []),
  worked: (variable, _before, after) => !after.diagnostics.some((d) => d.kind === 'data-race' && d.variable === variable),
};

function barrierFixes({ text, ast, start: a, variable }: FixTarget, b: number): FixEdit[] {
  const fn = functionAt(ast, a);
  if (!fn || fn !== functionAt(ast, b)) return [];
  let block: A.BlockStmt = fn.body;
  for (;;) {
    const ia = statementAt(block, a);
    const ib = statementAt(block, b);
    if (ia < 0 || ib < 0) return [];
    if (ia !== ib) {
      const places = [...new Set([Math.min(ia, ib) + 1, Math.max(ia, ib)])].map((i) => block.body[i]!);
      return places.map((s) => ({
        title: `Insert workgroupBarrier() before line ${s.loc.line} (fixes the race on '${variable}')`,
        ...insertBefore(text, stmtStart(s), 'workgroupBarrier();'),
      }));
    }
    const inner = (x: number) =>
      childBlocks(block.body[ia]!)
        .filter((c) => c.loc.offset <= x)
        .at(-1);
    const [ba, bb] = [inner(a), inner(b)];
    if (!ba || ba !== bb) return [];
    block = ba;
  }
}

/** The statement on a line of its own gets the call on the line above, indented alike. */
function insertBefore(text: string, offset: number, call: string): Pick<FixEdit, 'replace' | 'newText'> {
  let lineStart = offset;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  const indent = text.slice(lineStart, offset);
  if (/^[ \t]*$/.test(indent)) {
    const eol = /\r\n/.test(text) ? '\r\n' : '\n';
    return { replace: { offset: lineStart, length: 0 }, newText: `${indent}${call}${eol}` };
  }
  return { replace: { offset, length: 0 }, newText: `${call} ` };
}
