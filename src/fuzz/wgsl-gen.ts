// Grammar-based generator of WGSL compute kernels with a `//!` harness header, driven by
// a Choices stream (so fast-check can shrink it). Two modes:
//
// - 'safe': kernels for differential testing. Race-free by construction and valid for
//   Tint: every invocation writes only its own output slots (`own * K + j`); workgroup
//   memory goes through phases (each lane writes its own tile slots, workgroupBarrier(),
//   anybody reads, workgroupBarrier()); barriers only in uniform control flow; atomics
//   only where the result does not depend on the schedule. Every operation's WGSL result
//   is fully defined and the same on every implementation: integer division and shifts
//   get guarded operands, f32 values stay integers below 2^22 (so +, -, * are exact
//   whether or not the GPU fuses them, and no NaN, infinity or rounding mode shows up),
//   constant expressions never overflow (a runtime operand is mixed in). Optionally a
//   race is planted (a barrier removed, or two lanes writing one slot) with the line the
//   analyzer must report.
// - 'wild': the same grammar with the guards off: unguarded division and shifts, any f32
//   arithmetic, out-of-bounds indices, barriers and returns anywhere, loops that may not
//   end, helpers that call each other (recursion), type slips, deep nesting and extreme
//   header values. For "never crash" properties, not for validity.
import { Choices } from './choices.js';

export type Scalar = 'i32' | 'u32' | 'f32' | 'bool';
export interface Ty {
  s: Scalar;
  n: 1 | 2 | 3 | 4;
}

export type PlantKind = 'raw' | 'waw-workgroup' | 'waw-storage';

export interface KernelOptions {
  mode: 'safe' | 'wild';
  plant?: PlantKind;
}

export interface PlantedRace {
  kind: PlantKind;
  hazard: 'RAW' | 'WAW';
  variable: string;
  space: 'workgroup' | 'storage';
  /** Line the analyzer must report the race at (the read for RAW, the write for WAW). */
  line: number;
  /** Line of the conflicting access (the write, for RAW; the same line for WAW). */
  otherLine: number;
  /** Every line whose accesses may now race (reads and writes of the phase involved). */
  involved: number[];
}

export interface GeneratedKernel {
  source: string;
  planted?: PlantedRace;
}

interface Ex {
  t: string;
  /** The value of a scalar literal. */
  v?: number;
  ty: Ty;
  /** Bound on |value| (integers); Infinity when unknown. */
  b: number;
  /** A const-expression (evaluated by the compiler, where overflow is an error). */
  k: boolean;
}

interface Var {
  name: string;
  ty: Ty;
  mut: boolean;
  /** Bound on |value|; for mutable f32 variables a budget every store respects. */
  b: number;
  /** Function-address-space variable whose address can be taken (pointer helpers). */
  addressable?: boolean;
  /** Not a value: a local array (of `len` elements of ty) or a struct. */
  shape?: 'array' | 'struct';
  len?: number;
}

interface Tile {
  name: string;
  elem: Ty;
  /** Slots per invocation. */
  m: number;
  /** Total elements. */
  len: number;
  twoD?: boolean;
}

interface Buf {
  name: string;
  s: 'u32' | 'i32' | 'f32';
  binding: number;
  count: number;
  init: string;
  /** Bound on |element| (f32 buffers are integers below it). */
  b: number;
}

interface Helper {
  name: string;
  params: Ty[];
  ret?: Ty;
  retB: number;
  /** `fn p(ptr: ptr<function, T>, v: T)` updating *ptr. */
  pointer?: boolean;
}

type Phase = 'pre' | 'write' | 'read' | 'post' | 'helper';

interface Ctx {
  phase: Phase;
  /** Control flow is uniform here (barriers and workgroupUniformLoad allowed). */
  uniform: boolean;
  loop: boolean;
  loopDepth: number;
  nest: number;
  /** Name of a u32 value every scope has (lid in the entry point, the helper's seed). */
  base: string;
  baseB: number;
  helperIndex: number;
}

/** Array sizes for wild mode: around the limits of WGSL, Tint and the simulator's memory. */
const BIG_COUNTS = [16, 8192, 65535, 65536, 1000000, 268435456, 4294967295];
const F_BOUND = 2 ** 20; // f32 expressions stay integers of at most this magnitude (safe mode)
const F_VAR = 2 ** 16; // budget of f32 variables, tiles and helper results
const ALL_WG: [number, number][] = [
  [64, 1],
  [8, 1],
  [16, 1],
  [32, 1],
  [4, 4],
  [8, 2],
  [16, 4],
  [2, 1],
  [128, 1],
  [3, 5],
  [1, 1],
];

export function generateKernel(values: readonly number[], options: KernelOptions): GeneratedKernel {
  return new KernelGen(new Choices(values), options).build();
}

const tyEq = (a: Ty, b: Ty) => a.s === b.s && a.n === b.n;
const scalar = (s: Scalar): Ty => ({ s, n: 1 });

class KernelGen {
  private readonly safe: boolean;
  private readonly lines: string[] = [];
  private indent = 0;
  private scopes: Var[][] = [];
  private names = 0;
  private stmtBudget: number;
  // Module model.
  private wg: [number, number, number] = [1, 1, 1];
  private W = 1;
  private dispatch: [number, number, number] = [1, 1, 1];
  private ins: Buf[] = [];
  private outs: Buf[] = [];
  private readonly K = 4;
  private acc?: Buf & { op: string };
  private tiles: Tile[] = [];
  private wcount = false;
  private wuni = false;
  private param?: { value: number };
  private privs: Var[] = [];
  private struct?: { name: string };
  private helpers: Helper[] = [];
  private lidv = false;
  private planted?: PlantedRace;
  private level = 0;
  /**
   * Wild mode, per kernel (so that most wild kernels still pass the front end and reach the
   * simulator): type slips, out-of-range literals and recursion; extreme sizes and counts;
   * very deep nesting.
   */
  private sloppy = false;
  private extreme = false;
  private deepNesting = false;

  constructor(
    private readonly c: Choices,
    private readonly options: KernelOptions,
  ) {
    this.safe = options.mode === 'safe';
    this.stmtBudget = this.safe ? 30 : 90;
    if (!this.safe) {
      this.sloppy = c.chance(15);
      this.extreme = c.chance(15);
      this.deepNesting = c.chance(8);
    }
  }

  // ------------------------------------------------------------------ output

  /** Appends a line (or several, split at newlines); returns the 1-based number of the first. */
  private emit(text: string): number {
    const first = this.lines.length + 1;
    for (const line of text.split('\n')) this.lines.push('  '.repeat(this.indent) + line);
    return first;
  }
  private fresh(prefix = 'v'): string {
    return `${prefix}${this.names++}`;
  }
  private push(): void {
    this.scopes.push([]);
  }
  private pop(): void {
    this.scopes.pop();
  }
  private declare(v: Var): void {
    this.scopes[this.scopes.length - 1]!.push(v);
  }
  private visible(): Var[] {
    return this.scopes.flat();
  }

  // ------------------------------------------------------------------ types

  private tyName(t: Ty): string {
    if (t.n === 1) return t.s;
    if (t.s !== 'bool' && this.c.chance(40)) return `vec${t.n}${t.s[0]}`;
    return `vec${t.n}<${t.s}>`;
  }
  private randomTy(allowBool = true, allowVec = true): Ty {
    const s = this.c.weighted<Scalar>([
      [4, 'u32'],
      [3, 'i32'],
      [3, 'f32'],
      [allowBool ? 1 : 0, 'bool'],
    ]);
    const n = allowVec && s !== 'bool' && this.c.chance(25) ? (this.c.range(2, 4) as 2 | 3 | 4) : 1;
    return { s, n };
  }

  // ------------------------------------------------------------------ the module

  build(): GeneratedKernel {
    this.chooseModel();
    this.emitHeader();
    this.emitDecls();
    for (let h = 0; h < this.helpers.length; h++) this.emitHelper(h);
    this.emitEntry();
    return { source: this.lines.join('\n') + '\n', planted: this.planted };
  }

