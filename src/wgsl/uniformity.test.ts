// The uniformity analysis on one small shader per rule, accepted and rejected. Every
// expected message, note and line:column is what Tint (through Dawn) reports for the same
// shader; test/uniformity-differential.test.ts compares the two on many more.
import { describe, expect, it } from 'vitest';
import { parseWgsl } from './parser.js';
import { resolveModule } from './resolve.js';
import { checkUniformity } from './uniformity.js';

/** Every finding and its notes, as `line:column severity: message`. */
function findings(source: string): string[] {
  return checkUniformity(resolveModule(parseWgsl(source))).flatMap((d) => [
    `${d.loc!.line}:${d.loc!.column} ${d.severity}: ${d.message}`,
    ...d.related.map((r) => `${r.loc.line}:${r.loc.column} note: ${r.message}`),
  ]);
}

describe('uniformity: builtins', () => {
  it('local_invocation_id is non-uniform: a barrier under it is refused at the call', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) lid: vec3u) {
  if (lid.x < 16u) {
    workgroupBarrier();
  }
}
`;
    expect(findings(source)).toEqual([
      "4:5 error: 'workgroupBarrier' must only be called from uniform control flow",
      '3:3 note: control flow depends on possibly non-uniform value',
      "3:7 note: builtin 'lid' of 'main' may be non-uniform",
    ]);
  });

  it('workgroup_id and num_workgroups are uniform', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) n: vec3u) {
  if (wid.x + 1u < n.x) {
    workgroupBarrier();
  }
}
`;
    expect(findings(source)).toEqual([]);
  });

  it('a struct of inputs is uniform only if every member is', () => {
    const source = `struct In { @builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) i: u32 }
@compute @workgroup_size(64)
fn main(inp: In) {
  if (inp.w.x == 0u) { workgroupBarrier(); }
}
`;
    expect(findings(source)).toEqual([
      "4:24 error: 'workgroupBarrier' must only be called from uniform control flow",
      '4:3 note: control flow depends on possibly non-uniform value',
      "4:7 note: parameter 'inp' of 'main' may be non-uniform",
    ]);
  });
});

describe('uniformity: memory', () => {
  it('a read_write storage buffer read is non-uniform', () => {
    const source = `@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
@compute @workgroup_size(64)
fn main() {
  if (rw[0] > 3u) {
    storageBarrier();
  }
}
`;
    expect(findings(source)).toEqual([
      "5:5 error: 'storageBarrier' must only be called from uniform control flow",
      '4:3 note: control flow depends on possibly non-uniform value',
      "4:7 note: reading from read_write storage buffer 'rw' may result in a non-uniform value",
    ]);
  });

  it('uniform buffers, read-only storage, constants and overrides are uniform', () => {
    const source = `@group(0) @binding(0) var<uniform> u: vec4u;
@group(0) @binding(1) var<storage, read> ro: array<u32>;
const K = 4u;
override O: u32 = 2u;
@compute @workgroup_size(64)
fn main() {
  if (u.x + ro[0] + K + O > 3u) {
    workgroupBarrier();
  }
}
`;
    expect(findings(source)).toEqual([]);
  });

  it('a workgroup variable read is non-uniform, also as a loop bound', () => {
    const source = `var<workgroup> n: u32;
@compute @workgroup_size(64)
fn main() {
  for (var i = 0u; i < n; i++) {
    workgroupBarrier();
  }
}
`;
    expect(findings(source)).toEqual([
      "5:5 error: 'workgroupBarrier' must only be called from uniform control flow",
      '4:3 note: control flow depends on possibly non-uniform value',
      "4:24 note: reading from workgroup storage variable 'n' may result in a non-uniform value",
    ]);
  });
});

