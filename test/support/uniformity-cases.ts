// Small kernels around WGSL's uniformity rules, for the differential test against Tint:
// barriers and workgroupUniformLoad under uniform and non-uniform conditions, after early
// returns and breaks, in loops with uniform and non-uniform trip counts, through helper
// functions and pointer parameters, and subgroup operations. Each is one compute entry
// point with the same declarations; whether Tint accepts it is for Dawn to say.

export interface UniformityCase {
  name: string;
  body: string;
  /** Module-scope code after the declarations (helper functions, structs). */
  helpers?: string;
  /** Text before everything (`enable subgroups;`, `diagnostic(...)`). */
  prelude?: string;
  /** Entry-point parameters, replacing the usual builtins. */
  params?: string;
  /** Attributes of the entry point besides @compute and @workgroup_size. */
  attrs?: string;
}

const DECLS = `@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read> input: array<u32>;
@group(0) @binding(2) var<uniform> params: vec4u;
var<workgroup> tile: array<u32, 64>;
var<workgroup> flag: u32;
var<workgroup> counter: atomic<u32>;
var<private> seed: u32;
`;

const PARAMS =
  '@builtin(local_invocation_id) lid: vec3u, @builtin(local_invocation_index) li: u32, @builtin(global_invocation_id) gid: vec3u, @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u';

export function caseSource(c: UniformityCase): string {
  return `${c.prelude ? `${c.prelude}\n` : ''}${DECLS}${c.helpers ? `${c.helpers}\n` : ''}
${c.attrs ? `${c.attrs}\n` : ''}@compute @workgroup_size(64)
fn main(${c.params ?? PARAMS}) {
${c.body
  .trim()
  .split('\n')
  .map((l) => `  ${l.trim()}`)
  .join('\n')}
}
`;
}

const SYNC = 'fn sync() { workgroupBarrier(); }\nfn sync2() { sync(); }';
const SUBGROUPS = 'enable subgroups;';
const SG_PARAMS = `${PARAMS}, @builtin(subgroup_size) sz: u32, @builtin(subgroup_invocation_id) sid: u32`;