  private chooseModel(): void {
    const c = this.c;
    if (this.safe) {
      let [x, y] = c.pick(ALL_WG);
      if (this.options.plant && x * y < 2) [x, y] = [64, 1];
      this.wg = [x, y, 1];
      this.dispatch = [c.range(1, 3), c.chance(25) ? 2 : 1, 1];
    } else {
      const sizes = [64, 1, 2, 32, 256, 1024, 7, ...(this.extreme ? [0, 1025, 65536, 4294967295] : [])];
      this.wg = [
        c.pick(sizes),
        c.chance(30) ? c.pick([1, 2, 4, ...(this.extreme ? [0, 300] : [])]) : 1,
        c.chance(15) ? c.pick([1, 2, 64, 65]) : 1,
      ];
      const counts = [1, 2, 3, 4, 16, ...(this.extreme ? [0, 65535, 65536, 4294967295] : [])];
      this.dispatch = [c.pick(counts), c.chance(20) ? c.pick(counts) : 1, c.chance(10) ? c.pick(counts) : 1];
      if (this.extreme && c.chance(20)) this.dispatch = [65535, 65535, c.pick([1, 65535])];
    }
    this.W = Math.max(1, this.wg[0] * this.wg[1] * this.wg[2]);
    const total = this.W * this.dispatch[0] * this.dispatch[1] * this.dispatch[2];
    const slots = this.safe || total <= 1 << 16 ? Math.max(1, total * this.K) : c.pick([4, 64, 1 << 20]);

    const inInits: Record<Buf['s'], [string, number][]> = {
      u32: [
        ['i', 256],
        ['i * 2654435761', Infinity],
        ['random() * 4294967296', Infinity],
        ['4294967295 - i', Infinity],
        ['(i * 37) % 1000', 1000],
      ],
      i32: [
        ['i - 50', 256],
        ['random() * 4294967296 - 2147483648', Infinity],
        ['-i * 1000003', Infinity],
        ['i % 13 - 6', 13],
      ],
      f32: [
        ['i - 64', 256],
        ['floor(random() * 2001) - 1000', 1000],
        ['i % 17 * 3', 51],
        ['floor(sin(i) * 100)', 100],
      ],
    };
    let binding = 0;
    for (const s of ['u32', 'i32', 'f32'] as const) {
      if (s !== 'u32' && !c.chance(60)) continue;
      const [init, b] = c.pick(inInits[s]);
      const count = this.safe ? c.pick([64, 16, 100, 256, 1]) : c.pick([64, 1, 256, 1 << 16]);
      this.ins.push({ name: `in${s[0]!.toUpperCase()}`, s, binding: binding++, count, init, b });
    }
    for (const s of ['u32', 'i32', 'f32'] as const) {
      if (s !== 'u32' && !c.chance(70)) continue;
      const init = c.pick(s === 'f32' ? ['', 'i % 100'] : s === 'i32' ? ['', '-i'] : ['', 'i', 'i * 7']);
      this.outs.push({ name: `out${s[0]!.toUpperCase()}`, s, binding: binding++, count: slots, init, b: s === 'f32' ? F_BOUND : Infinity });
    }
    if (c.chance(35)) {
      const s = c.pick(['u32', 'i32'] as const);
      const ops =
        s === 'u32'
          ? ['atomicAdd', 'atomicMax', 'atomicMin', 'atomicOr', 'atomicXor', 'atomicAnd']
          : ['atomicAdd', 'atomicMax', 'atomicMin'];
      this.acc = { name: 'acc', s, binding: binding++, count: c.pick([4, 1, 16]), init: c.pick(['', 'i']), b: Infinity, op: c.pick(ops) };
    }
    const tileTypes: Ty[] = [scalar('u32'), scalar('f32'), scalar('i32'), { s: 'u32', n: 2 }, { s: 'f32', n: 4 }, { s: 'i32', n: 2 }];
    const nt = c.range(1, 3);
    for (let t = 0; t < nt; t++) {
      const m = c.chance(30) ? 2 : 1;
      this.tiles.push({ name: `tile${t}`, elem: c.pick(tileTypes), m, len: this.W * m });
    }
    this.lidv = c.chance(50);
    if (this.lidv && c.chance(40))
      this.tiles.push({ name: `grid`, elem: scalar(c.pick(['u32', 'i32'] as const)), m: 1, len: this.W, twoD: true });
    this.wcount = c.chance(30);
    this.wuni = c.chance(30);
    if (c.chance(40)) this.param = { value: c.pick([3, 0, 1, 7, 100]) };
    const np = c.int(3);
    for (let p = 0; p < np; p++) {
      const ty = scalar(c.pick(['u32', 'i32', 'f32'] as const));
      this.privs.push({ name: `pv${p}`, ty, mut: true, b: ty.s === 'f32' ? F_VAR : Infinity });
    }
    if (c.chance(30)) this.struct = { name: 'Rec' };
    const nh = c.int(4);
    for (let h = 0; h < nh; h++) {
      if (c.chance(25)) {
        const ty = scalar(c.pick(['u32', 'i32'] as const));
        this.helpers.push({ name: `bump${h}`, params: [ty, ty], retB: Infinity, pointer: true });
        continue;
      }
      const params: Ty[] = [scalar('u32')];
      const more = c.int(3);
      for (let p = 0; p < more; p++) params.push(this.randomTy(true, true));
      const ret = this.randomTy(true, true);
      this.helpers.push({ name: `h${h}`, params, ret, retB: ret.s === 'f32' ? F_VAR : Infinity });
    }
  }

  private emitHeader(): void {
    const c = this.c;
    const d = this.dispatch;
    const dims = d[2] !== 1 ? 3 : d[1] !== 1 ? 2 : c.int(3) + 1;
    if (!(dims === 1 && d[0] === 1 && c.chance(30))) this.emit(`//! dispatch ${d.slice(0, dims).join(', ')}`);
    for (const b of [...this.ins, ...this.outs, ...(this.acc ? [this.acc] : [])]) {
      this.emit(`//! buffer ${b.binding} ${b.s}[${b.count}]${b.init ? ` = ${b.init}` : ''}`);
    }
    if (this.param) this.emit(`//! uniform 1:0 u32 = ${this.param.value}`);
    if (this.sloppy && c.chance(30))
      this.emit(`//! expect ${this.outs[0]!.binding}[0] = ${c.pick(['0', '1', '4294967295', 'nan', '-1', '1e39'])}`);
  }

  private emitDecls(): void {
    const c = this.c;
    this.emit('');
    for (const b of this.ins) this.emit(`@group(0) @binding(${b.binding}) var<storage, read> ${b.name}: array<${b.s}>;`);
    for (const b of this.outs) this.emit(`@group(0) @binding(${b.binding}) var<storage, read_write> ${b.name}: array<${b.s}>;`);
    if (this.acc)
      this.emit(`@group(0) @binding(${this.acc.binding}) var<storage, read_write> ${this.acc.name}: array<atomic<${this.acc.s}>>;`);
    if (this.param) this.emit(`@group(1) @binding(0) var<uniform> param: u32;`);
    for (const t of this.tiles) {
      if (t.twoD) this.emit(`var<workgroup> ${t.name}: array<array<${t.elem.s}, ${this.wg[0]}>, ${this.wg[1] * this.wg[2]}>;`);
      else
        this.emit(
          `var<workgroup> ${t.name}: array<${this.tyName(t.elem)}, ${!this.extreme || c.chance(70) ? t.len : c.pick([1, 0, 5000, 65536])}>;`,
        );
    }
    if (this.wcount) this.emit('var<workgroup> wcount: atomic<u32>;');
    if (this.wuni) this.emit('var<workgroup> wuni: u32;');
    for (const p of this.privs) this.emit(`var<private> ${p.name}: ${p.ty.s};`);
    if (this.extreme && c.chance(40)) this.emit(`var<private> big: array<${c.pick(['u32', 'vec4f'])}, ${c.pick(BIG_COUNTS)}>;`);
    if (this.struct) this.emit(`struct ${this.struct.name} { a: u32, b: vec2<f32>, c: array<i32, 4> }`);
    if (c.chance(30)) this.emit(`const LIMIT = ${c.pick(['4u', '8u', '1u'])};`);
  }

  // ------------------------------------------------------------------ expressions

