// The front end on very wide input: tens of thousands of arguments, elements, statements or
// declarations. Lists are read in loops, never by recursion or by spreading them into a
// call's arguments, so none of this overflows the stack; every consumer of the tree
// (resolver, uniformity, simulator, analysis, language server) gets through it too.
import { describe, expect, it } from 'vitest';
import { parseWgsl } from '../src/wgsl/parser.js';
import { frontEndModule } from '../src/runner/simulate.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { analyzeDocument } from '../src/lsp/analyze-document.js';

/** The size: a constructor with 62,000 arguments, which Tint accepts. */
const WIDE = 62_000;

const HEAD = '//! buffer 0 u32[4]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n';

const inputs: Record<string, { source: string; expected: number[] }> = {
  'a module-scope constant array of 62,000 arguments': {
    source: `${HEAD}const a = array(${Array.from({ length: WIDE }, (_, i) => `${i % 7}u`).join(', ')});\n@compute @workgroup_size(1) fn main() { o[0] = a[${WIDE - 1}]; o[1] = a[3]; }\n`,
    expected: [(WIDE - 1) % 7, 3, 0, 0],
  },
  'a switch case of 62,000 selectors': {
    source: `${HEAD}@compute @workgroup_size(1) fn main() { var x = ${WIDE - 2}u; switch x { case ${Array.from({ length: WIDE }, (_, i) => `${i}u`).join(', ')}: { o[0] = x; } default: { o[0] = 1u; } } }\n`,
    expected: [WIDE - 2, 0, 0, 0],
  },
  '10,000 statements in one block': {
    source: `${HEAD}@compute @workgroup_size(1) fn main() { var x = 0u;\n${'x += 1u;\n'.repeat(10_000)} o[0] = x; }\n`,
    expected: [10_000, 0, 0, 0],
  },
  '20,000 module-scope constants': {
    source: `${HEAD}${Array.from({ length: 20_000 }, (_, i) => `const c${i} = ${i}u;`).join('\n')}\n@compute @workgroup_size(1) fn main() { o[0] = c19999; }\n`,
    expected: [19_999, 0, 0, 0],
  },
};

describe('front end on wide input (no stack overflow)', () => {
  for (const [name, { source, expected }] of Object.entries(inputs)) {
    it(`${name}: parsed, resolved, simulated, and analyzed by the language server`, () => {
      expect(parseWgsl(source).decls.length).toBeGreaterThan(0);
      const front = frontEndModule(source);
      expect(front.messages).toEqual([]);
      expect(front.module).toBeDefined();
      const run = runOnSimulatorFromSource(source, { maxSteps: 10_000_000 });
      expect(run.ok).toBe(true);
      expect(Array.from(run.buffers[0]!.values)).toEqual(expected);
      const lsp = analyzeDocument({ text: source, settings: { banks: 32, subgroupSize: 32, maxSteps: 10_000_000 } });
      expect(lsp.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    }, 120_000);
  }
});

describe('front end on wide input that is wrong: a located error, no stack overflow', () => {
  const args = Array.from({ length: WIDE }, () => '1u').join(', ');
  const cases: Record<string, string> = {
    'a builtin called with 62,000 arguments': `${HEAD}@compute @workgroup_size(1) fn main() { o[0] = max(${args}); }\n`,
    'a function called with 62,000 arguments': `${HEAD}fn f(a: u32) -> u32 { return a; }\n@compute @workgroup_size(1) fn main() { o[0] = f(${args}); }\n`,
    'a vector constructor with 62,000 arguments': `${HEAD}@compute @workgroup_size(1) fn main() { o[0] = vec4u(${args}).x; }\n`,
  };
  for (const [name, source] of Object.entries(cases)) {
    it(name, () => {
      const front = frontEndModule(source);
      expect(front.module).toBeUndefined();
      expect(front.messages).toHaveLength(1);
      expect(front.messages[0]).toMatchObject({ severity: 'error', line: source.trimEnd().split('\n').length });
      expect(front.messages[0]!.message).not.toMatch(/call stack/);
    });
  }
});

describe('front end on deep input: an error at the level past the limit', () => {
  const PREFIX = '@compute @workgroup_size(1) fn main() { var x = ';
  it("100,000 nested parentheses: the error is at the '(' that opens level 129", () => {
    const source = `${PREFIX}${'('.repeat(100_000)}1${')'.repeat(100_000)}; }\n`;
    const front = frontEndModule(source);
    expect(front.messages).toHaveLength(1);
    // The initializer is level 1; its parentheses are levels 2, 3, …: the 128th '(' opens level 129.
    expect(front.messages[0]).toMatchObject({ severity: 'error', line: 1, column: PREFIX.length + 128 });
    expect(front.messages[0]!.message).toBe('nesting too deep: more than 128 levels of blocks, parentheses, calls or operators');
  });

  it('100,000 nested blocks: a located error', () => {
    const source = `@compute @workgroup_size(1) fn main() {\n${'{\n'.repeat(100_000)}${'}\n'.repeat(100_000)}}\n`;
    const front = frontEndModule(source);
    expect(front.messages).toHaveLength(1);
    expect(front.messages[0]).toMatchObject({ severity: 'error', line: 129, column: 1 });
    expect(front.messages[0]!.message).toMatch(/^nesting too deep: more than 128 levels/);
  });
});
