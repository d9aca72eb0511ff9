// Reading where a shader module was created from the stack of its createShaderModule call.
import { describe, expect, it } from 'vitest';
import { commentSafe, parseStack, shaderOrigin } from './origin.js';

const V8 = `Error
    at deepStack (file:///pkg/dist/capture/recorder.js:80:12)
    at GPUDevice.<anonymous> (file:///pkg/dist/capture/recorder.js:160:22)
    at WebGPUBackend.compile (file:///app/node_modules/@tensorflow/tfjs-backend-webgpu/dist/index.js:120:5)
    at runOp (node:internal/modules/run_main:1:1)
    at makeModel (/app/src/model.cjs:12:20)
    at async main (file:///app/app.mjs:40:3)
    at new Trainer (file:///app/app.mjs:7:9)
    at eval (eval at run (file:///app/app.mjs:1:1), <anonymous>:1:1)
    at file:///app/app.mjs:50:1`;

describe('parseStack', () => {
  it('reads V8 frames with and without a function name, async and constructor frames, and skips eval positions', () => {
    expect(parseStack(V8).slice(4)).toEqual([
      { file: '/app/src/model.cjs', line: 12, column: 20, function: 'makeModel' },
      { file: 'file:///app/app.mjs', line: 40, column: 3, function: 'main' },
      { file: 'file:///app/app.mjs', line: 7, column: 9, function: 'new Trainer' },
      { file: 'file:///app/app.mjs', line: 50, column: 1 },
    ]);
  });

  it('reads SpiderMonkey and JavaScriptCore frames', () => {
    expect(
      parseStack(
        'hook@http://localhost:8000/dist/capture/recorder.js:160:22\nrun@http://localhost:8000/page.js:12:20\n@http://localhost:8000/page.js:30:1\n',
      ),
    ).toEqual([
      { file: 'http://localhost:8000/dist/capture/recorder.js', line: 160, column: 22, function: 'hook' },
      { file: 'http://localhost:8000/page.js', line: 12, column: 20, function: 'run' },
      { file: 'http://localhost:8000/page.js', line: 30, column: 1 },
    ]);
  });
});

describe('shaderOrigin', () => {
  it("drops the recorder's own frames and engine internals; the program's first frame outside node_modules is the origin", () => {
    const o = shaderOrigin(V8)!;
    expect(o.at).toEqual({ file: '/app/src/model.cjs', line: 12, column: 20, function: 'makeModel' });
    expect(o.stack.map((f) => `${f.file}:${f.line}`)).toEqual([
      'file:///app/node_modules/@tensorflow/tfjs-backend-webgpu/dist/index.js:120',
      '/app/src/model.cjs:12',
      'file:///app/app.mjs:40',
      'file:///app/app.mjs:7',
      'file:///app/app.mjs:50',
    ]);
  });

  it('skips the library paths it is given (wgsl-lab itself)', () => {
    expect(shaderOrigin(V8, ['/app/src/'])!.at).toMatchObject({ file: 'file:///app/app.mjs', line: 40 });
  });

  it('keeps program frames in the same file as the recorder after the hook (a bundle)', () => {
    const bundled = `Error\n    at deepStack (http://h/bundle.js:1:100)\n    at hook (http://h/bundle.js:1:200)\n    at main (http://h/bundle.js:1:900)`;
    expect(shaderOrigin(bundled)!.at).toEqual({ file: 'http://h/bundle.js', line: 1, column: 900, function: 'main' });
  });

  it('has no `at` when every frame is a library frame, and is undefined without any file', () => {
    const lib = `Error\n    at deepStack (file:///pkg/recorder.js:1:1)\n    at hook (file:///pkg/recorder.js:2:1)\n    at f (/x/node_modules/lib/a.js:3:4)`;
    expect(shaderOrigin(lib)).toEqual({ stack: [{ file: '/x/node_modules/lib/a.js', line: 3, column: 4, function: 'f' }] });
    expect(shaderOrigin('Error\n    at <anonymous>')).toBeUndefined();
  });
});

describe('commentSafe', () => {
  it('turns every line break and control character into a space', () => {
    expect(commentSafe('a\nb\rc\u2028d\u2029e\u0085f\u000bg\u000ch\u0000i\u001bj\tk\u007fl')).toBe('a b c d e f g h i j k l');
  });
  it('writes bidi controls and invisible characters visibly', () => {
    expect(commentSafe('admin\u202e\u2066x\u200by\ufeffz\u200e')).toBe('admin<U+202E><U+2066>x<U+200B>y<U+FEFF>z<U+200E>');
  });
});