  private lit(ty: Ty): Ex {
    const c = this.c;
    if (ty.n > 1) {
      const parts = c.chance(50) ? [this.lit(scalar(ty.s))] : Array.from({ length: ty.n }, () => this.lit(scalar(ty.s)));
      return { t: `${this.tyName(ty)}(${parts.map((p) => p.t).join(', ')})`, ty, b: Math.max(...parts.map((p) => p.b)), k: true };
    }
    switch (ty.s) {
      case 'bool':
        return { t: c.pick(['true', 'false']), ty, b: 1, k: true };
      case 'u32': {
        const v = c.pick([0, 1, 2, 3, 5, 7, 8, 31, 32, 100, 255, 1000, 65535, 0x7fffffff, 0x80000000, 4294967295, 12345]);
        const wild = this.sloppy && c.chance(10) ? c.pick(['4294967296u', '0x1FFFFFFFFu', '-1u', '1u', '0xffu']) : undefined;
        return { t: wild ?? (c.chance(20) ? `0x${v.toString(16)}u` : `${v}u`), v, ty, b: v, k: true };
      }
      case 'i32': {
        const v = c.pick([0, 1, 2, 3, -1, -2, 5, 7, -7, 31, 100, -100, 1000, 65535, 2147483647, -2147483647]);
        const wild = this.sloppy && c.chance(10) ? c.pick(['2147483648i', '-2147483648i', 'i32(-2147483648)', '0i']) : undefined;
        return { t: wild ?? `${v}i`, v, ty, b: Math.abs(v), k: true };
      }
      case 'f32': {
        if (!this.safe && c.chance(25)) {
          return {
            t: c.pick([
              '1e38',
              '3.4028235e38',
              '1e-40',
              '0.1',
              '-0.0',
              '1.17549435e-38',
              '0x1p-3',
              '0.5f',
              '2.5e-3f',
              ...(this.sloppy ? ['1e39'] : []),
            ]),
            ty,
            b: Infinity,
            k: true,
          };
        }
        const v = c.range(-64, 64);
        return { t: c.pick([`${v}.0`, `${v}.0f`, `${v}f`]), v, ty, b: Math.abs(v), k: true };
      }
    }
  }

  /** A runtime value of type ty that every scope has (derived from ctx.base). */
  private baseValue(ty: Ty, x: Ctx): Ex {
    const u: Ex = { t: x.base, ty: scalar('u32'), b: x.baseB, k: false };
    let s: Ex;
    switch (ty.s) {
      case 'u32':
        s = u;
        break;
      case 'i32':
        s = { t: `i32(${u.t})`, ty: scalar('i32'), b: u.b <= 2 ** 31 ? u.b : Infinity, k: false };
        break;
      case 'f32':
        s =
          u.b <= F_BOUND
            ? { t: `f32(${u.t})`, ty: scalar('f32'), b: u.b, k: false }
            : { t: `f32(${u.t} % 1024u)`, ty: scalar('f32'), b: 1023, k: false };
        break;
      case 'bool':
        s = { t: `(${u.t} % 2u == 0u)`, ty: scalar('bool'), b: 1, k: false };
        break;
    }
    if (ty.n === 1) return s;
    return { t: `${this.tyName(ty)}(${s.t})`, ty, b: s.b, k: false };
  }

  /** Replaces a const-expression by a runtime one of the same type (safe mode). */
  private rt(e: Ex, x: Ctx, maxB: number): Ex {
    if (!e.k || !this.safe) return e;
    const v = this.leaf(e.ty, x, maxB, true);
    return this.fit(v.k ? this.baseValue(e.ty, x) : v, maxB);
  }

  /** Keeps a safe-mode f32 expression within maxB by clamping it. */
  private fit(e: Ex, maxB: number): Ex {
    if (!this.safe || e.ty.s !== 'f32' || e.b <= maxB) return e;
    const m = Math.max(1, Math.floor(maxB));
    const lim = (v: number) => (e.ty.n === 1 ? `${v}.0` : `${this.tyName(e.ty)}(${v}.0)`);
    return { t: `clamp(${e.t}, ${lim(-m)}, ${lim(m)})`, ty: e.ty, b: m, k: e.k };
  }

  private vars(ty: Ty, maxB: number): Var[] {
    return this.visible().filter((v) => !v.shape && tyEq(v.ty, ty) && (!this.safe || ty.s !== 'f32' || v.b <= maxB));
  }

  private canReadTiles(x: Ctx): boolean {
    return !this.safe || x.phase === 'read' || x.phase === 'post';
  }

  private leaf(ty: Ty, x: Ctx, maxB: number, runtimeOnly = false): Ex {
    const c = this.c;
    const options: (() => Ex | undefined)[] = [];
    const vs = this.vars(ty, maxB);
    if (vs.length)
      options.push(() => {
        const v = c.pick(vs);
        return { t: v.name, ty, b: v.b, k: false };
      });
    if (!runtimeOnly) options.push(() => this.lit(ty));
    const arrays = this.visible().filter((v) => v.shape === 'array' && tyEq(v.ty, ty));
    if (arrays.length && this.level <= 4)
      options.push(() => {
        const v = c.pick(arrays);
        return { t: `${v.name}[${this.index(x, v.len!)}]`, ty, b: Infinity, k: false };
      });
    if (ty.n === 1 && ty.s !== 'bool' && this.level <= 4) {
      for (const b of this.ins)
        if (b.s === ty.s && (b.b <= maxB || ty.s !== 'f32' || !this.safe))
          options.push(() => ({ t: `${b.name}[${this.index(x, `arrayLength(&${b.name})`)}]`, ty, b: b.b, k: false }));
      if (x.phase !== 'helper' || this.sloppy) {
        for (const b of this.outs) if (b.s === ty.s) options.push(() => ({ t: `${b.name}[${this.ownSlot(x)}]`, ty, b: b.b, k: false }));
      }
      if (this.canReadTiles(x)) {
        for (const t of this.tiles) {
          if (t.elem.s !== ty.s) continue;
          options.push(() => {
            const at = this.tileIndex(t, x);
            const comp = t.elem.n > 1 ? `.${c.pick(['x', 'y'])}` : '';
            return { t: `${t.name}${at}${comp}`, ty, b: ty.s === 'f32' ? F_VAR : Infinity, k: false };
          });
        }
      }
      if (ty.s === 'u32') {
        if (x.phase !== 'helper' || this.sloppy)
          options.push(() => ({ t: c.pick(['lid', 'own', 'gid.x', 'wid.x', 'nwg.x', 'gid.y']), ty, b: Infinity, k: false }));
        if (this.param) options.push(() => ({ t: 'param', ty, b: this.param!.value, k: false }));
        if (this.wcount && (!this.safe || x.phase === 'read' || x.phase === 'post'))
          options.push(() => ({ t: 'atomicLoad(&wcount)', ty, b: Infinity, k: false }));
        if (this.ins.length) options.push(() => ({ t: `arrayLength(&${c.pick(this.ins).name})`, ty, b: Infinity, k: false }));
      }
    }
    if (ty.n === 3 && ty.s === 'u32' && (x.phase !== 'helper' || this.sloppy))
      options.push(() => ({ t: c.pick(['gid', 'wid', 'nwg', ...(this.lidv ? ['lidv'] : [])]), ty, b: Infinity, k: false }));
    for (let tries = 0; tries < 3 && options.length; tries++) {
      const e = c.pick(options)();
      if (e) return e;
    }
    return runtimeOnly ? this.baseValue(ty, x) : this.lit(ty);
  }

  /** An in-bounds index expression `(e) % len` (wild mode: sometimes unguarded). */
  private index(x: Ctx, len: string | number): string {
    const e = this.expr(scalar('u32'), x, 1, Infinity);
    const lenText = typeof len === 'number' ? `${len}u` : len;
    if (!this.safe && (!e.k || this.sloppy) && this.c.chance(25)) return e.t;
    return `(${e.t}) % ${lenText}`;
  }

  private tileIndex(t: Tile, x: Ctx): string {
    if (t.twoD) return `[${this.index(x, this.wg[1] * this.wg[2])}][${this.index(x, this.wg[0])}]`;
    return `[${this.index(x, t.len)}]`;
  }

  private ownSlot(x: Ctx, j = this.c.int(this.K)): string {
    if (!this.safe && (x.phase !== 'helper' || this.sloppy) && this.c.chance(20)) return this.index(x, 'arrayLength(&outU)');
    return `own * ${this.K}u + ${j}u`;
  }

  expr(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    // Indices of memory reads are expressions too: cap the total nesting.
    this.level++;
    let e: Ex;
    try {
      e = this.level > 6 ? this.leaf(ty, x, maxB) : this.exprInner(ty, x, depth, maxB);
    } finally {
      this.level--;
    }
    if (this.deepNesting && this.c.chance(2)) return this.deep(e);
    return this.fit(e, maxB);
  }

  /** Wild mode: wraps an expression in very deep nesting (parser and stack limits). */
  private deep(e: Ex): Ex {
    const n = this.c.pick([40, 130, 600, 3000]);
    const kind = this.c.int(3);
    if (kind === 0) return { ...e, t: '('.repeat(n) + e.t + ')'.repeat(n) };
    if (kind === 1 && e.ty.s !== 'bool' && e.ty.s !== 'u32') return { ...e, t: '-('.repeat(n) + e.t + ')'.repeat(n) };
    // A long chain of a short operand (repeating a long one would multiply the size).
    if (e.t.length > 64) return { ...e, t: '('.repeat(n) + e.t + ')'.repeat(n) };
    return { ...e, t: e.t + ` + ${e.t}`.repeat(Math.min(n, 1000)) };
  }