describe('uniformity: statements', () => {
  it('break if on a non-uniform value, with the note at break', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  var k = 0u;
  loop {
    workgroupBarrier();
    continuing {
      k++;
      break if k > i;
    }
  }
}
`;
    expect(findings(source)).toEqual([
      "5:5 error: 'workgroupBarrier' must only be called from uniform control flow",
      '8:7 note: control flow depends on possibly non-uniform value',
      "8:20 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('a return on a non-uniform condition makes what follows non-uniform', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  if (gid.x >= 100u) {
    return;
  }
  workgroupBarrier();
}
`;
    expect(findings(source)).toEqual([
      "6:3 error: 'workgroupBarrier' must only be called from uniform control flow",
      '3:3 note: control flow depends on possibly non-uniform value',
      "3:7 note: builtin 'gid' of 'main' may be non-uniform",
    ]);
  });

  it('a non-uniform break makes the rest of the loop body non-uniform', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  var k = 0u;
  loop {
    if (k == i) { break; }
    workgroupBarrier();
    k++;
  }
  workgroupBarrier();
}
`;
    expect(findings(source)).toEqual([
      "6:5 error: 'workgroupBarrier' must only be called from uniform control flow",
      '5:5 note: control flow depends on possibly non-uniform value',
      "5:14 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('after a loop that can only exit by break, control flow is uniform again', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  var k = 0u;
  loop {
    if (k == i) { break; }
    k++;
  }
  workgroupBarrier();
}
`;
    expect(findings(source)).toEqual([]);
  });

  it('a switch on a non-uniform selector', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  switch (i % 4u) {
    case 0u: { workgroupBarrier(); }
    default: {}
  }
}
`;
    expect(findings(source)).toEqual([
      "4:16 error: 'workgroupBarrier' must only be called from uniform control flow",
      '3:3 note: control flow depends on possibly non-uniform value',
      "3:11 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('code after a switch that always returns is unreachable and not analyzed', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  switch (i) {
    case 0u: { return; }
    default: { return; }
  }
  workgroupBarrier();
}
`;
    expect(findings(source)).toEqual([]);
  });

  it('a while loop with a non-uniform condition', () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  var k = i;
  while (k < 64u) {
    workgroupBarrier();
    k += 8u;
  }
}
`;
    expect(findings(source)).toEqual([
      "5:5 error: 'workgroupBarrier' must only be called from uniform control flow",
      '4:3 note: control flow depends on possibly non-uniform value',
      "3:11 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });
});

describe('uniformity: expressions', () => {
  it('the right operand of && runs in non-uniform control flow (note at the expression start)', () => {
    const source = `fn sync() -> bool {
  workgroupBarrier();
  return true;
}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  let ok = (i < 32u) && sync();
}
`;
    expect(findings(source)).toEqual([
      "2:3 error: 'workgroupBarrier' must only be called from uniform control flow",
      "7:25 note: called by 'sync' from 'main'",
      '7:12 note: control flow depends on possibly non-uniform value',
      "7:13 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });
});

describe('uniformity: variables', () => {
  it('a load through a let pointer into read_write storage', () => {
    const source = `@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
@compute @workgroup_size(64)
fn main() {
  let p = &rw[0];
  if (*p == 0u) { workgroupBarrier(); }
}
`;
    expect(findings(source)).toEqual([
      "5:19 error: 'workgroupBarrier' must only be called from uniform control flow",
      '5:3 note: control flow depends on possibly non-uniform value',
      "5:8 note: reading from 'p' may result in a non-uniform value",
    ]);
  });

  it("a full assignment replaces a variable's uniformity, a partial one (one component) adds to it", () => {
    const source = `@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  var v = vec2u(0u, 0u);
  v.x = i;
  v.y = 1u;
  var w = 0u;
  w = i;
  w = 1u;
  if (w + v.y == 2u) { workgroupBarrier(); }
}
`;
    expect(findings(source)).toEqual([
      "9:24 error: 'workgroupBarrier' must only be called from uniform control flow",
      '9:3 note: control flow depends on possibly non-uniform value',
      "4:9 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });
});

describe('uniformity: functions', () => {
  it('a barrier reached through helpers: the error at the barrier, a note at the call', () => {
    const source = `fn sync() { workgroupBarrier(); }
fn twice() { sync(); sync(); }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i < 32u) {
    twice();
  }
}
`;
    expect(findings(source)).toEqual([
      "1:13 error: 'workgroupBarrier' must only be called from uniform control flow",
      "6:5 note: called indirectly by 'twice' from 'main'",
      '5:3 note: control flow depends on possibly non-uniform value',
      "5:7 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('a parameter required to be uniform: the error in the callee, then the argument', () => {
    const source = `fn maybe(n: u32) {
  if (n > 0u) { workgroupBarrier(); }
}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) w: vec3u) {
  maybe(w.x);
  maybe(i);
}
`;
    expect(findings(source)).toEqual([
      "2:17 error: 'workgroupBarrier' must only be called from uniform control flow",
      '2:3 note: control flow depends on possibly non-uniform value',
      "1:10 note: parameter 'n' of 'maybe' may be non-uniform",
      '7:9 note: possibly non-uniform value passed here',
      "7:9 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('a function returning a non-uniform value', () => {
    const source = `@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