export const UNIFORMITY_CASES: UniformityCase[] = [
  // Conditions: which values are uniform.
  { name: 'if on local_invocation_id', body: 'if (lid.x < 16u) { workgroupBarrier(); }' },
  { name: 'if on local_invocation_index', body: 'if (li < 16u) { tile[li] = li; workgroupBarrier(); }' },
  { name: 'if on global_invocation_id', body: 'if (gid.x >= arrayLength(&data)) { storageBarrier(); }' },
  { name: 'if on workgroup_id', body: 'if (wid.x < 16u) { workgroupBarrier(); }' },
  { name: 'if on num_workgroups', body: 'if (nwg.x > 2u) { workgroupBarrier(); }' },
  { name: 'if on a uniform buffer', body: 'if (params.x > 0u) { workgroupBarrier(); }' },
  { name: 'if on read-only storage', body: 'if (input[wid.x] > 0u) { workgroupBarrier(); }' },
  { name: 'if on read_write storage', body: 'if (data[0] > 0u) { workgroupBarrier(); }' },
  { name: 'if on a workgroup variable', body: 'if (flag > 0u) { workgroupBarrier(); }' },
  { name: 'if on a private variable', body: 'if (seed > 0u) { workgroupBarrier(); }' },
  { name: 'if on a constant', body: 'const K = 3u;\nif (K > 2u) { workgroupBarrier(); }' },
  { name: 'if on arrayLength', body: 'if (arrayLength(&data) > 4u) { workgroupBarrier(); }' },
  { name: 'if on select of the index', body: 'let v = select(0u, 1u, li > 3u);\nif (v == 0u) { workgroupBarrier(); }' },
  { name: 'if on a bitcast of the index', body: 'if (bitcast<i32>(li) == 0) { workgroupBarrier(); }' },
  { name: 'else branch', body: 'if (lid.x == 0u) { data[0] = 1u; } else { storageBarrier(); }' },
  { name: 'else if chain', body: 'if (wid.x == 0u) { data[0] = 1u; } else if (li == 3u) { workgroupBarrier(); }' },
  { name: 'textureBarrier in a branch', body: 'if (li == 0u) { textureBarrier(); }' },
  {
    name: 'struct of builtins with local_invocation_id',
    helpers: 'struct In { @builtin(workgroup_id) w: vec3u, @builtin(local_invocation_id) l: vec3u }',
    params: 'inp: In',
    body: 'if (inp.w.x == 0u) { workgroupBarrier(); }',
  },
  {
    name: 'struct of uniform builtins',
    helpers: 'struct In { @builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) n: vec3u }',
    params: 'inp: In',
    body: 'if (inp.w.x < inp.n.x) { workgroupBarrier(); }',
  },
  // Early exits.
  { name: 'return before the barrier', body: 'if (gid.x > 100u) { return; }\nworkgroupBarrier();' },
  { name: 'uniform return before the barrier', body: 'if (wid.x > 100u) { return; }\nworkgroupBarrier();' },
  { name: 'branch without exit before the barrier', body: 'if (li > 3u) { data[li] = 1u; }\nworkgroupBarrier();' },
  { name: 'return in a loop before the barrier', body: 'for (var k = 0u; k < 4u; k++) { if (li == k) { return; } }\nworkgroupBarrier();' },
  { name: 'uniform return in a loop', body: 'for (var k = 0u; k < 4u; k++) { if (wid.x == k) { return; } workgroupBarrier(); }' },
  { name: 'loop that returns or breaks', body: 'loop { if (wid.x == 0u) { return; } break; }\nworkgroupBarrier();' },
  { name: 'loop that returns on the index', body: 'loop { if (li == 0u) { return; } break; }\nworkgroupBarrier();' },
  { name: 'switch that always returns', body: 'switch (li) { case 0u: { return; } default: { return; } }\nworkgroupBarrier();' },
  // Loops.
  { name: 'for with a non-uniform trip count', body: 'for (var k = 0u; k < li; k++) { workgroupBarrier(); }' },
  { name: 'for with a uniform trip count', body: 'for (var k = 0u; k < params.x; k++) { workgroupBarrier(); }' },
  { name: 'while with a non-uniform start', body: 'var k = li;\nwhile (k < 64u) { workgroupBarrier(); k += 1u; }' },
  {
    name: 'while that breaks on the index, barrier after',
    body: 'var k = 0u;\nwhile (true) { if (k == li) { break; } k++; }\nworkgroupBarrier();',
  },
  { name: 'loop that breaks on the index, barrier after', body: 'var k = 0u;\nloop { if (k == li) { break; } k++; }\nworkgroupBarrier();' },
  { name: 'non-uniform break before a barrier in the loop', body: 'loop { if (li == 0u) { break; } workgroupBarrier(); }' },
  { name: 'uniform break after the barrier', body: 'var k = 0u;\nloop { workgroupBarrier(); if (k >= params.x) { break; } k++; }' },
  { name: 'break if on the index', body: 'var k = 0u;\nloop { workgroupBarrier(); continuing { k += 1u; break if k > li; } }' },
  { name: 'break if on a uniform count', body: 'var k = 0u;\nloop { workgroupBarrier(); continuing { k += 1u; break if k > params.y; } }' },
  { name: 'continue on the index', body: 'for (var k = 0u; k < 4u; k++) { if (li == k) { continue; } workgroupBarrier(); }' },
  {
    name: 'continue into continuing',
    body: 'var x = 0u;\nloop { if (li == 0u) { x = 1u; continue; } continuing { if (x == 0u) { workgroupBarrier(); } break if x > 0u; } }',
  },
  {
    name: 'uniform continue into continuing',
    body: 'var x = 0u;\nloop { if (wid.x == 0u) { x = 1u; continue; } continuing { if (x == 0u) { workgroupBarrier(); } break if x > 0u; } }',
  },
  { name: 'nested uniform loops', body: 'for (var a = 0u; a < 4u; a++) { for (var b = 0u; b < params.y; b++) { workgroupBarrier(); } }' },
  {
    name: 'loop-carried non-uniform variable',
    body: 'var x = 0u;\nfor (var k = 0u; k < 4u; k++) { if (x == 0u) { workgroupBarrier(); } x = li; }',
  },
  {
    name: 'loop variable made non-uniform after the barrier',
    body: 'var x = 0u;\nloop { if (x > 3u) { break; } workgroupBarrier(); x = li; }',
  },
  // Switches.
  { name: 'switch on the index', body: 'switch (li) { case 0u: { workgroupBarrier(); } default: {} }' },
  { name: 'switch on workgroup_id', body: 'switch (wid.x) { case 0u: { workgroupBarrier(); } default: {} }' },
  {
    name: 'non-uniform break out of a switch',
    body: 'switch (wid.x) { case 0u: { if (li == 1u) { break; } } default: {} }\nworkgroupBarrier();',
  },
  {
    name: 'switch break inside a loop',
    body: 'var k = 0u;\nloop { switch (li) { case 0u: { break; } default: {} } workgroupBarrier(); k++; if (k > 4u) { break; } }',
  },
  {
    name: 'variable set in a switch',
    body: 'var x = 0u;\nswitch (wid.x) { case 1u: { x = li; } default: { x = 2u; } }\nif (x == 0u) { workgroupBarrier(); }',
  },
  // Function-scope variables.
  {
    name: 'variable assigned the index in a branch',
    body: 'var x = 0u;\nif (wid.x == 0u) { x = li; }\nif (x == 0u) { workgroupBarrier(); }',
  },
  { name: 'variable reassigned a constant', body: 'var x = li;\nx = 5u;\nif (x == 0u) { workgroupBarrier(); }' },
  {
    name: 'partial assignment keeps the old value',
    body: 'var v = vec2u(0u);\nv.x = li;\nv.y = 1u;\nif (v.y == 1u) { workgroupBarrier(); }',
  },
  {
    name: 'non-uniform array index on assignment',
    body: 'var a = array<u32, 4>();\na[li % 4u] = 1u;\nif (a[0] == 0u) { workgroupBarrier(); }',
  },
  {
    name: 'struct member assignment',
    helpers: 'struct S { a: u32, b: u32 }',
    body: 'var s: S;\ns.a = li;\nif (s.b == 0u) { workgroupBarrier(); }',
  },
  { name: 'increment in a branch', body: 'var k = 0u;\nif (li == 0u) { k++; }\nif (k == 0u) { workgroupBarrier(); }' },
  { name: 'compound assignment of the index', body: 'var k = 1u;\nk += li;\nif (k == 0u) { workgroupBarrier(); }' },
  { name: 'let pointer into storage', body: 'let p = &data[0];\nif (*p == 0u) { workgroupBarrier(); }' },
  { name: 'let pointer to a uniform variable', body: 'var x = wid.x;\nlet p = &x;\nif (*p == 0u) { workgroupBarrier(); }' },
  { name: 'store through a let pointer', body: 'var x = 0u;\nlet p = &x;\n*p = li;\nif (x == 0u) { workgroupBarrier(); }' },
  {
    name: 'store through a partial pointer',
    body: 'var a = array<u32, 2>();\nlet p = &a[1];\n*p = li;\nif (a[0] == 0u) { workgroupBarrier(); }',
  },
  // Helper functions and pointer parameters.
  { name: 'helper with a barrier in a branch', helpers: SYNC, body: 'if (li < 3u) { sync(); }' },
  { name: 'helper with a barrier, uniform', helpers: SYNC, body: 'sync();\nif (wid.x == 0u) { sync(); }' },
  { name: 'helper calling a helper', helpers: SYNC, body: 'if (lid.y == 0u) { sync2(); }' },
  { name: 'helper branching on its parameter', helpers: 'fn maybe(n: u32) { if (n > 0u) { workgroupBarrier(); } }', body: 'maybe(li);' },
  {
    name: 'helper branching on a uniform argument',
    helpers: 'fn maybe(n: u32) { if (n > 0u) { workgroupBarrier(); } }',
    body: 'maybe(wid.x);',
  },
  {
    name: 'helper returning storage data',
    helpers: 'fn read_data(i: u32) -> u32 { return data[i]; }',
    body: 'if (read_data(0u) == 0u) { workgroupBarrier(); }',
  },
  {
    name: 'helper returning its argument',
    helpers: 'fn twice(i: u32) -> u32 { return i * 2u; }',
    body: 'if (twice(wid.x) > 1u) { workgroupBarrier(); }\nif (twice(li) > 1u) { workgroupBarrier(); }',
  },
  {
    name: 'helper storing through a pointer',
    helpers: 'fn put(p: ptr<function, u32>, v: u32) { *p = v; }',
    body: 'var x = 0u;\nput(&x, li);\nif (x == 0u) { workgroupBarrier(); }',
  },
  {
    name: 'helper storing a uniform value',
    helpers: 'fn put(p: ptr<function, u32>, v: u32) { *p = v; }',
    body: 'var x = 0u;\nput(&x, wid.x);\nif (x == 0u) { workgroupBarrier(); }',
  },
  {
    name: 'helper storing storage data through a pointer',
    helpers: 'fn take(p: ptr<function, u32>) { *p = data[0]; }',
    body: 'var x = 0u;\ntake(&x);\nif (x == 0u) { workgroupBarrier(); }',
  },
  {
    name: 'helper storing into one element',
    helpers: 'fn put1(p: ptr<function, array<u32, 2>>, v: u32) { (*p)[1] = v; }',
    body: 'var a = array<u32, 2>(1u, 2u);\nput1(&a, li);\nif (a[0] == 1u) { workgroupBarrier(); }',
  },
  {
    name: 'helper loading through a pointer',
    helpers: 'fn load(p: ptr<function, u32>) -> u32 { return *p; }',
    body: 'var x = li;\nif (load(&x) == 0u) { workgroupBarrier(); }',
  },
  {
    name: 'helper loading a workgroup pointer',
    helpers: 'fn loadwg(p: ptr<workgroup, u32>) -> u32 { return *p; }',
    body: 'if (loadwg(&flag) == 0u) { workgroupBarrier(); }',
  },
  {
    name: 'helper branching on pointed-to memory',
    helpers: 'fn check(p: ptr<function, u32>) { if (*p == 0u) { workgroupBarrier(); } }',
    body: 'var x = li;\ncheck(&x);',
  },
  {
    name: 'helper branching on uniform pointed-to memory',
    helpers: 'fn check(p: ptr<function, u32>) { if (*p == 0u) { workgroupBarrier(); } }',
    body: 'var x = wid.y;\ncheck(&x);',
  },
  {
    name: 'barrier on the right of &&',
    helpers: 'fn side() -> bool { workgroupBarrier(); return true; }',
    body: 'let ok = (li < 5u) && side();\ndata[0] = u32(ok);',
  },
  {
    name: 'barrier on the right of || after a uniform test',
    helpers: 'fn side() -> bool { workgroupBarrier(); return true; }',
    body: 'let ok = (wid.x < 5u) || side();\ndata[0] = u32(ok);',
  },
  { name: 'condition with && on the index', body: 'if (wid.x == 0u && li == 0u) { workgroupBarrier(); }' },
  // workgroupUniformLoad and atomics.
  {
    name: 'workgroupUniformLoad makes a uniform bound',
    body: 'let n = workgroupUniformLoad(&flag);\nfor (var k = 0u; k < n; k++) { workgroupBarrier(); }',
  },
  { name: 'workgroupUniformLoad in a branch', body: 'if (li == 0u) { let n = workgroupUniformLoad(&flag); data[0] = n; }' },
  { name: 'workgroupUniformLoad of a non-uniform element', body: 'let n = workgroupUniformLoad(&tile[li]);\ndata[li] = n;' },
  { name: 'atomicAdd result', body: 'let old = atomicAdd(&counter, 1u);\nif (old == 0u) { workgroupBarrier(); }' },
  { name: 'atomicLoad result', body: 'if (atomicLoad(&counter) == 0u) { workgroupBarrier(); }' },
  { name: 'two barriers in one branch', body: 'if (li == 0u) {\nworkgroupBarrier();\nstorageBarrier();\n}' },
  { name: 'barrier in a branch then one outside', body: 'if (li == 0u) { workgroupBarrier(); }\nworkgroupBarrier();' },
  // Subgroups.
  {
    name: 'subgroupAdd in a branch on the index',
    prelude: SUBGROUPS,
    params: SG_PARAMS,
    body: 'if (li < 16u) { data[li] = subgroupAdd(li); }',
  },
  {
    name: 'subgroupAdd in a uniform branch',
    prelude: SUBGROUPS,
    params: SG_PARAMS,
    body: 'if (wid.x == 0u) { data[li] = subgroupAdd(li); }',
  },
  {
    name: 'subgroup-uniform result as a condition',
    prelude: SUBGROUPS,
    params: SG_PARAMS,
    body: 'let s = subgroupAdd(1u);\nif (s > 0u) { data[li] = subgroupMax(li); }',
  },
  {
    name: 'subgroupBroadcastFirst before a barrier',
    prelude: SUBGROUPS,
    params: SG_PARAMS,
    body: 'let s = subgroupBroadcastFirst(li);\nif (s == 0u) { workgroupBarrier(); }',
  },
  { name: 'shuffle with a non-uniform mask', prelude: SUBGROUPS, params: SG_PARAMS, body: 'data[li] = subgroupShuffleXor(li, li & 1u);' },
  { name: 'shuffle with a constant mask', prelude: SUBGROUPS, params: SG_PARAMS, body: 'data[li] = subgroupShuffleXor(li, 1u);' },
  {
    name: 'subgroup_uniformity off for the module',
    prelude: `${SUBGROUPS}\ndiagnostic(off, subgroup_uniformity);`,
    params: SG_PARAMS,
    body: 'if (li < 16u) { data[li] = subgroupAdd(li); }',
  },
  {
    name: 'subgroup_uniformity off for a statement',
    prelude: SUBGROUPS,
    params: SG_PARAMS,
    body: '@diagnostic(off, subgroup_uniformity) if (li < 16u) { data[li] = subgroupAdd(li); }',
  },
  {
    name: 'subgroup_uniformity a warning for a function',
    prelude: SUBGROUPS,
    params: SG_PARAMS,
    attrs: '@diagnostic(warning, subgroup_uniformity)',
    body: 'if (li < 16u) { data[li] = subgroupAdd(li); }',
  },
  {
    name: 'subgroup_uniformity off in a block',
    prelude: SUBGROUPS,
    params: SG_PARAMS,
    body: 'if (li < 16u) @diagnostic(off, subgroup_uniformity) { data[li] = subgroupAdd(li); }',
  },
  {
    name: 'subgroup_id at subgroup scope',
    prelude: SUBGROUPS,
    params: `${SG_PARAMS}, @builtin(subgroup_id) sgid: u32, @builtin(num_subgroups) nsg: u32`,
    body: 'if (sgid < nsg) { data[sgid] = subgroupAdd(sgid); }',
  },
  { name: 'subgroup_size is uniform', prelude: SUBGROUPS, params: SG_PARAMS, body: 'if (sz == 32u) { workgroupBarrier(); }' },
  { name: 'subgroup_invocation_id is not', prelude: SUBGROUPS, params: SG_PARAMS, body: 'if (sid == 0u) { workgroupBarrier(); }' },
];