  private exprInner(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    const c = this.c;
    if (this.sloppy && c.chance(3)) {
      // A type slip: any other type (the front end must say so, not crash).
      return this.exprInner(this.randomTy(), x, depth - 1, maxB);
    }
    if (depth <= 0 || c.chance(25)) return this.leaf(ty, x, maxB);
    if (ty.s === 'bool') return this.boolExpr(ty, x, depth, maxB);
    const prods: [number, () => Ex][] = [
      [6, () => this.arith(ty, x, depth, maxB)],
      [2, () => this.call(ty, x, depth, maxB)],
      [2, () => this.convert(ty, x, depth, maxB)],
      [1, () => this.selectExpr(ty, x, depth, maxB)],
      [1, () => this.leaf(ty, x, maxB)],
    ];
    if (ty.s !== 'f32') prods.push([3, () => this.bits(ty, x, depth)]);
    if (ty.n > 1) prods.push([2, () => this.construct(ty, x, depth, maxB)]);
    if (ty.n === 1) prods.push([1, () => this.component(ty, x, depth, maxB)]);
    const helpers = this.callableHelpers(x).filter((h) => h.ret && tyEq(h.ret, ty) && h.retB <= maxB);
    if (helpers.length) prods.push([2, () => this.helperCall(c.pick(helpers), x, depth)]);
    if (this.struct && ty.n === 1) {
      const st = this.visible().filter((v) => v.shape === 'struct');
      if (st.length) {
        const v = c.pick(st);
        if (ty.s === 'u32') prods.push([1, () => ({ t: `${v.name}.a`, ty, b: Infinity, k: false })]);
        if (ty.s === 'i32') prods.push([1, () => ({ t: `${v.name}.c[${this.index(x, 4)}]`, ty, b: Infinity, k: false })]);
        if (ty.s === 'f32') prods.push([1, () => ({ t: `${v.name}.b.${c.pick(['x', 'y'])}`, ty, b: F_VAR, k: false })]);
      }
    }
    return c.weighted(prods)();
  }

  private boolExpr(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    const c = this.c;
    const k = c.int(6);
    if (k <= 2) {
      const operand = this.randomTy(false, true);
      const a = this.expr(operand, x, depth - 1, F_BOUND);
      const b = this.expr(operand, x, depth - 1, F_BOUND);
      const op = c.pick(['<', '==', '!=', '>=', '>', '<=']);
      const cmp = `${a.t} ${op} ${b.t}`;
      if (operand.n > 1) return { t: `${c.pick(['all', 'any'])}(${cmp})`, ty, b: 1, k: a.k && b.k };
      return { t: `(${cmp})`, ty, b: 1, k: a.k && b.k };
    }
    if (k === 3) {
      const a = this.expr(ty, x, depth - 1, maxB);
      return { t: `!(${a.t})`, ty, b: 1, k: a.k };
    }
    if (k === 4) {
      const a = this.expr(ty, x, depth - 1, maxB);
      const b = this.expr(ty, x, depth - 1, maxB);
      return { t: `(${a.t} ${c.pick(['&&', '||', '==', '!=', '&', '|'])} ${b.t})`, ty, b: 1, k: a.k && b.k };
    }
    return this.selectExpr(ty, x, depth, maxB);
  }

  private arith(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    const c = this.c;
    const isF = ty.s === 'f32';
    const ops = isF ? ['+', '-', '*', 'neg'] : ['+', '-', '*', '/', '%', 'neg'];
    if (isF && !this.safe) ops.push('/', '%');
    const op = c.pick(ops);
    const mixScalar = ty.n > 1 && op !== 'neg' && c.chance(30);
    if (op === 'neg') {
      if (ty.s === 'u32') return this.arith(ty, x, depth, maxB); // no unary minus on u32... pick again
      let a = this.expr(ty, x, depth - 1, maxB);
      a = this.rt(a, x, maxB);
      return { t: `-(${a.t})`, ty, b: a.b, k: a.k };
    }
    const rhsTy = mixScalar ? scalar(ty.s) : ty;
    if (op === '/' || op === '%') {
      const a = this.expr(ty, x, depth - 1, maxB);
      if (!this.safe) {
        let b = this.expr(rhsTy, x, depth - 1, maxB);
        // A constant zero divisor is a compile error; keep that to sloppy kernels.
        if (a.k && b.k && !this.sloppy) b = this.baseValue(rhsTy, x);
        return { t: `(${a.t} ${op} ${b.t})`, ty, b: Infinity, k: a.k && b.k };
      }
      // Divisor in [1, 255] and odd: no division by zero, no i32 MIN / -1.
      const b = this.rt(this.expr(scalar(ty.s), x, depth - 1, Infinity), x, Infinity);
      const one = ty.s === 'u32' ? 'u' : 'i';
      const divisor = `((${b.t} & 255${one}) | 1${one})`;
      return { t: `(${a.t} ${op} ${divisor})`, ty, b: op === '%' ? 254 : a.b, k: false };
    }
    if (op === '*') {
      const a = this.expr(ty, x, depth - 1, Math.min(maxB, 1024));
      const b = this.expr(rhsTy, x, depth - 1, isF && this.safe ? Math.max(0, Math.floor(maxB / Math.max(1, a.b))) : Infinity);
      const r = this.bothConst(a, b, x, maxB);
      const bound = r[0].b * r[1].b;
      return { t: `(${r[0].t} * ${r[1].t})`, ty, b: bound <= 2 ** 31 ? bound : Infinity, k: r[0].k && r[1].k };
    }
    const half = isF ? maxB / 2 : Infinity;
    const a = this.expr(ty, x, depth - 1, half);
    const b = this.expr(rhsTy, x, depth - 1, half);
    const r = this.bothConst(a, b, x, half);
    const bound = ty.s === 'u32' && op === '-' ? Infinity : r[0].b + r[1].b;
    return { t: `(${r[0].t} ${op} ${r[1].t})`, ty, b: bound <= 2 ** 31 ? bound : Infinity, k: r[0].k && r[1].k };
  }

  /** Safe mode: two constants could overflow at shader creation; make the second runtime. */
  private bothConst(a: Ex, b: Ex, x: Ctx, maxB: number): [Ex, Ex] {
    if (this.safe && a.k && b.k) return [a, this.rt(b, x, maxB)];
    return [a, b];
  }

  private bits(ty: Ty, x: Ctx, depth: number): Ex {
    const c = this.c;
    const op = c.pick(['&', '|', '^', '<<', '>>', '~']);
    const a = this.expr(ty, x, depth - 1, Infinity);
    if (op === '~') return { t: `~(${a.t})`, ty, b: Infinity, k: a.k };
    if (op === '<<' || op === '>>') {
      const shTy: Ty = { s: 'u32', n: ty.n };
      let b = this.expr(shTy, x, depth - 1, Infinity);
      if (this.safe) {
        b = this.rt(b, x, Infinity);
        const mask = ty.n === 1 ? '31u' : `${this.tyName(shTy)}(31u)`;
        return { t: `(${a.t} ${op} (${b.t} & ${mask}))`, ty, b: Infinity, k: false };
      }
      return { t: `(${a.t} ${op} ${b.t})`, ty, b: Infinity, k: a.k && b.k };
    }
    const b = this.expr(ty, x, depth - 1, Infinity);
    return { t: `(${a.t} ${op} ${b.t})`, ty, b: op === '&' && ty.s === 'u32' ? Math.min(a.b, b.b) : Infinity, k: a.k && b.k };
  }