fn first() -> u32 { return rw[0]; }
@compute @workgroup_size(64)
fn main() {
  if (first() == 0u) { workgroupBarrier(); }
}
`;
    expect(findings(source)).toEqual([
      "5:24 error: 'workgroupBarrier' must only be called from uniform control flow",
      '5:3 note: control flow depends on possibly non-uniform value',
      "5:7 note: return value of 'first' may be non-uniform",
    ]);
  });

  it("only the first failure is reported, in Tint's order (the argument requirement before the call site)", () => {
    const source = `fn a(i: u32) { if (i == 0u) { workgroupBarrier(); } }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 1u) { storageBarrier(); }
  a(i);
}
`;
    expect(findings(source)).toEqual([
      "1:31 error: 'workgroupBarrier' must only be called from uniform control flow",
      '1:16 note: control flow depends on possibly non-uniform value',
      "1:6 note: parameter 'i' of 'a' may be non-uniform",
      '5:5 note: possibly non-uniform value passed here',
      "5:5 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });
});

describe('uniformity: pointers', () => {
  it('a function leaving non-uniform contents behind a pointer', () => {
    const source = `@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
fn take(p: ptr<function, u32>) { *p = rw[0]; }
@compute @workgroup_size(64)
fn main() {
  var x = 0u;
  take(&x);
  if (x == 0u) { workgroupBarrier(); }
}
`;
    expect(findings(source)).toEqual([
      "7:18 error: 'workgroupBarrier' must only be called from uniform control flow",
      '7:3 note: control flow depends on possibly non-uniform value',
      "6:8 note: contents of pointer may become non-uniform after calling 'take'",
    ]);
  });

  it('a function requiring uniform contents behind a pointer', () => {
    const source = `fn check(p: ptr<function, u32>) {
  if (*p == 0u) { workgroupBarrier(); }
}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  var x = i;
  check(&x);
}
`;
    expect(findings(source)).toEqual([
      "2:19 error: 'workgroupBarrier' must only be called from uniform control flow",
      '2:3 note: control flow depends on possibly non-uniform value',
      "1:10 note: parameter 'p' of 'check' may point to a non-uniform value",
      '7:9 note: possibly non-uniform value passed via pointer here',
      "6:11 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('a function storing its argument through a pointer', () => {
    const source = `fn put(p: ptr<function, u32>, v: u32) { *p = v; }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) w: vec3u) {
  var x = 0u;
  put(&x, w.x);
  if (x == 0u) { workgroupBarrier(); }
  put(&x, i);
  if (x == 0u) { workgroupBarrier(); }
}
`;
    expect(findings(source)).toEqual([
      "8:18 error: 'workgroupBarrier' must only be called from uniform control flow",
      '8:3 note: control flow depends on possibly non-uniform value',
      "7:11 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });
});

describe('uniformity: workgroupUniformLoad', () => {
  it('its pointer must be uniform', () => {
    const source = `var<workgroup> a: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  let v = workgroupUniformLoad(&a[i]);
}
`;
    expect(findings(source)).toEqual([
      "4:32 error: 'workgroupUniformLoad' requires argument 0 to be uniform",
      "4:35 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('it must be called in uniform control flow', () => {
    const source = `var<workgroup> n: u32;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) {
    let m = workgroupUniformLoad(&n);
  }
}
`;
    expect(findings(source)).toEqual([
      "5:13 error: 'workgroupUniformLoad' must only be called from uniform control flow",
      '4:3 note: control flow depends on possibly non-uniform value',
      "4:7 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('its result is uniform', () => {
    const source = `var<workgroup> n: u32;
@compute @workgroup_size(64)
fn main() {
  let m = workgroupUniformLoad(&n);
  for (var i = 0u; i < m; i++) { workgroupBarrier(); }
}
`;
    expect(findings(source)).toEqual([]);
  });
});

describe('uniformity: atomics', () => {
  it("an atomic's result is non-uniform", () => {
    const source = `var<workgroup> c: atomic<u32>;
@compute @workgroup_size(64)
fn main() {
  let old = atomicAdd(&c, 1u);
  if (old == 0u) { workgroupBarrier(); }
}
`;
    expect(findings(source)).toEqual([
      "5:20 error: 'workgroupBarrier' must only be called from uniform control flow",
      '5:3 note: control flow depends on possibly non-uniform value',
      "4:13 note: return value of 'atomicAdd' may be non-uniform",
    ]);
  });
});

describe('uniformity: subgroups', () => {
  it('a subgroup operation in non-uniform control flow', () => {
    const source = `enable subgroups;
@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i < 16u) {
    rw[i] = subgroupAdd(i);
  }
}
`;
    expect(findings(source)).toEqual([
      "6:13 error: 'subgroupAdd' must only be called from subgroup uniform control flow",
      '5:3 note: control flow depends on possibly non-uniform value',
      "5:7 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('diagnostic(off, subgroup_uniformity) lifts the rule', () => {
    const source = `enable subgroups;
diagnostic(off, subgroup_uniformity);
@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i < 16u) { rw[i] = subgroupAdd(i); }
}
`;
    expect(findings(source)).toEqual([]);
  });

  it("a shuffle's delta must be uniform", () => {
    const source = `enable subgroups;
