import { describe, expect, it } from 'vitest';
import { BUILTIN_DOCS } from '../wgsl/builtin-docs.js';
import { BUILTINS } from '../wgsl/builtins.js';
import { TEXTURE_BUILTINS } from '../wgsl/texture-builtins.js';
import { completionsAt } from './completion.js';
import { hoverAt } from './hover.js';

const SHADER = `//! dispatch 4
//! buffer 0 Particle[64]
struct Particle {
  pos: vec2f,
  vel: vec2f,
  mass: f32,
}
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
var<workgroup> tile: array<vec4f, 64>;

fn speed(p: Particle) -> f32 {
  return length(p.vel);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let scale = 2.0;
  var p = particles[id.x];
  CURSOR
  let later = 1u;
}
`;

/** The completions with the cursor where CURSOR stands, replaced by `typed`. */
function at(typed: string, source = SHADER) {
  const text = source.replace('CURSOR', typed);
  const offset = source.indexOf('CURSOR') + typed.length;
  const r = completionsAt(text, offset)!;
  return { ...r, offset, labels: r?.items.map((i) => i.label) ?? [] };
}

describe('completion', () => {
  it('offers the members of a struct after `.`, through indexing and locals', () => {
    for (const typed of ['p.', 'particles[id.x].', 'particles[id.x + 1u].ma']) {
      const r = at(typed);
      expect(r.labels, typed).toEqual(['pos', 'vel', 'mass']);
      expect(r.items[2]).toMatchObject({ kind: 'member', detail: 'mass: f32', documentation: 'offset 16, size 4 bytes' });
    }
    expect(at('p.ma').from).toBe(at('p.ma').offset - 2);
  });

  it('offers vector components after `.` on a vector member, a swizzle stays a vector', () => {
    expect(at('p.vel.').labels).toEqual(['x', 'y', 'r', 'g']);
    expect(at('tile[0].').labels).toEqual(['x', 'y', 'z', 'w', 'r', 'g', 'b', 'a']);
    expect(at('id.').items[0]).toMatchObject({ label: 'x', detail: 'x: u32' });
    expect(at('tile[0].xy.').labels).toEqual(['x', 'y', 'r', 'g']);
    expect(at('scale.').labels).toEqual([]);
  });

  it('offers the names in scope, builtins with their signatures and docs, types and keywords', () => {
    const r = at('sc');
    expect(r.from).toBe(r.offset - 2);
    const names = r.labels;
    expect(names.slice(0, 3)).toEqual(['p', 'scale', 'id']);
    expect(names).not.toContain('later');
    expect(names).toEqual(expect.arrayContaining(['particles', 'tile', 'speed', 'main', 'Particle', 'vec4f', 'mat4x4f', 'loop']));
    expect(r.items.find((i) => i.label === 'speed')).toMatchObject({ kind: 'function', detail: 'fn speed(p: Particle) -> f32' });
    expect(r.items.find((i) => i.label === 'Particle')).toMatchObject({ kind: 'struct', detail: 'struct Particle (24 bytes)' });
    const barrier = r.items.find((i) => i.label === 'workgroupBarrier')!;
    expect(barrier).toMatchObject({ kind: 'function', detail: 'workgroupBarrier()' });
    expect(barrier.documentation).toContain('Waits until every invocation of the workgroup arrives');
    expect(r.items.find((i) => i.label === 'clamp')!.detail).toBe('clamp(e: T, low: T, high: T) -> T');
  });

  it('offers attributes after `@` and builtin values inside @builtin(', () => {
    const text = 'struct S { x: u32 }\n@';
    const r = completionsAt(text, text.length)!;
    expect(r.items.map((i) => i.label)).toEqual(expect.arrayContaining(['compute', 'workgroup_size', 'group', 'binding', 'builtin']));
    const b = 'fn f(@builtin(local_inv';
    const v = completionsAt(b, b.length)!;
    expect(v.from).toBe(b.length - 'local_inv'.length);
    expect(v.items.map((i) => i.label)).toContain('local_invocation_index');
  });

  it('offers the header directives after //! and nothing inside other comments or numbers', () => {
    const text = '//! disp\n';
    const r = completionsAt(text, 8)!;
    expect(r.from).toBe(4);
    expect(r.items.map((i) => i.label)).toEqual([
      'dispatch',
      'pass',
      'entry',
      'buffer',
      'uniform',
      'expect',
      'override',
      'texture',
      'sampler',
      'tolerance',
    ]);
    expect(r.items[0]!.kind).toBe('directive');
    expect(completionsAt('// a comment wor', 16)).toBeUndefined();
    expect(completionsAt('/* outer /* inner */ still wor', 30)).toBeUndefined();
    expect(completionsAt('/* a */ wor', 11)?.from).toBe(8);
    expect(completionsAt('let x = 1.', 10)).toBeUndefined();
  });
});

describe('hover on builtins', () => {
  it('shows the overload used and the documentation of a typed call', () => {
    const text = SHADER.replace('CURSOR', 'workgroupBarrier(); let m = max(scale, 1.0);');
    const barrier = hoverAt(text, text.indexOf('workgroupBarrier') + 3, undefined, { banks: 32, subgroupSize: 32 })!;
    expect(barrier.markdown).toContain('```wgsl\nworkgroupBarrier()\n```');
    expect(barrier.markdown).toContain('workgroup-memory writes made before it are visible');
    expect(barrier.markdown).not.toContain('built-in function');
    const max = hoverAt(text, text.indexOf('max(') + 1, undefined, { banks: 32, subgroupSize: 32 })!;
    expect(max.markdown).toContain('max(f32, f32) -> f32');
    expect(max.markdown).toContain('The larger of e1 and e2, per component.');
  });

  it('has documentation on hover for every builtin the resolver knows', () => {
    const names = [...Object.keys(BUILTINS), ...Object.keys(TEXTURE_BUILTINS), 'bitcast'];
    for (const name of names) {
      const call = name === 'bitcast' ? 'bitcast<u32>(x)' : `${name}(x)`;
      const text = `fn f(x: f32) { let y = ${call}; }`;
      const h = hoverAt(text, text.indexOf(name) + 1, undefined, { banks: 32, subgroupSize: 32 });
      expect(h?.markdown, name).toContain(BUILTIN_DOCS[name]!.doc);
    }
  });

  it('documents a builtin the text around it does not let the resolver type', () => {
    const text = 'fn f() { let d = dpdx(1.0) }';
    const h = hoverAt(text, text.indexOf('dpdx') + 2, undefined, { banks: 32, subgroupSize: 32 })!;
    expect(h.markdown).toContain('dpdx(e: T) -> T');
    expect(h.markdown).toContain('fragment stage only');
    expect(h.span).toMatchObject({ offset: text.indexOf('dpdx'), length: 4 });
  });
});