  private call(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    const c = this.c;
    const d = depth - 1;
    const isF = ty.s === 'f32';
    const fns = isF
      ? ['min', 'max', 'abs', 'clamp', 'floorHalf', 'floor', 'ceil', 'round', 'trunc', 'sign', 'roundHalf', 'dot']
      : [
          'min',
          'max',
          'clamp',
          'countOneBits',
          'reverseBits',
          'countLeadingZeros',
          'countTrailingZeros',
          'firstLeadingBit',
          'firstTrailingBit',
          'extractBits',
          'insertBits',
          'dot',
          ...(ty.s === 'i32' ? ['abs'] : []),
        ];
    if (isF && !this.safe) fns.push('sqrt', 'sin', 'exp', 'log', 'pow', 'inverseSqrt', 'fract', 'atan2', 'ldexp', 'fma', 'smoothstep');
    const fn = c.pick(fns);
    const one = (b = maxB) => this.expr(ty, x, d, b);
    const mk = (t: string, b: number, k: boolean): Ex => ({ t, ty, b, k });
    switch (fn) {
      case 'min':
      case 'max': {
        const r = this.bothConst(one(), one(), x, maxB);
        return mk(`${fn}(${r[0].t}, ${r[1].t})`, Math.max(r[0].b, r[1].b), r[0].k && r[1].k);
      }
      case 'abs': {
        const a = this.rt(one(), x, maxB);
        return mk(`abs(${a.t})`, a.b, a.k);
      }
      case 'clamp': {
        const a = this.rt(one(), x, maxB);
        let lo = this.lit(scalar(ty.s));
        let hi = this.lit(scalar(ty.s));
        if (this.safe && (lo.v ?? 0) > (hi.v ?? 0)) [lo, hi] = [hi, lo];
        return mk(`clamp(${a.t}, ${this.tyCast(ty, lo!.t)}, ${this.tyCast(ty, hi!.t)})`, Math.max(a.b, lo!.b, hi!.b), false);
      }
      case 'floorHalf': {
        const a = one(2 * maxB);
        return mk(`floor(${a.t} * 0.5)`, Math.ceil(a.b / 2) + 1, a.k);
      }
      case 'roundHalf': {
        const a = one(2 * maxB);
        return mk(`round(${a.t} * 0.5)`, Math.ceil(a.b / 2) + 1, a.k);
      }
      case 'floor':
      case 'ceil':
      case 'round':
      case 'trunc': {
        const a = one();
        return mk(`${fn}(${a.t})`, a.b, a.k);
      }
      case 'sign': {
        const a = one(F_BOUND);
        return mk(`sign(${a.t})`, 1, a.k);
      }
      case 'dot': {
        if (ty.n !== 1) return this.arith(ty, x, depth, maxB);
        const n = c.range(2, 4) as 2 | 3 | 4;
        const vt: Ty = { s: ty.s, n };
        const each = isF ? Math.floor(Math.sqrt(maxB / n)) : Infinity;
        const r = this.bothConst(this.expr(vt, x, d, each), this.expr(vt, x, d, each), x, each);
        const bound = n * r[0].b * r[1].b;
        return mk(`dot(${r[0].t}, ${r[1].t})`, bound <= 2 ** 31 ? bound : Infinity, r[0].k && r[1].k);
      }
      case 'extractBits':
      case 'insertBits': {
        const a = this.rt(one(), x, maxB);
        let o: string;
        let n: string;
        if (this.safe) {
          const ov = c.int(33);
          o = `${ov}u`;
          n = `${c.int(33 - ov)}u`;
        } else {
          o = this.expr(scalar('u32'), x, 0, Infinity).t;
          n = this.expr(scalar('u32'), x, 0, Infinity).t;
        }
        if (fn === 'extractBits') return mk(`extractBits(${a.t}, ${o}, ${n})`, Infinity, false);
        return mk(`insertBits(${a.t}, ${one().t}, ${o}, ${n})`, Infinity, false);
      }
      default: {
        const a = this.safe ? this.rt(one(), x, maxB) : one();
        if (fn === 'ldexp') return mk(`ldexp(${a.t}, ${this.expr({ s: 'i32', n: ty.n }, x, d, Infinity).t})`, Infinity, false);
        if (['atan2', 'pow'].includes(fn)) return mk(`${fn}(${a.t}, ${one().t})`, Infinity, false);
        if (fn === 'fma' || fn === 'smoothstep') return mk(`${fn}(${a.t}, ${one().t}, ${one().t})`, Infinity, false);
        return mk(`${fn}(${a.t})`, isF ? Infinity : 32, a.k);
      }
    }
  }

  /** A scalar literal text as the vector type ty (for clamp bounds). */
  private tyCast(ty: Ty, lit: string): string {
    return ty.n === 1 ? lit : `${this.tyName(ty)}(${lit})`;
  }

  private convert(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    const c = this.c;
    const from = c.pick((['u32', 'i32', 'f32', 'bool'] as Scalar[]).filter((s) => s !== ty.s && (s !== 'bool' || ty.n === 1)));
    const fty: Ty = { s: from, n: ty.n };
    const name = this.tyName(ty);
    if (!this.safe && c.chance(20) && from !== 'bool') {
      const a = this.expr(fty, x, depth - 1, Infinity);
      return { t: `bitcast<${name}>(${a.t})`, ty, b: Infinity, k: a.k };
    }
    if (ty.s === 'f32') {
      if (from === 'bool') {
        const a = this.expr(fty, x, depth - 1, 1);
        return { t: `${name}(${a.t})`, ty, b: 1, k: a.k };
      }
      let a = this.expr(fty, x, depth - 1, Infinity);
      if (a.b > Math.min(maxB, F_BOUND) && this.safe) {
        const m = Math.min(1024, Math.max(1, Math.floor(maxB)));
        const mod = from === 'u32' ? `${m}u` : `${m}i`;
        a = { t: `(${a.t} % ${ty.n === 1 ? mod : `${this.tyName(fty)}(${mod})`})`, ty: fty, b: m - 1, k: a.k };
      }
      return { t: `${name}(${a.t})`, ty, b: a.b, k: a.k };
    }
    if (from === 'f32') {
      // f32 values are small integers: the conversion is exact; u32 of a negative value
      // saturates differently on some implementations, so take abs first.
      const a = this.expr(fty, x, depth - 1, F_BOUND);
      const src = ty.s === 'u32' && this.safe ? `abs(${a.t})` : a.t;
      return { t: `${name}(${src})`, ty, b: a.b, k: a.k };
    }
    if (from === 'bool') {
      const a = this.expr(fty, x, depth - 1, 1);
      return { t: `${name}(${a.t})`, ty, b: 1, k: a.k };
    }
    // i32 <-> u32: the bits are reinterpreted (same as bitcast).
    const a = this.expr(fty, x, depth - 1, Infinity);
    if (c.chance(30)) return { t: `bitcast<${name}>(${a.t})`, ty, b: Infinity, k: a.k };
    return { t: `${name}(${a.t})`, ty, b: ty.s === 'i32' && a.b < 2 ** 31 ? a.b : Infinity, k: a.k };
  }

  private selectExpr(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    const a = this.expr(ty, x, depth - 1, maxB);
    const b = this.expr(ty, x, depth - 1, maxB);
    let cond: Ex;
    if (ty.n > 1 && this.c.chance(30)) {
      const ct: Ty = { s: this.c.pick(['u32', 'i32', 'f32'] as const), n: ty.n };
      const p = this.expr(ct, x, depth - 1, F_BOUND);
      const q = this.expr(ct, x, depth - 1, F_BOUND);
      cond = { t: `${p.t} < ${q.t}`, ty: { s: 'bool', n: ty.n }, b: 1, k: p.k && q.k };
    } else cond = this.expr(scalar('bool'), x, depth - 1, 1);
    return { t: `select(${a.t}, ${b.t}, ${cond.t})`, ty, b: Math.max(a.b, b.b), k: a.k && b.k && cond.k };
  }

  private construct(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    const c = this.c;
    const name = this.tyName(ty);
    const comp = scalar(ty.s);
    const k = c.int(4);
    if (k === 0) {
      const a = this.expr(comp, x, depth - 1, maxB);
      return { t: `${name}(${a.t})`, ty, b: a.b, k: a.k };
    }
    if (k === 1 && ty.n >= 3) {
      const v = this.expr({ s: ty.s, n: 2 }, x, depth - 1, maxB);
      const rest = Array.from({ length: ty.n - 2 }, () => this.expr(comp, x, depth - 1, maxB));
      return {
        t: `${name}(${[v, ...rest].map((e) => e.t).join(', ')})`,
        ty,
        b: Math.max(v.b, ...rest.map((e) => e.b)),
        k: v.k && rest.every((e) => e.k),
      };
    }
    if (k === 2) {
      // Swizzle of a wider (or equal) vector.
      const n = c.range(ty.n, 4) as 2 | 3 | 4;
      const v = this.expr({ s: ty.s, n }, x, depth - 1, maxB);
      const letters = 'xyzw'.slice(0, n);
      const sw = Array.from({ length: ty.n }, () => letters[c.int(n)]).join('');
      return { t: `(${v.t}).${sw}`, ty, b: v.b, k: v.k };
    }
    const parts = Array.from({ length: ty.n }, () => this.expr(comp, x, depth - 1, maxB));
    return { t: `${name}(${parts.map((e) => e.t).join(', ')})`, ty, b: Math.max(...parts.map((e) => e.b)), k: parts.every((e) => e.k) };
  }

  /** A scalar from a vector: a component or a constant index. */
  private component(ty: Ty, x: Ctx, depth: number, maxB: number): Ex {
    const n = this.c.range(2, 4) as 2 | 3 | 4;
    const v = this.expr({ s: ty.s, n }, x, depth - 1, maxB);
    const pick = this.c.int(n);
    if (!this.safe && this.c.chance(20)) {
      const i = this.expr(scalar('u32'), x, 0, Infinity);
      if (!i.k || this.sloppy) return { t: `(${v.t})[${i.t}]`, ty, b: v.b, k: false };
    }
    return { t: this.c.chance(50) ? `(${v.t}).${'xyzw'[pick]}` : `(${v.t})[${pick}]`, ty, b: v.b, k: v.k };
  }

