// describeFailure: every error class a command can end in, as the CLI prints it (exit 2)
// and as the exit-2 JSON error objects give it. The errors come from the real producers.
import { describe, expect, it } from 'vitest';
import { DeviceLostError, GpuOperationError, GpuUnavailableError } from '../gpu/errors.js';
import { parseHarness } from '../harness/index.js';
import { LessonFormatError, parseLesson } from '../lessons/format.js';
import { HarnessErrors, InputError } from '../runner/errors.js';
import { runOnSimulatorFromSource } from '../runner/run-sim.js';
import { parseWgsl } from '../wgsl/parser.js';
import { resolveModule } from '../wgsl/resolve.js';
import { NotSupportedError, WgslSemanticError, WgslSyntaxError } from '../wgsl/source.js';
import { describeFailure } from './errors.js';
import { CliUsageError, positiveInt } from './options.js';

/** What `f` throws (it must throw). */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

const KERNEL = '@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() { o[0] = 1u; }\n';

describe('describeFailure', () => {
  it('header errors: one line each, top to bottom, kind header', () => {
    const { errors } = parseHarness('//! dispatch 0\n//! buffer 0 f64[4]\n');
    const f = describeFailure(new HarnessErrors(errors), 'k.wgsl');
    expect(f.exitCode).toBe(2);
    expect(f.lines).toEqual([
      "k.wgsl:1:14: error: workgroup count must be at least 1, found '0'",
      "k.wgsl:2:14: error: expected an element type (f32, f16, i32 or u32), found 'f64'",
    ]);
    expect(f.json).toEqual([
      { error: "workgroup count must be at least 1, found '0'", kind: 'header', line: 1, column: 14 },
      { error: "expected an element type (f32, f16, i32 or u32), found 'f64'", kind: 'header', line: 2, column: 14 },
    ]);
    // Without a file name the position starts the line.
    expect(describeFailure(new HarnessErrors(errors)).lines[0]).toBe("1:14: error: workgroup count must be at least 1, found '0'");
  });

  it('input errors with and without a place', () => {
    const unbound = thrown(() => runOnSimulatorFromSource(`//! buffer 1 u32[1]\n${KERNEL}`));
    expect(unbound).toBeInstanceOf(InputError);
    const f = describeFailure(unbound, 'k.wgsl');
    expect(f.lines).toEqual([
      "k.wgsl:1:5: error: the header's buffer @group(0) @binding(1) has no matching variable in the shader (declared: o @group(0) @binding(0))",
    ]);
    expect(f.json).toEqual([
      {
        error: "the header's buffer @group(0) @binding(1) has no matching variable in the shader (declared: o @group(0) @binding(0))",
        kind: 'input',
        line: 1,
        column: 5,
      },
    ]);

    const missing = describeFailure(new InputError("cannot open 'x.wgsl': no such file"), 'x.wgsl');
    expect(missing.lines).toEqual(["x.wgsl: error: cannot open 'x.wgsl': no such file"]);
    expect(missing.json).toEqual([{ error: "cannot open 'x.wgsl': no such file", kind: 'input' }]);
    expect(Object.keys(missing.json[0]!)).toEqual(['error', 'kind']);
  });

  it('front-end syntax and semantic errors: kind wgsl, the bare message at its place', () => {
    const syntax = thrown(() => parseWgsl('fn main() {\n  let x = ;\n}'));
    expect(syntax).toBeInstanceOf(WgslSyntaxError);
    expect(describeFailure(syntax, 'k.wgsl')).toEqual({
      exitCode: 2,
      lines: ["k.wgsl:2:11: error: expected an expression, found ';'"],
      json: [{ error: "expected an expression, found ';'", kind: 'wgsl', line: 2, column: 11 }],
    });
    const semantic = thrown(() => resolveModule(parseWgsl('fn f() {\n  let x = y;\n}')));
    expect(semantic).toBeInstanceOf(WgslSemanticError);
    expect(describeFailure(semantic, 'k.wgsl').lines).toEqual(["k.wgsl:2:11: error: unknown name 'y'"]);
  });

  it('unsupported features: the documented "not supported: FEATURE at LINE:COL"', () => {
    const tex = thrown(() =>
      runOnSimulatorFromSource(
        '@group(0) @binding(0) var img: texture_multisampled_2d<f32>;\n@compute @workgroup_size(1) fn main() { _ = textureLoad(img, vec2i(0, 0), 0); }\n',
      ),
    );
    expect(tex).toBeInstanceOf(NotSupportedError);
    const f = describeFailure(tex, 'tex.wgsl');
    // The error's own message is bare (its span says where: `img` in its declaration).
    expect(tex).toMatchObject({
      message: "not supported: multisampled textures ('img')",
      loc: { line: 1, column: 27, offset: 26, length: 3 },
    });
    expect(f.lines).toEqual(["tex.wgsl:1:27: error: not supported: multisampled textures ('img') at 1:27"]);
    expect(f.json).toEqual([{ error: "not supported: multisampled textures ('img') at 1:27", kind: 'not-supported', line: 1, column: 27 }]);
  });

  it('GPU failures keep their class name as the JSON kind', () => {
    for (const e of [
      new GpuUnavailableError('no WebGPU adapter: install Mesa'),
      new DeviceLostError('destroyed', 'gone'),
      new GpuOperationError('validation', 'bad bind group'),
    ]) {
      const f = describeFailure(e, 'k.wgsl');
      expect(f).toEqual({ exitCode: 2, lines: [`k.wgsl: error: ${e.message}`], json: [{ error: e.message, kind: e.name }] });
    }
  });

  it('lesson format and usage errors are input errors', () => {
    const lesson = thrown(() => parseLesson('---\ntitle: T\n---\n::: frobnicate\n', 'l/lesson.md'));
    expect(lesson).toBeInstanceOf(LessonFormatError);
    expect(describeFailure(lesson, (lesson as LessonFormatError).file).lines).toEqual([
      "l/lesson.md:4:1: error: unknown block '::: frobnicate' (example, exercise, question, answer, diagram)",
    ]);
    const usage = thrown(() => positiveInt('--max-steps', 'lots', 1));
    expect(usage).toBeInstanceOf(CliUsageError);
    expect(describeFailure(usage).json).toEqual([{ error: "--max-steps must be a positive integer, got 'lots'", kind: 'input' }]);
  });

  it('anything else is an internal error: one line and exit 4, its stack only with WGSL_LAB_DEBUG', () => {
    const e = new TypeError("Cannot read properties of undefined (reading 'x')");
    const saved = process.env.WGSL_LAB_DEBUG;
    try {
      delete process.env.WGSL_LAB_DEBUG;
      const f = describeFailure(e, 'k\n::error x.wgsl');
      expect(f.exitCode).toBe(4);
      expect(f.lines).toEqual([
        "k\\x0a::error x.wgsl: internal error: Cannot read properties of undefined (reading 'x') (a bug in wgsl-lab: run again with WGSL_LAB_DEBUG=1 for the stack trace and report it)",
      ]);
      expect(f.json).toEqual([{ error: "Cannot read properties of undefined (reading 'x')", kind: 'internal' }]);
      process.env.WGSL_LAB_DEBUG = '1';
      const debug = describeFailure(e, 'k.wgsl');
      expect(debug.exitCode).toBe(4);
      expect(
        debug.lines[0]!.startsWith(`k.wgsl: internal error: TypeError: Cannot read properties of undefined (reading 'x')\n    at `),
      ).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.WGSL_LAB_DEBUG;
      else process.env.WGSL_LAB_DEBUG = saved;
    }
  });
});