@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  rw[i] = subgroupShuffleXor(i, 1u) + subgroupShuffleDown(i, i % 2u);
}
`;
    expect(findings(source)).toEqual([
      "5:62 error: 'subgroupShuffleDown' requires argument 1 to be uniform",
      "5:62 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });

  it('some subgroup results are uniform across the subgroup, not the workgroup', () => {
    const source = `enable subgroups;
@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(subgroup_size) n: u32) {
  let total = subgroupAdd(1u);
  if (total == n) {
    rw[i] = subgroupMax(i);
    workgroupBarrier();
  }
}
`;
    expect(findings(source)).toEqual([
      "8:5 error: 'workgroupBarrier' must only be called from uniform control flow",
      '6:3 note: control flow depends on possibly non-uniform value',
      "5:15 note: return value of 'subgroupAdd' may be non-uniform",
    ]);
  });

  it('@diagnostic on a statement or block lowers it to a warning (and the info is not reached)', () => {
    const source = `enable subgroups;
@group(0) @binding(0) var<storage, read_write> rw: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  @diagnostic(warning, subgroup_uniformity) if (i < 16u) {
    rw[i] = subgroupAdd(i);
  }
  if (i < 8u) @diagnostic(info, subgroup_uniformity) {
    rw[i] = subgroupMin(i);
  }
}
`;
    expect(findings(source)).toEqual([
      "6:13 warning: 'subgroupAdd' must only be called from subgroup uniform control flow",
      '5:45 note: control flow depends on possibly non-uniform value',
      "5:49 note: builtin 'i' of 'main' may be non-uniform",
    ]);
  });
});

describe('uniformity: derivatives in fragment shaders', () => {
  const TEX = '@group(0) @binding(0) var t: texture_2d<f32>;\n@group(0) @binding(1) var s: sampler;\n';

  it('refuses dpdx under a branch on a fragment input, at the call', () => {
    const source = `@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  var d = 0.0;
  if (uv.x > 0.5) {
    d = dpdx(uv.y);
  }
  return vec4f(d);
}
`;
    expect(findings(source)).toEqual([
      "5:9 error: 'dpdx' must only be called from uniform control flow",
      '4:3 note: control flow depends on possibly non-uniform value',
      "4:7 note: user-defined input 'uv' of 'main' may be non-uniform",
    ]);
  });

  it('finds textureSample after a non-uniform return, and lets a helper that samples be called in uniform flow only', () => {
    const source = `${TEX}
fn shade(uv: vec2f) -> vec4f {
  return textureSampleBias(t, s, uv, 0.5) * fwidth(uv.x);
}

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  if (uv.y < 0.0) {
    return shade(uv);
  }
  return textureSample(t, s, uv);
}
`;
    expect(findings(source)).toEqual([
      "13:10 error: 'textureSample' must only be called from uniform control flow",
      '10:3 note: control flow depends on possibly non-uniform value',
      "10:7 note: user-defined input 'uv' of 'main' may be non-uniform",
    ]);
  });

  it('accepts derivatives in uniform control flow', () => {
    const source = `${TEX}
@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  let c = textureSample(t, s, uv);
  return c * dpdy(uv.x) + vec4f(dpdxFine(uv), dpdyCoarse(uv));
}
`;
    expect(findings(source)).toEqual([]);
  });

  it('follows the derivative_uniformity diagnostic filter', () => {
    const body = `${TEX}
@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
  var c = vec4f(0.0);
  if (uv.x > 0.5) {
    c = textureSample(t, s, uv);
  }
  return c;
}
`;
    expect(findings(`diagnostic(warning, derivative_uniformity);\n${body}`)).toEqual([
      "9:9 warning: 'textureSample' must only be called from uniform control flow",
      '8:3 note: control flow depends on possibly non-uniform value',
      "8:7 note: user-defined input 'uv' of 'main' may be non-uniform",
    ]);
    expect(findings(`diagnostic(off, derivative_uniformity);\n${body}`)).toEqual([]);
  });

  it('refuses a derivative reached from a compute or vertex entry point', () => {
    const compute = `@group(0) @binding(0) var<storage, read_write> o: array<f32>;
fn helper(x: f32) -> f32 { return dpdx(x); }
@compute @workgroup_size(1) fn main() { o[0] = helper(o[1]); }
`;
    expect(() => resolveModule(parseWgsl(compute))).toThrow(
      "built-in 'dpdx' cannot be used by the compute pipeline stage (entry point 'main'): derivatives exist only in fragment shaders",
    );
    const vertex = `${TEX}@vertex fn vs() -> @builtin(position) vec4f { return textureSample(t, s, vec2f(0.0)); }\n`;
    expect(() => resolveModule(parseWgsl(vertex))).toThrow(/built-in 'textureSample' cannot be used by the vertex pipeline stage/);
  });
});