  private callableHelpers(x: Ctx): Helper[] {
    // Safe mode: only helpers defined earlier (no recursion); wild mode: any.
    const upto = !this.sloppy && x.phase === 'helper' ? x.helperIndex : this.helpers.length;
    return this.helpers.slice(0, upto).filter((h) => !h.pointer);
  }

  private helperCall(h: Helper, x: Ctx, depth: number): Ex {
    const args = h.params.map((p) => this.expr(p, x, depth - 1, p.s === 'f32' ? F_VAR : Infinity));
    return { t: `${h.name}(${args.map((a) => a.t).join(', ')})`, ty: h.ret!, b: h.retB, k: false };
  }

  // ------------------------------------------------------------------ statements

  private block(x: Ctx, count: number, sinkAll = false): boolean {
    this.push();
    let ended = false;
    for (let i = 0; i < count && this.stmtBudget > 0 && !ended; i++) ended = this.statement(x);
    if (!ended && (sinkAll || this.c.chance(60))) this.sink(x, this.scopes[this.scopes.length - 1]!, sinkAll ? 8 : 2);
    this.pop();
    return ended;
  }

  /**
   * Folds values into the invocation's own output slots, so that what a block computed is
   * observable in the buffers the differential test compares (and not optimized away).
   */
  private sink(x: Ctx, vars: Var[], most: number): void {
    if (x.phase === 'helper' && !this.sloppy) return;
    const values = vars.filter((v) => !v.shape).slice(-most);
    for (const v of values) {
      const j = this.c.int(this.K);
      const slot = `own * ${this.K}u + ${j}u`;
      const named = (s: Buf['s']) => this.outs.find((o) => o.s === s);
      const vecOne = v.ty.n > 1 ? `${this.tyName(v.ty)}(${v.ty.s === 'f32' ? '1.0' : `1${v.ty.s[0]}`})` : '';
      const flat = v.ty.n > 1 ? `dot(${v.name}, ${vecOne})` : v.name;
      if (v.ty.s === 'f32' && named('f32')) {
        this.emit(`outF[${slot}] = clamp(outF[${slot}] + ${flat}, -${F_BOUND}.0, ${F_BOUND}.0);`);
      } else if (v.ty.s === 'i32' && named('i32')) {
        this.emit(`outI[${slot}] ${this.c.pick(['+=', '^=', '='])} ${flat};`);
      } else {
        const asU =
          v.ty.s === 'u32'
            ? flat
            : v.ty.s === 'i32'
              ? `bitcast<u32>(${flat})`
              : v.ty.s === 'f32'
                ? `u32(abs(${flat}))`
                : `select(0u, 1u, ${v.name})`;
        this.emit(`outU[${slot}] ${this.c.pick(['+=', '^=', '='])} ${asU};`);
      }
    }
  }

  /** Emits one statement; returns true when it ends the block (break/continue/return). */
  private statement(x: Ctx): boolean {
    const c = this.c;
    this.stmtBudget--;
    const d = this.safe ? 2 : 3;
    const nested = x.nest < (this.safe ? 3 : 5);
    const prods: [number, () => boolean | void][] = [
      [4, () => this.letStmt(x, d)],
      [3, () => this.varStmt(x, d)],
      [5, () => this.assignStmt(x, d)],
      [3, () => this.outWrite(x, d)],
    ];
    if (nested) {
      prods.push(
        [3, () => this.ifStmt(x)],
        [2, () => this.forStmt(x)],
        [1, () => this.whileStmt(x)],
        [1, () => this.loopStmt(x)],
        [1, () => this.switchStmt(x)],
      );
    }
    if (x.loop) prods.push([1, () => this.breakStmt(x)]);
    if (this.acc && x.phase !== 'helper')
      prods.push([
        1,
        () =>
          void this.emit(
            `${this.acc!.op}(&${this.acc!.name}[${this.index(x, `arrayLength(&${this.acc!.name})`)}], ${this.rt(this.expr(scalar(this.acc!.s), x, d, Infinity), x, Infinity).t});`,
          ),
      ]);
    if (this.wcount && (!this.safe || x.phase === 'write'))
      prods.push([1, () => void this.emit(`atomicAdd(&wcount, ${this.expr(scalar('u32'), x, 1, Infinity).t});`)]);
    const pointers = this.helpers.filter((h) => h.pointer);
    if (pointers.length) prods.push([1, () => this.pointerCall(c.pick(pointers), x, d)]);
    const values = this.callableHelpers(x);
    if (values.length) prods.push([1, () => void this.emit(`_ = ${this.helperCall(c.pick(values), x, d).t};`)]);
    if (this.privs.length) prods.push([1, () => this.privAssign(x, d)]);
    if (this.struct) prods.push([1, () => this.structStmt(x, d)]);
    if (!this.safe) {
      prods.push([1, () => void this.emit(`${c.pick(['workgroupBarrier', 'storageBarrier', 'textureBarrier'])}();`)]);
      prods.push([1, () => void this.tileWrite(x, this.c.pick(this.tiles), this.c.int(2), d)]);
      prods.push([1, () => this.returnStmt(x)]);
      if (this.wuni) prods.push([1, () => void this.emit(`let ${this.fresh()} = workgroupUniformLoad(&wuni);`)]);
    } else if (x.phase === 'post' || x.phase === 'helper') {
      prods.push([1, () => this.returnStmt(x)]);
    }
    return !!c.weighted(prods)();
  }

  private letStmt(x: Ctx, d: number): void {
    const ty = this.randomTy();
    const e = this.expr(ty, x, d, ty.s === 'f32' ? F_VAR : Infinity);
    const name = this.fresh();
    const annotate = this.c.chance(40);
    this.emit(`let ${name}${annotate ? `: ${this.tyName(ty)}` : ''} = ${e.t};`);
    this.declare({ name, ty, mut: false, b: e.b });
  }

  private varStmt(x: Ctx, d: number): void {
    const c = this.c;
    const name = this.fresh();
    if (c.chance(15)) {
      const n = c.pick([4, 8]);
      const s = c.pick(['u32', 'i32'] as const);
      this.emit(`var ${name}: array<${s}, ${n}>${this.zeroInit(x, `array<${s}, ${n}>`)};`);
      this.declare({ name, ty: { s, n: 1 }, mut: true, b: Infinity, shape: 'array', len: n });
      return;
    }
    const ty = this.randomTy();
    const b = ty.s === 'f32' ? F_VAR : Infinity;
    if (c.chance(20)) this.emit(`var ${name}: ${this.tyName(ty)}${this.zeroInit(x, this.tyName(ty))};`);
    else {
      const e = this.expr(ty, x, d, b);
      this.emit(`var ${name}${c.chance(50) ? `: ${this.tyName(ty)}` : ''} = ${e.t};`);
    }
    this.declare({ name, ty, mut: true, b, addressable: true });
  }

  /**
   * Safe mode: a declaration without initializer inside a loop gets an explicit zero value.
   * WGSL zero-initializes it every time the declaration runs, but Dawn on lavapipe keeps
   * the previous iteration's value (found by this fuzzer; the simulator follows WGSL).
   */
  private zeroInit(x: Ctx, type: string): string {
    return this.safe && x.loopDepth > 0 ? ` = ${type}()` : '';
  }

  private assignStmt(x: Ctx, d: number): boolean | void {
    const c = this.c;
    const muts = this.visible().filter((v) => v.mut && v.shape !== 'struct');
    if (!muts.length) return this.letStmt(x, d);
    const v = c.pick(muts);
    if (v.shape === 'array') {
      const e = this.expr(v.ty, x, d, Infinity);
      this.emit(`${v.name}[${this.index(x, v.len!)}] ${c.pick(['=', '+=', '^='])} ${e.t};`);
      return;
    }
    if (v.ty.s === 'f32') {
      // No compound assignment: a loop could grow the value past the exact range.
      const e = this.expr(v.ty, x, d, v.b);
      if (this.safe) this.emit(`${v.name} = ${this.fit({ ...e, t: `${v.name} ${c.pick(['+', '-'])} ${e.t}`, b: v.b + e.b }, v.b).t};`);
      else this.emit(`${v.name} ${c.pick(['=', '+=', '*=', '/='])} ${e.t};`);
      return;
    }
    if (v.ty.s === 'bool') {
      this.emit(`${v.name} = ${this.expr(v.ty, x, d, 1).t};`);
      return;
    }
    if (v.ty.n > 1 && c.chance(30)) {
      const comp = 'xyzw'[c.int(v.ty.n)];
      this.emit(`${v.name}.${comp} = ${this.expr(scalar(v.ty.s), x, d, Infinity).t};`);
      return;
    }
    if (v.ty.n === 1 && c.chance(20)) {
      this.emit(`${v.name}${c.pick(['++', '--'])};`);
      return;
    }
    const op = c.pick(['=', '+=', '-=', '*=', '&=', '|=', '^=', '<<=', '>>=', '/=', '%=']);
    if (op === '<<=' || op === '>>=') {
      const sh: Ty = { s: 'u32', n: v.ty.n };
      const amount = this.expr(sh, x, d, Infinity);
      this.emit(`${v.name} ${op} ${this.safe ? `(${amount.t} & ${v.ty.n === 1 ? '31u' : `${this.tyName(sh)}(31u)`})` : amount.t};`);
      return;
    }
    if ((op === '/=' || op === '%=') && this.safe) {
      const one = v.ty.s === 'u32' ? 'u' : 'i';
      const b = this.expr(scalar(v.ty.s), x, d, Infinity);
      this.emit(`${v.name} ${op} ((${b.t} & 255${one}) | 1${one});`);
      return;
    }
    this.emit(`${v.name} ${op} ${this.expr(v.ty, x, d, Infinity).t};`);
  }

  private outWrite(x: Ctx, d: number): void {
    if (x.phase === 'helper' && !this.sloppy) return this.letStmt(x, d);
    const c = this.c;
    const o = c.pick(this.outs);
    const e = this.expr(scalar(o.s), x, d, o.b);
    const compound = o.s !== 'f32' && c.chance(25) ? c.pick(['+=', '^=', '|=', '-=']) : '=';
    this.emit(`${o.name}[${this.ownSlot(x)}] ${compound} ${e.t};`);
  }

  private tileWrite(x: Ctx, t: Tile, j: number, d: number): number {
    const e = this.expr(t.elem, x, d, F_VAR);
    if (t.twoD && x.phase === 'helper') return this.emit(`${t.name}${this.tileIndex(t, x)} = ${e.t};`);
    if (t.twoD) return this.emit(`${t.name}[lidv.y + lidv.z * ${this.wg[1]}u][lidv.x] = ${e.t};`);
    const slot =
      !this.safe && (x.phase === 'helper' || this.c.chance(30)) ? this.index(x, t.len) : t.m === 1 ? 'lid' : `lid * ${t.m}u + ${j % t.m}u`;
    return this.emit(`${t.name}[${slot}] = ${e.t};`);
  }

  private privAssign(x: Ctx, d: number): void {
    const p = this.c.pick(this.privs);
    const e = this.expr(p.ty, x, d, p.b);
    if (p.ty.s === 'f32' && this.safe) this.emit(`${p.name} = ${this.fit({ ...e, t: `${p.name} + ${e.t}`, b: p.b + e.b }, p.b).t};`);
    else this.emit(`${p.name} ${p.ty.s === 'f32' ? '=' : this.c.pick(['=', '+=', '^='])} ${e.t};`);
  }

  private structStmt(x: Ctx, d: number): void {
    const c = this.c;
    const have = this.visible().filter((v) => v.shape === 'struct');
    if (!have.length || c.chance(30)) {
      const name = this.fresh('rec');
      this.emit(`var ${name}: ${this.struct!.name}${this.zeroInit(x, this.struct!.name)};`);
      this.declare({ name, ty: scalar('bool'), mut: true, b: 1, shape: 'struct' });
      return;
    }
    const v = c.pick(have);
    const k = c.int(3);
    if (k === 0) this.emit(`${v.name}.a = ${this.expr(scalar('u32'), x, d, Infinity).t};`);
    else if (k === 1) this.emit(`${v.name}.c[${this.index(x, 4)}] = ${this.expr(scalar('i32'), x, d, Infinity).t};`);
    else this.emit(`${v.name}.b.${c.pick(['x', 'y'])} = ${this.expr(scalar('f32'), x, d, F_VAR).t};`);
  }

  private pointerCall(h: Helper, x: Ctx, d: number): void {
    const targets = this.visible().filter((v) => v.addressable && !v.shape && tyEq(v.ty, h.params[0]!));
    if (!targets.length) return this.varStmt(x, d);
    const v = this.c.pick(targets);
    this.emit(`${h.name}(&${v.name}, ${this.expr(h.params[1]!, x, d, Infinity).t});`);
  }

  private returnStmt(x: Ctx): boolean {
    if (x.phase === 'helper') {
      const h = this.helpers[x.helperIndex]!;
      this.emit(`if (${this.expr(scalar('bool'), x, 1, 1).t}) { return ${this.expr(h.ret!, x, 2, h.retB).t}; }`);
      return false;
    }
    // Only under a condition: an unconditional return would make the rest unreachable.
    this.emit(`if (${this.expr(scalar('bool'), x, 1, 1).t}) { return; }`);
    return false;
  }

  private breakStmt(x: Ctx): void {
    const cond = this.expr(scalar('bool'), x, 1, 1);
    this.emit(`if (${cond.t}) { ${this.c.pick(['break', 'continue'])}; }`);
  }

  private sub(x: Ctx, extra: Partial<Ctx>): Ctx {
    return { ...x, uniform: this.safe ? false : x.uniform, nest: x.nest + 1, ...extra };
  }

  private ifStmt(x: Ctx): void {
    const c = this.c;
    this.emit(`if (${this.expr(scalar('bool'), x, 2, 1).t}) {`);
    this.indent++;
    this.block(this.sub(x, {}), c.range(1, 3));
    this.indent--;
    if (c.chance(40)) {
      if (c.chance(30)) {
        this.emit(`} else if (${this.expr(scalar('bool'), x, 2, 1).t}) {`);
        this.indent++;
        this.block(this.sub(x, {}), c.range(1, 2));
        this.indent--;
      }
      this.emit('} else {');
      this.indent++;
      this.block(this.sub(x, {}), c.range(1, 2));
      this.indent--;
    }
    this.emit('}');
  }

  private loopBound(x: Ctx): string {
    const c = this.c;
    if (!this.safe && c.chance(30)) return this.expr(scalar('u32'), x, 1, Infinity).t;
    if (this.param && c.chance(25)) return 'min(param, 5u)';
    return `${c.range(1, 5)}u`;
  }

  private forStmt(x: Ctx): void {
    const i = this.fresh('ix');
    this.emit(`for (var ${i} = 0u; ${i} < ${this.loopBound(x)}; ${i}++) {`);
    this.indent++;
    this.push();
    this.declare({ name: i, ty: scalar('u32'), mut: false, b: 8 });
    this.block(this.sub(x, { loop: true, loopDepth: x.loopDepth + 1 }), this.c.range(1, 3));
    this.pop();
    this.indent--;
    this.emit('}');
  }

  private whileStmt(x: Ctx): void {
    const w = this.fresh('w');
    this.emit(`var ${w} = 0u;`);
    if (!this.safe && this.c.chance(40)) {
      // May never end: the step limit has to stop it.
      this.emit(`while (${this.expr(scalar('bool'), x, 2, 1).t}) {`);
    } else {
      this.emit(`while (${w} < ${this.loopBound(x)}) {`);
    }
    this.indent++;
    this.emit(`${w}++;`);
    this.push();
    this.declare({ name: w, ty: scalar('u32'), mut: false, b: 8 });
    this.block(this.sub(x, { loop: true, loopDepth: x.loopDepth + 1 }), this.c.range(1, 3));
    this.pop();
    this.indent--;
    this.emit('}');
  }

  private loopStmt(x: Ctx): void {
    const l = this.fresh('l');
    this.emit(`var ${l} = 0u;`);
    this.emit('loop {');
    this.indent++;
    this.push();
    this.declare({ name: l, ty: scalar('u32'), mut: false, b: 8 });
    this.block(this.sub(x, { loop: true, loopDepth: x.loopDepth + 1 }), this.c.range(1, 3));
    this.pop();
    this.emit('continuing {');
    this.indent++;
    this.emit(`${l}++;`);
    this.emit(`break if ${l} >= ${this.loopBound(x)};`);
    this.indent--;
    this.emit('}');
    this.indent--;
    this.emit('}');
  }

  private switchStmt(x: Ctx): void {
    const c = this.c;
    const s = c.pick(['u32', 'i32'] as const);
    const sel = this.rt(this.expr(scalar(s), x, 2, Infinity), x, Infinity);
    this.emit(`switch (${sel.t}) {`);
    this.indent++;
    const used = new Set<number>();
    const cases = c.range(1, 3);
    const suffix = s === 'u32' ? 'u' : 'i';
    for (let k = 0; k < cases; k++) {
      const vals: number[] = [];
      const n = c.range(1, 2);
      for (let q = 0; q < n; q++) {
        const v = c.int(6);
        if (!used.has(v)) {
          used.add(v);
          vals.push(v);
        }
      }
      if (!vals.length) continue;
      this.emit(`case ${vals.map((v) => `${v}${suffix}`).join(', ')}: {`);
      this.indent++;
      this.block(this.sub(x, {}), c.range(1, 2));
      this.indent--;
      this.emit('}');
    }
    this.emit('default: {');
    this.indent++;
    this.block(this.sub(x, {}), c.range(0, 2));
    this.indent--;
    this.emit('}');
    this.indent--;
    this.emit('}');
  }

  // ------------------------------------------------------------------ functions

  private emitHelper(h: number): void {
    const c = this.c;
    const helper = this.helpers[h]!;
    this.emit('');
    if (helper.pointer) {
      const t = helper.params[0]!;
      this.emit(`fn ${helper.name}(p: ptr<function, ${t.s}>, v: ${t.s}) {`);
      this.indent++;
      this.emit(`*p = *p ${c.pick(['+', '^', '|', '*', '-'])} v;`);
      if (c.chance(30)) this.emit(`if (*p == v) { *p = ~(*p); }`);
      this.indent--;
      this.emit('}');
      return;
    }
    const params = helper.params.map((p, i) => ({ name: i === 0 ? 'seed' : `p${i}`, ty: p }));
    this.emit(`fn ${helper.name}(${params.map((p) => `${p.name}: ${this.tyName(p.ty)}`).join(', ')}) -> ${this.tyName(helper.ret!)} {`);
    this.indent++;
    this.scopes = [[]];
    for (const p of params)
      this.declare({ name: p.name, ty: p.ty, mut: false, b: p.ty.s === 'f32' ? F_VAR : p.ty.s === 'bool' ? 1 : Infinity });
    const x: Ctx = { phase: 'helper', uniform: false, loop: false, loopDepth: 0, nest: 0, base: 'seed', baseB: Infinity, helperIndex: h };
    const ended = this.block(x, c.range(0, 4));
    if (!ended) this.emit(`return ${this.expr(helper.ret!, x, 2, helper.retB).t};`);
    this.indent--;
    this.emit('}');
    this.scopes = [];
  }

  private emitEntry(): void {
    const c = this.c;
    const [wx, wy, wz] = this.wg;
    this.emit('');
    const ws = wz !== 1 ? `${wx}, ${wy}, ${wz}` : wy !== 1 ? `${wx}, ${wy}` : `${wx}`;
    this.emit(`@compute @workgroup_size(${ws})`);
    const builtins = [
      '@builtin(local_invocation_index) lid: u32',
      '@builtin(global_invocation_id) gid: vec3u',
      '@builtin(workgroup_id) wid: vec3<u32>',
      '@builtin(num_workgroups) nwg: vec3u',
      ...(this.lidv ? ['@builtin(local_invocation_id) lidv: vec3u'] : []),
    ];
    this.emit(`fn main(${builtins.join(',\n        ')}) {`);
    if (this.extreme && c.chance(30)) {
      // An entry point that does nothing: the dispatch alone must not run forever.
      this.emit(c.pick(['}', '  return;\n}', '  _ = lid;\n}']));
      return;
    }
    this.indent++;
    if (this.extreme && c.chance(40)) this.emit(`var local_big: array<${c.pick(['u32', 'f32'])}, ${c.pick(BIG_COUNTS)}>;`);
    this.scopes = [[]];
    this.emit(`let own = (wid.x + (wid.y + wid.z * nwg.y) * nwg.x) * ${this.W}u + lid;`);
    const top: Ctx = { phase: 'pre', uniform: true, loop: false, loopDepth: 0, nest: 0, base: 'lid', baseB: this.W - 1, helperIndex: -1 };
    this.block({ ...top, phase: 'pre' }, c.range(0, 3));
    const phases = c.range(1, 3);
    const plantPhase = this.options.plant ? c.int(phases) : -1;
    for (let k = 0; k < phases; k++) this.phase(top, k === plantPhase);
    this.block({ ...top, phase: 'post' }, c.range(1, 4));
    this.sink(top, this.scopes[0]!, 8);
    this.indent--;
    this.emit('}');
  }

  /** One workgroup-memory phase: own-slot writes, barrier, reads by anyone, barrier. */
  private phase(top: Ctx, plant: boolean): void {
    const c = this.c;
    const write: Ctx = { ...top, phase: 'write' };
    const read: Ctx = { ...top, phase: 'read' };
    const writeLines: number[] = [];
    const t0Lines: number[] = [];
    const kind = plant ? this.options.plant! : undefined;
    const t0 = this.tiles[0]!;
    const plantSlot = kind === 'waw-workgroup' ? c.int(t0.m) : -1;
    for (const t of this.tiles) {
      for (let j = 0; j < t.m; j++) {
        if (t === t0 && j === plantSlot) {
          const e = this.expr(t.elem, write, 2, F_VAR);
          const line = this.emit(`${t.name}[${t.m === 1 ? 'lid / 2u' : `(lid / 2u) * ${t.m}u + ${j}u`}] = ${e.t};`);
          writeLines.push(line);
          this.planted = {
            kind: 'waw-workgroup',
            hazard: 'WAW',
            variable: t.name,
            space: 'workgroup',
            line,
            otherLine: line,
            involved: [line],
          };
          continue;
        }
        if (this.safe && !t.twoD && !(plant && t === t0) && c.chance(15)) {
          // A conditional write of the own slot: still race-free.
          this.emit(`if (${this.expr(scalar('bool'), write, 1, 1).t}) {`);
          this.indent++;
          writeLines.push(this.tileWrite(write, t, j, 2));
          this.indent--;
          this.emit('}');
        } else {
          const line = this.tileWrite(write, t, j, 2);
          writeLines.push(line);
          if (t === t0) t0Lines[j] = line;
        }
      }
    }
    if (this.wuni) this.emit(`if (lid == 0u) { wuni = ${this.rt(this.expr(scalar('u32'), write, 1, Infinity), write, Infinity).t} % 4u; }`);
    this.block(write, c.range(0, 2));
    if (kind !== 'raw') this.emit('workgroupBarrier();');
    // A read of another lane's slot, right after the barrier (before any other barrier).
    const other = this.W > 1 ? c.range(1, this.W - 1) : 0;
    const j = c.int(t0.m);
    const slot = t0.m === 1 ? `(lid + ${other}u) % ${this.W}u` : `((lid + ${other}u) % ${this.W}u) * ${t0.m}u + ${j}u`;
    const xname = this.fresh('x');
    const readLine = this.emit(`let ${xname} = ${t0.name}[${slot}];`);
    this.declare({ name: xname, ty: t0.elem, mut: false, b: t0.elem.s === 'f32' ? F_VAR : Infinity });
    if (kind === 'raw') {
      this.planted = {
        kind: 'raw',
        hazard: 'RAW',
        variable: t0.name,
        space: 'workgroup',
        line: readLine,
        otherLine: t0Lines[j]!,
        involved: [],
      };
    }
    if (this.wuni && c.chance(60)) {
      const u = this.fresh('un');
      this.emit(`let ${u} = workgroupUniformLoad(&wuni);`);
      this.declare({ name: u, ty: scalar('u32'), mut: false, b: 3 });
      if (c.chance(50)) {
        // A loop whose bound is uniform may contain a barrier.
        const r = this.fresh('r');
        this.emit(`for (var ${r} = 0u; ${r} < ${u}; ${r}++) {`);
        this.indent++;
        this.emit('workgroupBarrier();');
        this.push();
        this.declare({ name: r, ty: scalar('u32'), mut: false, b: 4 });
        this.block({ ...read, nest: 1, uniform: false }, c.range(1, 2));
        this.pop();
        this.indent--;
        this.emit('}');
      }
    }
    this.block(read, c.range(1, 4));
    if (kind === 'waw-storage') {
      const o = this.outs[0]!;
      const e = this.expr(scalar(o.s), read, 1, o.b);
      const jj = c.int(this.K);
      const line = this.emit(`${o.name}[(own / 2u) * ${this.K}u + ${jj}u] = ${e.t};`);
      this.planted = { kind: 'waw-storage', hazard: 'WAW', variable: o.name, space: 'storage', line, otherLine: line, involved: [line] };
    }
    const readEnd = this.lines.length;
    if (this.planted?.kind === 'raw' && plant) {
      this.planted.involved = [...writeLines, ...range(readLine, readEnd)];
    }
    this.emit('workgroupBarrier();');
  }
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}
