// Name resolution and typing of a parsed module. Produces ModuleInfo: every declaration
// with its semantic type and layout, and every expression's type and constant value.
// Validity is the real compiler's word (Tint); this pass computes what the simulator and
// the runtime need and reports what it cannot make sense of with line and column.
import type * as A from './ast.js';
import { BUILTIN_DOCS } from './builtin-docs.js';
import { BuiltinTypeError, evalBitcast, resolveBitcast } from './builtins.js';
import { builtinDef } from './builtin-table.js';
import { ConstructorTypeError, evalConstructor, typeConstructor, type PartialType } from './constructors.js';
import type { ConstValue, ExprInfo, FnInfo, GlobalVar, LocalVar, ModuleInfo, OverrideInfo, Resolution, CallTarget } from './module-info.js';
import { OperatorTypeError, evalBinary, evalUnary, typeBinary, typeUnary } from './operators.js';
import { NotSupportedError, WgslSemanticError, type Loc } from './source.js';
import { closest } from './suggest.js';
import { constantArguments } from './texture-builtins.js';
import { TextureTypeError, textureType } from './textures.js';
import {
  ABSTRACT_FLOAT,
  BOOL,
  F16,
  F32,
  I32,
  U32,
  VOID,
  abstractConverts,
  concretize,
  isAbstract,
  isIntScalar,
  layoutStruct,
  leafScalar,
  scalar,
  scalarOf,
  typeEquals,
  typeName,
  vec,
  type AccessMode,
  type AddressSpace,
  type ScalarType,
  type StructType,
  type Type,
} from './types.js';
import { convertValue, memberSlotOffset, slotCount } from './values.js';
import { binaryConstError, builtinConstError, conversionError, unrepresentable } from './const-checks.js';
import { checkedF16Literal } from './f16-constants.js';
import { f32LiteralNote, f32ValueNote, roundsToF32Max, type PortabilityNote } from './portability.js';

export interface ResolveOptions {
  /** Pipeline-overridable constants by name (or numeric @id): replaces their defaults. */
  overrides?: Record<string, number>;
  /** Type function bodies (default true). Reflection only needs declarations. */
  bodies?: boolean;
}

type ModuleSymbol =
  | { kind: 'type'; type: Type }
  | { kind: 'const'; value: ConstValue }
  | { kind: 'override'; o: OverrideInfo }
  | { kind: 'global'; g: GlobalVar }
  | { kind: 'fn'; f: FnInfo };

/** Tint's bound on the element count of an array outside a buffer (see checkArrayCount). */
const MAX_ARRAY_ELEMENTS = 65536;
const ADDRESS_SPACES = new Set(['function', 'private', 'workgroup', 'storage', 'uniform', 'handle']);
const ACCESS_MODES = new Set(['read', 'write', 'read_write']);
const SWIZZLE = { x: 0, y: 1, z: 2, w: 3, r: 0, g: 1, b: 2, a: 3 } as Record<string, number>;

const SCALAR_NAMES: Record<string, ScalarType> = { bool: BOOL, i32: I32, u32: U32, f32: F32, f16: F16 };
const SUFFIX: Record<string, ScalarType> = { f: F32, i: I32, u: U32, h: F16 };

/** Longest chain of module-scope declarations that depend on each other. */
const MAX_DECLARATION_DEPTH = 128;

export function resolveModule(ast: A.ModuleAst, options: ResolveOptions = {}): ModuleInfo {
  return new Resolver(ast, options).run();
}

class Resolver {
  private readonly decls = new Map<string, A.Decl>();
  private readonly symbols = new Map<string, ModuleSymbol>();
  private readonly resolving = new Set<string>();
  private readonly info: ModuleInfo;
  // Function-body state.
  private scopes: Map<string, LocalVar>[] = [];
  private fn: FnInfo | null = null;
  private nextLocalId = 0;
  /** Where each function first calls each callee (to point at a recursion cycle). */
  private readonly callSites = new Map<FnInfo, Map<FnInfo, Loc>>();
  /** Each function's first call of a derivative builtin (fragment shaders only). */
  private readonly derivativeCalls = new Map<FnInfo, { name: string; loc: Loc }>();

  constructor(
    private readonly ast: A.ModuleAst,
    private readonly options: ResolveOptions,
  ) {
    this.info = {
      ast,
      structs: new Map(),
      globals: [],
      overrides: [],
      functions: new Map(),
      entryPoints: [],
      exprs: new Map(),
      stmtLocals: new Map(),
      binaryTypes: new Map(),
      compoundTypes: new Map(),
      enables: ast.directives.filter((d) => d.kind === 'enable').flatMap((d) => d.names),
      portability: [...(ast.portability ?? [])],
    };
  }

  run(): ModuleInfo {
    for (const d of this.ast.decls) {
      if (d.kind === 'const_assert') continue;
      const prev = this.decls.get(d.name);
      if (prev) throw new WgslSemanticError(`'${d.name}' is already declared at line ${prev.loc.line}`, d.nameLoc);
      this.decls.set(d.name, d);
    }
    for (const d of this.ast.decls) {
      if (d.kind === 'const_assert') {
        const v = this.expectConst(d.expr, 'const_assert');
        if (!v.v[0]) throw new WgslSemanticError('const_assert failed', d.loc);
      } else this.moduleSymbol(d.name, d.nameLoc);
    }
    if (this.options.bodies === false) return this.info;
    for (const f of this.info.functions.values()) this.fnBody(f);
    this.checkRecursion();
    this.checkDerivativeStages();
    // Collect transitive global use after all bodies are typed.
    const visit = (f: FnInfo, seen: Set<FnInfo>) => {
      for (const c of f.callees) {
        if (seen.has(c)) continue;
        seen.add(c);
        visit(c, seen);
        for (const g of c.globalsUsed) f.globalsUsed.add(g);
      }
    };
    for (const f of this.info.functions.values()) visit(f, new Set([f]));
    return this.info;
  }

  /**
   * Derivatives (dpdx, textureSample…) and `discard` exist only in fragment shaders: a
   * compute or vertex entry point that reaches one, directly or through calls, is an error
   * at the call (or statement).
   */
  private checkDerivativeStages(): void {
    for (const entry of this.info.functions.values()) {
      if (!entry.stage || entry.stage === 'fragment') continue;
      const seen = new Set<FnInfo>();
      const find = (f: FnInfo): { name: string; loc: Loc } | undefined => {
        if (seen.has(f)) return undefined;
        seen.add(f);
        return this.derivativeCalls.get(f) ?? [...f.callees].map(find).find((x) => x);
      };
      const hit = find(entry);
      if (hit?.name === 'discard')
        this.err(hit.loc, `discard statement cannot be used in the ${entry.stage} pipeline stage (entry point '${entry.name}')`);
      else if (hit)
        this.err(
          hit.loc,
          `built-in '${hit.name}' cannot be used by the ${entry.stage} pipeline stage (entry point '${entry.name}'): derivatives exist only in fragment shaders`,
        );
    }
  }

  /**
   * WGSL forbids recursion, also through other functions (a calls b, b calls a); the
   * simulator inlines calls and would never stop. Self-calls are refused in userCall.
   */
  private checkRecursion(): void {
    const state = new Map<FnInfo, 'open' | 'done'>();
    const path: FnInfo[] = [];
    const visit = (f: FnInfo): void => {
      state.set(f, 'open');
      path.push(f);
      for (const c of f.callees) {
        if (state.get(c) === 'done') continue;
        if (state.get(c) === 'open') {
          const cycle = [...path.slice(path.indexOf(c)), c].map((x) => `'${x.name}'`).join(' -> ');
          this.err(this.callSites.get(f)!.get(c)!, `recursive call cycle ${cycle}: WGSL does not allow recursion`);
        }
        visit(c);
      }
      path.pop();
      state.set(f, 'done');
    };
    for (const f of this.info.functions.values()) if (!state.has(f)) visit(f);
  }

  /**
   * The lane of quadBroadcast (0 to 3) and of subgroupBroadcast (0 to 127, WebGPU's largest
   * subgroup) is a constant (Tint's messages).
   */
  private broadcastLane(name: 'quadBroadcast' | 'subgroupBroadcast', arg: A.Expr, info: ExprInfo): void {
    const [param, limit] = name === 'quadBroadcast' ? ['id', 4] : ['sourceLaneIndex', 128];
    const lane = info.const?.v[0];
    if (lane === undefined) this.err(arg.loc, `the '${param}' argument of '${name}' must be a const-expression`);
    if (lane < 0) this.err(arg.loc, `the ${param} argument of ${name} must be greater than or equal to zero`);
    if (lane >= limit) this.err(arg.loc, `the ${param} argument of ${name} must be less than ${limit}`);
  }

  // ---------- errors ----------

  private err(loc: Loc, msg: string): never {
    throw new WgslSemanticError(msg, loc);
  }
  /**
   * Tint's limit on arrays held outside buffers (function, private and workgroup variables,
   * `let` and `const` values): fewer than 65536 elements, checked through nested arrays and
   * struct members, at the declaration as Tint reports it. Buffers' arrays are bounded by
   * the binding's size instead.
   */
  private checkArrayCount(t: Type, loc: Loc): void {
    if (t.kind === 'array') {
      // A runtime-sized array (`array<f32>`, `array<f32, >`) has no size outside a buffer.
      if (t.count === null) this.err(loc, `runtime-sized arrays can only be used in the <storage> address space`);
      if (t.count !== null && t.count >= MAX_ARRAY_ELEMENTS)
        this.err(loc, `array count (${t.count}) must be less than ${MAX_ARRAY_ELEMENTS}`);
      this.checkArrayCount(t.elem, loc);
    } else if (t.kind === 'struct') {
      // A member's array is reported at the member's type, as Tint does.
      const d = this.decls.get(t.name);
      t.members.forEach((m, i) => this.checkArrayCount(m.type, (d?.kind === 'struct' && d.members[i]?.type.loc) || loc));
    }
  }
  /** `c`, unless constant evaluation made a value its type cannot hold (a shader-creation error). */
  private checkedConst(loc: Loc, c: ConstValue): ConstValue {
    const why = unrepresentable(c);
    if (why) this.err(loc, why);
    return c;
  }
  /**
   * `c` converted to `to`, refusing a value the target cannot hold (`u32(-1)`, 1e39 as f32).
   * `e`, the expression converted, locates a portability note when the value is an abstract
   * float that naga rounds to the largest f32 and Tint refuses.
   */
  private convertedConst(loc: Loc, c: ConstValue, to: Type, e?: A.Expr): ConstValue {
    const why = conversionError(c, to);
    if (why) this.err(loc, why);
    if (e && leafScalar(c.type)?.name === 'abstract-float' && leafScalar(to)?.name === 'f32' && c.v.some(roundsToF32Max))
      this.notePortability(this.f32ConversionNote(e));
    return { type: to, v: convertValue(c.v, c.type, to) };
  }
  /**
   * The note for an abstract float constant that naga rounds to the largest f32: at its
   * literal, with the rewrite, when it is one, or at a module constant declared with one.
   */
  private f32ConversionNote(e: A.Expr): PortabilityNote {
    const lit = literalOf(e);
    if (lit) return f32LiteralNote(lit.loc, lit.text, false);
    const decl = e.kind === 'ident' && !this.lookupLocal(e.name) ? this.decls.get(e.name) : undefined;
    const init = decl?.kind === 'const' && decl.init ? literalOf(decl.init) : undefined;
    if (e.kind === 'ident' && init) return f32LiteralNote(e.loc, init.text, false, { name: e.name, offset: init.loc.offset });
    return f32ValueNote(e.kind === 'binary' ? (e.start ?? e.loc) : e.loc);
  }
  /** Records a portability note once (a constant may be converted more than once). */
  private notePortability(note: PortabilityNote): void {
    const known = this.info.portability.some((n) => n.construct === note.construct && n.loc.offset === note.loc.offset);
    if (!known) this.info.portability.push(note);
  }
  /** f16 types and literals need `enable f16;` (Tint's rule and wording, which says 'type' for both). */
  private requireF16(loc: Loc): void {
    if (!this.info.enables.includes('f16')) this.err(loc, "'f16' type used without 'f16' extension enabled");
  }
  private unsupported(loc: Loc, feature: string): never {
    throw new NotSupportedError(feature, loc);
  }
  /** Runs a typing helper, turning its errors into located semantic errors. */
  private at<T>(loc: Loc, f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof BuiltinTypeError || e instanceof OperatorTypeError || e instanceof ConstructorTypeError) this.err(loc, e.message);
      throw e;
    }
  }

  // ---------- module scope ----------

  private moduleSymbol(name: string, loc: Loc): ModuleSymbol | undefined {
    const have = this.symbols.get(name);
    if (have) return have;
    const d = this.decls.get(name);
    if (!d || d.kind === 'const_assert') return undefined;
    if (this.resolving.has(name)) {
      // Functions may be referenced before their body is typed; everything else is a cycle.
      this.err(loc, `'${name}' depends on itself`);
    }
    // Declarations resolve each other recursively (a struct's member types, a const's
    // operands): bound the chain so a long one is an error, not a stack overflow.
    if (this.resolving.size >= MAX_DECLARATION_DEPTH)
      this.err(loc, `'${name}' is at the end of a chain of more than ${MAX_DECLARATION_DEPTH} declarations that depend on each other`);
    this.resolving.add(name);
    let sym: ModuleSymbol;
    switch (d.kind) {
      case 'struct':
        sym = { kind: 'type', type: this.structDecl(d) };
        break;
      case 'alias':
        sym = { kind: 'type', type: this.typeOf(d.type) };
        break;
      case 'const': {
        const value = this.constDecl(d.init!, d.type, `const ${d.name}`);
        sym = { kind: 'const', value };
        break;
      }
      case 'override':
        sym = { kind: 'override', o: this.overrideDecl(d) };
        break;
      case 'var':
        sym = { kind: 'global', g: this.globalVar(d) };
        break;
      case 'fn':
        sym = { kind: 'fn', f: this.fnSignature(d) };
        break;
    }
    this.resolving.delete(name);
    this.symbols.set(name, sym);
    return sym;
  }

  private structDecl(d: A.StructDecl): StructType {
    const members = d.members.map((m) => {
      const type = this.typeOf(m.type);
      const alignAttr = m.attrs.find((a) => a.name === 'align');
      const sizeAttr = m.attrs.find((a) => a.name === 'size');
      return {
        name: m.name,
        type,
        align: alignAttr ? this.constInt(this.attrArg(alignAttr), '@align') : undefined,
        size: sizeAttr ? this.constInt(this.attrArg(sizeAttr), '@size') : undefined,
      };
    });
    const s = layoutStruct(d.name, members);
    this.info.structs.set(d.name, s);
    return s;
  }

  private constDecl(init: A.Expr, typeExpr: A.IdentExpr | undefined, what: string): ConstValue {
    const v = this.expectConst(init, what);
    if (!typeExpr) return v;
    const t = this.typeOf(typeExpr);
    this.convert(init, t);
    return this.convertedConst(init.loc, v, t, init);
  }

  private overrideDecl(d: A.ConstDecl): OverrideInfo {
    const idAttr = d.attrs.find((a) => a.name === 'id');
    const id = idAttr ? this.constInt(this.attrArg(idAttr), '@id') : undefined;
    let type = d.type ? this.typeOf(d.type) : undefined;
    let value: ConstValue | undefined;
    if (d.init) {
      const iv = this.expectConst(d.init, `override ${d.name}`);
      type ??= concretize(iv.type);
      this.convert(d.init, type);
      value = this.convertedConst(d.init.loc, iv, type, d.init);
    }
    if (!type) this.err(d.nameLoc, `override '${d.name}' needs a type or an initializer`);
    const given = this.options.overrides?.[d.name] ?? (id !== undefined ? this.options.overrides?.[String(id)] : undefined);
    if (given !== undefined) value = { type: type!, v: convertValue([given], ABSTRACT_FLOAT, type!) };
    const o: OverrideInfo = { name: d.name, decl: d, type: type!, id, value };
    this.info.overrides.push(o);
    return o;
  }

  private globalVar(d: A.VarDecl): GlobalVar {
    const space = (d.addressSpace ?? 'handle') as AddressSpace;
    if (!ADDRESS_SPACES.has(space) || space === 'function')
      this.err(d.loc, `'${space}' is not an address space for a module-scope variable`);
    if (d.access && !ACCESS_MODES.has(d.access)) this.err(d.loc, `'${d.access}' is not an access mode`);
    const access = (d.access ?? (space === 'storage' || space === 'uniform' || space === 'handle' ? 'read' : 'read_write')) as AccessMode;
    let type: Type;
    if (d.type) type = this.typeOf(d.type);
    else if (d.init) type = concretize(this.valueType(this.expr(d.init)));
    else this.err(d.nameLoc, `'${d.name}' needs a type`);
    if (d.init) {
      this.expr(d.init);
      this.convert(d.init, type!);
    }
    if (space === 'private' || space === 'workgroup') this.checkArrayCount(type!, d.type?.loc ?? d.nameLoc);
    const g: GlobalVar = { name: d.name, decl: d, space, access, type: type!, loc: d.nameLoc };
    const group = d.attrs.find((a) => a.name === 'group');
    const binding = d.attrs.find((a) => a.name === 'binding');
    if (group) g.group = this.constInt(this.attrArg(group), '@group');
    if (binding) g.binding = this.constInt(this.attrArg(binding), '@binding');
    // Buffers, textures and samplers are bound by (group, binding); without both the
    // variable has no memory (WGSL: a resource variable requires both attributes).
    if ((space === 'storage' || space === 'uniform' || space === 'handle') && (g.group === undefined || g.binding === undefined)) {
      this.err(
        d.nameLoc,
        `'${d.name}' is a ${space === 'handle' ? 'texture or sampler' : `${space} buffer`} and needs both @group and @binding`,
      );
    }
    this.info.globals.push(g);
    return g;
  }

  private fnSignature(d: A.FnDecl): FnInfo {
    const f: FnInfo = {
      name: d.name,
      decl: d,
      params: [],
      returnType: d.returnType ? this.typeOf(d.returnType) : VOID,
      locals: [],
      globalsUsed: new Set(),
      callees: new Set(),
      builtinInputs: [],
    };
    const stage = d.attrs.find((a) => a.name === 'compute' || a.name === 'vertex' || a.name === 'fragment');
    if (stage) f.stage = stage.name as FnInfo['stage'];
    d.params.forEach((p, index) => {
      const type = this.typeOf(p.type);
      f.params.push({ name: p.name, kind: 'param', type, id: index, loc: p.loc });
      const b = p.attrs.find((a) => a.name === 'builtin');
      if (b) f.builtinInputs.push({ param: index, builtin: this.enumerant(this.attrArg(b)) });
      if (f.stage && !b && type.kind === 'struct') {
        const sd = this.decls.get(type.name) as A.StructDecl | undefined;
        sd?.members.forEach((m, mi) => {
          const mb = m.attrs.find((a) => a.name === 'builtin');
          if (mb) f.builtinInputs.push({ param: index, member: mi, builtin: this.enumerant(this.attrArg(mb)) });
        });
      }
    });
    if (f.stage === 'compute') {
      const ws = d.attrs.find((a) => a.name === 'workgroup_size');
      if (!ws || ws.args.length === 0) this.err(d.loc, `compute entry point '${d.name}' needs @workgroup_size`);
      const dims = ws!.args.map((e) => this.constInt(e, '@workgroup_size'));
      f.workgroupSize = [dims[0] ?? 1, dims[1] ?? 1, dims[2] ?? 1];
      for (const [k, n] of f.workgroupSize.entries())
        if (n < 1) this.err(ws!.args[k]?.loc ?? ws!.loc, `@workgroup_size must be at least 1, got ${n}`);
    }
    this.nextLocalId = Math.max(this.nextLocalId, 0);
    this.info.functions.set(d.name, f);
    if (f.stage) this.info.entryPoints.push(f);
    return f;
  }

  /** The single argument of an attribute such as @group(0); a bare `@group` is an error, not a crash. */
  private attrArg(a: A.Attribute): A.Expr {
    if (a.args.length !== 1) this.err(a.loc, `'@${a.name}' takes one argument, found ${a.args.length}`);
    return a.args[0]!;
  }

  private enumerant(e: A.Expr): string {
    if (e.kind !== 'ident') this.err(e.loc, 'expected a name');
    return (e as A.IdentExpr).name;
  }

  // ---------- types ----------

  /** Resolves a type written as an identifier with an optional template list. */
  typeOf(te: A.Expr): Type {
    const t = this.typeOrPartial(te);
    if (t.kind.startsWith('partial')) this.err(te.loc, `'${(te as A.IdentExpr).name}' needs template arguments here`);
    return t as Type;
  }

  private typeOrPartial(te: A.Expr): Type | PartialType {
    if (te.kind !== 'ident') this.err(te.loc, 'expected a type');
    const id = te as A.IdentExpr;
    const r = this.lookupType(id);
    if (!r) this.err(id.loc, `unknown type '${id.name}'`);
    return r!;
  }

  /** A type named by an identifier, or undefined when the name is not a type. */
  private lookupType(id: A.IdentExpr): Type | PartialType | undefined {
    const name = id.name;
    const tmpl = id.template;
    if (tmpl && tmpl.length === 0) this.err(id.loc, `'${name}<>' has an empty template list`);
    // Local and module declarations shadow predeclared names.
    if (this.lookupLocal(name)) return undefined;
    if (this.decls.has(name)) {
      const sym = this.moduleSymbol(name, id.loc);
      return sym?.kind === 'type' ? sym.type : undefined;
    }
    if (SCALAR_NAMES[name]) {
      if (name === 'f16') this.requireF16(id.loc);
      return SCALAR_NAMES[name];
    }
    let m = /^vec([234])([fiuh]?)$/.exec(name);
    if (m) {
      const n = Number(m[1]) as 2 | 3 | 4;
      if (m[2]) {
        if (m[2] === 'h') this.requireF16(id.loc);
        return vec(n, SUFFIX[m[2]]!);
      }
      if (!tmpl) return { kind: 'partial-vec', n };
      const e = this.typeOf(tmpl[0]!);
      if (e.kind !== 'scalar') this.err(tmpl[0]!.loc, `vector components must be scalars, got ${typeName(e)}`);
      return vec(n, e as ScalarType);
    }
    m = /^mat([234])x([234])([fh]?)$/.exec(name);
    if (m) {
      const cols = Number(m[1]) as 2 | 3 | 4;
      const rows = Number(m[2]) as 2 | 3 | 4;
      if (m[3] === 'h') this.requireF16(id.loc);
      if (m[3]) return { kind: 'mat', cols, rows, elem: m[3] === 'h' ? F16 : F32 };
      if (!tmpl) return { kind: 'partial-mat', cols, rows };
      const e = this.typeOf(tmpl[0]!);
      if (e.kind !== 'scalar') this.err(tmpl[0]!.loc, 'matrix components must be f32 or f16');
      return { kind: 'mat', cols, rows, elem: e as ScalarType };
    }
    switch (name) {
      case 'array': {
        if (!tmpl) return { kind: 'partial-array' };
        const elem = this.typeOf(tmpl[0]!);
        if (tmpl.length < 2) return { kind: 'array', elem, count: null };
        const count = this.constInt(tmpl[1]!, 'array size');
        if (count < 1) this.err(tmpl[1]!.loc, `array size must be at least 1, got ${count}`);
        return { kind: 'array', elem, count };
      }
      case 'atomic': {
        if (!tmpl) this.err(id.loc, "'atomic' needs a template argument: atomic<u32> or atomic<i32>");
        const e = this.typeOf(tmpl![0]!);
        if (e.kind !== 'scalar' || (e.name !== 'u32' && e.name !== 'i32')) this.err(tmpl![0]!.loc, 'atomics hold u32 or i32');
        return { kind: 'atomic', elem: e as ScalarType };
      }
      case 'ptr': {
        if (!tmpl || tmpl.length < 2) this.err(id.loc, "'ptr' needs an address space and a store type");
        const space = this.enumerant(tmpl![0]!) as AddressSpace;
        if (!ADDRESS_SPACES.has(space)) this.err(tmpl![0]!.loc, `'${space}' is not an address space`);
        const store = this.typeOf(tmpl![1]!);
        const access = (
          tmpl![2] ? this.enumerant(tmpl![2]) : space === 'storage' || space === 'uniform' ? 'read' : 'read_write'
        ) as AccessMode;
        return { kind: 'ptr', space, store, access };
      }
      case 'sampler':
      case 'sampler_comparison':
        return { kind: 'opaque', name };
    }
    if (name.startsWith('texture_')) return this.textureTypeOf(id);
    return undefined;
  }

  /** `texture_2d<f32>`, `texture_storage_2d<rgba8unorm, write>`, `texture_depth_2d`, … (textures.ts). */
  private textureTypeOf(id: A.IdentExpr): Type {
    const tmpl = id.template;
    const storage = id.name.startsWith('texture_storage_');
    let elem: Type | undefined;
    if (tmpl && !storage) elem = this.typeOf(tmpl[0]!);
    const enums = tmpl && storage ? tmpl.map((t) => this.enumerant(t)) : undefined;
    try {
      return textureType(
        id.name,
        elem?.kind === 'scalar' ? elem.name : elem ? (typeName(elem) as ScalarType['name']) : undefined,
        enums,
        !!tmpl,
      );
    } catch (e) {
      if (e instanceof TextureTypeError) this.err(tmpl?.[0]?.loc ?? id.loc, e.message);
      throw e;
    }
  }

  // ---------- constants ----------

  private expectConst(e: A.Expr, what: string): ConstValue {
    const info = this.expr(e);
    if (!info.const) this.err(e.loc, `${what} must be a constant expression`);
    return info.const!;
  }

  /** A constant integer (attribute argument, array size): const or override expression. */
  private constInt(e: A.Expr, what: string): number {
    const info = this.expr(e);
    if (!info.const) this.err(e.loc, `${what} must be a constant (const or override) expression`);
    const c = info.const!;
    const s = scalarOf(c.type);
    if (c.type.kind !== 'scalar' || !s || !isIntScalar(s)) this.err(e.loc, `${what} must be an integer, got ${typeName(c.type)}`);
    return c.v[0]!;
  }

  // ---------- functions ----------

  private fnBody(f: FnInfo): void {
    this.fn = f;
    this.nextLocalId = f.params.length;
    this.scopes = [new Map(f.params.map((p) => [p.name, p]))];
    this.block(f.decl.body, false);
    this.scopes = [];
    this.fn = null;
  }

  private lookupLocal(name: string): LocalVar | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const v = this.scopes[i]!.get(name);
      if (v) return v;
    }
    return undefined;
  }

  private declareLocal(stmt: A.Stmt, name: string, loc: Loc, kind: LocalVar['kind'], type: Type, c?: ConstValue): LocalVar {
    const scope = this.scopes[this.scopes.length - 1]!;
    if (scope.has(name)) this.err(loc, `'${name}' is already declared in this scope`);
    const v: LocalVar = { name, kind, type, id: this.nextLocalId++, loc, const: c };
    scope.set(name, v);
    this.fn!.locals.push(v);
    this.info.stmtLocals.set(stmt, v);
    return v;
  }

  private block(b: A.BlockStmt, newScope = true): void {
    if (newScope) this.scopes.push(new Map());
    for (const s of b.body) this.stmt(s);
    if (newScope) this.scopes.pop();
  }

  private stmt(s: A.Stmt): void {
    switch (s.kind) {
      case 'var': {
        const d = s.decl;
        if (d.addressSpace && d.addressSpace !== 'function')
          this.err(d.loc, `a variable inside a function must be in the 'function' address space, not '${d.addressSpace}'`);
        let type: Type;
        if (d.type) type = this.typeOf(d.type);
        else if (d.init) type = concretize(this.valueType(this.expr(d.init)));
        else this.err(d.nameLoc, `'${d.name}' needs a type or an initializer`);
        if (d.init) {
          this.expr(d.init);
          this.convert(d.init, type!);
        }
        this.checkArrayCount(type!, d.type?.loc ?? d.nameLoc);
        this.declareLocal(s, d.name, d.nameLoc, 'var', type!);
        return;
      }
      case 'let':
      case 'const': {
        const info = this.expr(s.init);
        let type = this.valueType(info);
        if (s.type) {
          type = this.typeOf(s.type);
          this.convert(s.init, type);
        } else if (s.kind === 'let') {
          type = concretize(type);
          this.convert(s.init, type);
        }
        if (s.kind === 'const' && !info.const) this.err(s.init.loc, `const '${s.name}' must be initialized by a constant expression`);
        this.checkArrayCount(type, s.nameLoc);
        const c = s.kind === 'const' ? { type, v: convertValue(info.const!.v, info.const!.type, type) } : undefined;
        this.declareLocal(s, s.name, s.nameLoc, s.kind, type, c);
        return;
      }
      case 'assign': {
        const v = this.expr(s.value);
        if (s.target === null) {
          this.valueType(v);
          return;
        }
        const t = this.expr(s.target);
        if (t.type.kind !== 'ref')
          this.err(s.target.loc, 'the left side of an assignment must be a variable, element or member (a memory view)');
        const ref = t.type as Extract<Type, { kind: 'ref' }>;
        if (ref.access === 'read') this.err(s.target.loc, `cannot assign to read-only ${ref.space} memory`);
        if (s.op === '=') this.convert(s.value, ref.store);
        else {
          const op = s.op.slice(0, -1) as A.BinaryOp;
          const bt = this.at(s.loc, () => typeBinary(op, ref.store, this.valueType(v), false));
          this.convert(s.value, bt.right);
          this.info.compoundTypes.set(s, bt);
        }
        return;
      }
      case 'incdec': {
        const t = this.expr(s.target);
        if (t.type.kind !== 'ref') this.err(s.target.loc, `'${s.op}' needs a variable`);
        const st = scalarOf((t.type as Extract<Type, { kind: 'ref' }>).store);
        if (!st || !isIntScalar(st) || (t.type as Extract<Type, { kind: 'ref' }>).store.kind !== 'scalar')
          this.err(s.target.loc, `'${s.op}' needs an integer scalar variable`);
        return;
      }
      case 'call':
        this.expr(s.call, true);
        return;
      case 'block':
        this.block(s);
        return;
      case 'if':
        this.condition(s.cond, 'if');
        this.block(s.then);
        if (s.else) this.stmt(s.else);
        return;
      case 'switch': {
        const sel = this.valueType(this.expr(s.selector));
        if (sel.kind !== 'scalar' || !isIntScalar(sel))
          this.err(s.selector.loc, `switch selector must be i32 or u32, got ${typeName(sel)}`);
        // WGSL requires exactly one default clause (the simulator relies on it for lanes no case matches).
        const defaults = s.clauses.filter((c) => c.selectors.some((e) => !e)).length;
        if (defaults !== 1)
          this.err(s.loc, defaults ? `a switch has one 'default' clause, this one has ${defaults}` : "a switch needs a 'default' clause");
        // Case values must share the selector's type; an abstract selector takes theirs.
        let common: ScalarType = sel.kind === 'scalar' && !isAbstract(sel) ? sel : I32;
        for (const c of s.clauses)
          for (const e of c.selectors)
            if (e) {
              const t = this.valueType(this.expr(e));
              if (t.kind === 'scalar' && !isAbstract(t)) common = t;
            }
        this.convert(s.selector, common);
        // Case values are constants, each at most once (Tint refuses duplicates; a lane
        // would otherwise match two clauses).
        const caseAt = new Map<number, A.Expr>();
        for (const c of s.clauses) {
          for (const e of c.selectors)
            if (e) {
              const v = this.expectConst(e, 'a case selector');
              this.convert(e, common);
              const key = v.v[0]!;
              const first = caseAt.get(key);
              if (first) this.err(e.loc, `duplicate case value ${key} (already a case at line ${first.loc.line})`);
              caseAt.set(key, e);
            }
          this.block(c.body);
        }
        return;
      }
      case 'loop':
        this.scopes.push(new Map());
        for (const b of s.body.body) this.stmt(b);
        if (s.continuing) {
          // The continuing block sees the loop body's declarations.
          this.block(s.continuing.body, true);
          if (s.continuing.breakIf) {
            this.scopes.push(new Map(this.scopes[this.scopes.length - 1]));
            this.condition(s.continuing.breakIf, 'break if');
            this.scopes.pop();
          }
        }
        this.scopes.pop();
        return;
      case 'for':
        this.scopes.push(new Map());
        if (s.init) this.stmt(s.init);
        if (s.cond) this.condition(s.cond, 'for');
        if (s.update) this.stmt(s.update);
        this.block(s.body);
        this.scopes.pop();
        return;
      case 'while':
        this.condition(s.cond, 'while');
        this.block(s.body);
        return;
      case 'return': {
        const rt = this.fn!.returnType;
        if (s.value) {
          this.expr(s.value);
          if (rt.kind === 'void') this.err(s.value.loc, `function '${this.fn!.name}' returns nothing`);
          this.convert(s.value, rt);
        } else if (rt.kind !== 'void') this.err(s.loc, `function '${this.fn!.name}' must return a ${typeName(rt)}`);
        return;
      }
      case 'const_assert': {
        const v = this.expectConst(s.expr, 'const_assert');
        if (!v.v[0]) this.err(s.loc, 'const_assert failed');
        return;
      }
      case 'discard':
        // Fragment-only (checkDerivativeStages refuses it elsewhere): typed here so a file's
        // compute entry points can be analyzed beside its fragment code.
        if (this.fn && !this.derivativeCalls.has(this.fn)) this.derivativeCalls.set(this.fn, { name: 'discard', loc: s.loc });
        return;
      case 'break':
      case 'continue':
        return;
    }
  }

  private condition(e: A.Expr, what: string): void {
    const t = this.valueType(this.expr(e));
    if (t.kind !== 'scalar' || t.name !== 'bool') this.err(e.loc, `the condition of '${what}' must be bool, got ${typeName(t)}`);
  }

  // ---------- expressions ----------

  /** The type an expression has as a value (the load rule turns a reference into its store type). */
  valueType(info: ExprInfo): Type {
    return info.type.kind === 'ref' ? info.type.store : info.type;
  }

  /** Records that `e` is used where `target` is required; abstract values are converted. */
  private convert(e: A.Expr, target: Type): void {
    const info = this.info.exprs.get(e)!;
    const vt = this.valueType(info);
    if (typeEquals(vt, target)) return;
    if (target.kind === 'ptr' && vt.kind === 'ptr' && typeEquals(vt.store, target.store) && vt.space === target.space) return;
    if (isAbstract(vt) && abstractConverts(vt, target)) {
      info.concrete = target;
      if (info.const) info.const = this.convertedConst(e.loc, info.const, target, e);
      return;
    }
    this.err(e.loc, `expected ${typeName(target)}, got ${typeName(vt)}`);
  }

  private record(e: A.Expr, info: ExprInfo): ExprInfo {
    this.info.exprs.set(e, info);
    return info;
  }

  expr(e: A.Expr, isStatement = false): ExprInfo {
    const have = this.info.exprs.get(e);
    if (have) return have;
    switch (e.kind) {
      case 'lit':
        return this.record(e, this.literal(e));
      case 'ident':
        return this.record(e, this.ident(e));
      case 'unary':
        return this.record(e, this.unary(e));
      case 'binary':
        return this.record(e, this.binary(e));
      case 'index':
        return this.record(e, this.index(e));
      case 'member':
        return this.record(e, this.member(e));
      case 'call':
        return this.record(e, this.call(e, isStatement));
    }
  }

  private literal(e: A.LiteralExpr): ExprInfo {
    if (e.literalType === 'f16')
      return checkedF16Literal(
        e,
        (loc, msg) => this.err(loc, msg),
        () => this.requireF16(e.loc),
      );
    const type = scalar(e.literalType);
    const value = typeof e.value === 'boolean' ? (e.value ? 1 : 0) : e.value;
    if (e.literalType === 'i32' && (value > 2147483647 || value < -2147483648)) this.err(e.loc, `${e.text} does not fit in i32`);
    if (e.literalType === 'u32' && value > 4294967295) this.err(e.loc, `${e.text} does not fit in u32`);
    // naga rounds an f32 literal just above the largest f32 down to it; Tint refuses it.
    if (e.literalType === 'f32' && !/^0[xX]/.test(e.text) && roundsToF32Max(value))
      this.notePortability(f32LiteralNote(e.loc, e.text, true));
    const v = e.literalType === 'f32' ? Math.fround(value) : value;
    return { type, const: this.checkedConst(e.loc, { type, v: [v] }) };
  }

  private ident(e: A.IdentExpr): ExprInfo {
    const local = this.lookupLocal(e.name);
    if (local) {
      const ident: Resolution = { kind: 'local', v: local };
      if (local.kind === 'var') return { type: { kind: 'ref', space: 'function', store: local.type, access: 'read_write' }, ident };
      if (local.const) return { type: local.const.type, const: local.const, ident };
      return { type: local.type, ident };
    }
    const sym = this.moduleSymbol(e.name, e.loc);
    if (!sym) {
      if (this.lookupType(e)) this.err(e.loc, `'${e.name}' is a type, not a value`);
      this.err(e.loc, `unknown name '${e.name}'`);
    }
    switch (sym!.kind) {
      case 'const':
        return { type: sym!.value.type, const: sym!.value, ident: { kind: 'const', value: sym!.value } };
      case 'override': {
        const o = sym!.o;
        if (!o.value) this.err(e.loc, `override '${o.name}' has no value: give it a default or a pipeline value`);
        // Overrides are fixed when the pipeline is created, so the simulator treats them as constants.
        return { type: o.type, const: o.value, ident: { kind: 'override', o } };
      }
      case 'global': {
        const g = sym!.g;
        if (this.fn) this.fn.globalsUsed.add(g);
        // A texture or sampler is a value (a handle), not a memory view.
        if (g.space === 'handle') return { type: g.type, ident: { kind: 'global', g } };
        return { type: { kind: 'ref', space: g.space, store: g.type, access: g.access }, ident: { kind: 'global', g } };
      }
      case 'type':
        return this.err(e.loc, `'${e.name}' is a type, not a value`);
      case 'fn':
        return this.err(e.loc, `'${e.name}' is a function: call it with '(…)'`);
    }
  }

  private unary(e: A.UnaryExpr): ExprInfo {
    const inner = this.expr(e.operand);
    if (e.op === '&') {
      if (inner.type.kind !== 'ref') this.err(e.loc, "'&' needs a variable, element or member");
      const r = inner.type as Extract<Type, { kind: 'ref' }>;
      if (e.operand.kind === 'ident' && inner.ident?.kind === 'local') inner.ident.v.addressTaken = true;
      markAddressTaken(e.operand, this.info);
      return { type: { kind: 'ptr', space: r.space, store: r.store, access: r.access } };
    }
    if (e.op === '*') {
      const t = this.valueType(inner);
      if (t.kind !== 'ptr') this.err(e.loc, `'*' needs a pointer, got ${typeName(t)}`);
      const p = t as Extract<Type, { kind: 'ptr' }>;
      return { type: { kind: 'ref', space: p.space, store: p.store, access: p.access } };
    }
    const vt = this.valueType(inner);
    const allConst = !!inner.const;
    const type = this.at(e.loc, () => typeUnary(e.op as '-', vt, allConst));
    if (!allConst) {
      this.convert(e.operand, type);
      return { type };
    }
    return { type, const: this.checkedConst(e.loc, { type, v: evalUnary(e.op as '-', inner.const!.v, type) }) };
  }

  private binary(e: A.BinaryExpr): ExprInfo {
    const l = this.expr(e.left);
    const r = this.expr(e.right);
    const allConst = !!l.const && !!r.const;
    const t = this.at(e.loc, () => typeBinary(e.op, this.valueType(l), this.valueType(r), allConst));
    this.convert(e.left, t.left);
    this.convert(e.right, t.right);
    this.info.binaryTypes.set(e, t);
    if (!allConst) return { type: t.result };
    if (e.op === '/' || e.op === '%') {
      const s = scalarOf(t.left)!;
      if (isIntScalar(s) && r.const!.v.some((x) => x === 0)) this.err(e.loc, 'integer division by zero in a constant expression');
    }
    const why = binaryConstError(e.op, { type: t.left, v: l.const!.v }, { type: t.right, v: r.const!.v });
    if (why) this.err(e.loc, why);
    return { type: t.result, const: this.checkedConst(e.loc, { type: t.result, v: evalBinary(e.op, l.const!.v, r.const!.v, t) }) };
  }

  private index(e: A.IndexExpr): ExprInfo {
    const base = this.expr(e.base);
    const idx = this.expr(e.index);
    const it = this.valueType(idx);
    if (it.kind !== 'scalar' || !isIntScalar(it)) this.err(e.index.loc, `an index must be i32 or u32, got ${typeName(it)}`);
    let bt = base.type;
    if (bt.kind === 'ptr') bt = { kind: 'ref', space: bt.space, store: bt.store, access: bt.access };
    const container = bt.kind === 'ref' ? bt.store : bt;
    let elem: Type;
    let count: number | null;
    if (container.kind === 'array') {
      elem = container.elem;
      count = container.count;
    } else if (container.kind === 'vec') {
      elem = container.elem;
      count = container.n;
    } else if (container.kind === 'mat') {
      elem = vec(container.rows, container.elem);
      count = container.cols;
    } else return this.err(e.loc, `cannot index a value of type ${typeName(container)}`);
    if (idx.const && count !== null) {
      const k = idx.const.v[0]!;
      if (k < 0 || k >= count) this.err(e.index.loc, `index ${k} is out of bounds for ${typeName(container)} (valid: 0..${count - 1})`);
    }
    if (idx.const && isAbstract(it)) this.convert(e.index, I32);
    else if (!idx.const) this.convert(e.index, concretize(it));
    if (bt.kind === 'ref') return { type: { kind: 'ref', space: bt.space, store: elem, access: bt.access } };
    if (base.const && idx.const) {
      const k = idx.const.v[0]!;
      const n = slotCount(elem);
      return { type: elem, const: { type: elem, v: base.const.v.slice(k * n, (k + 1) * n) } };
    }
    // Indexing a constant abstract array at run time makes it concrete.
    if (isAbstract(container)) {
      this.convert(e.base, concretize(container));
      elem = concretize(elem);
    }
    return { type: elem };
  }

  private member(e: A.MemberExpr): ExprInfo {
    const base = this.expr(e.base);
    let bt = base.type;
    if (bt.kind === 'ptr') bt = { kind: 'ref', space: bt.space, store: bt.store, access: bt.access };
    const container = bt.kind === 'ref' ? bt.store : bt;
    if (container.kind === 'struct') {
      const index = container.members.findIndex((m) => m.name === e.member);
      if (index < 0) this.err(e.memberLoc, `${container.name} has no member '${e.member}'`);
      const mt = container.members[index]!.type;
      if (bt.kind === 'ref') return { type: { kind: 'ref', space: bt.space, store: mt, access: bt.access }, member: index };
      if (base.const) {
        const off = memberSlotOffset(container, index);
        return { type: mt, member: index, const: { type: mt, v: base.const.v.slice(off, off + slotCount(mt)) } };
      }
      return { type: mt, member: index };
    }
    if (container.kind === 'vec') {
      const sw = [...e.member].map((c) => SWIZZLE[c]);
      const sets = [/^[xyzw]+$/, /^[rgba]+$/];
      if (sw.some((i) => i === undefined || i >= container.n) || sw.length > 4 || !sets.some((re) => re.test(e.member))) {
        this.err(e.memberLoc, `'${e.member}' is not a swizzle of ${typeName(container)}`);
      }
      const swizzle = sw as number[];
      const type: Type = swizzle.length === 1 ? container.elem : vec(swizzle.length as 2, container.elem);
      if (bt.kind === 'ref' && swizzle.length === 1)
        return { type: { kind: 'ref', space: bt.space, store: type, access: bt.access }, swizzle };
      if (base.const) return { type, swizzle, const: { type, v: swizzle.map((i) => base.const!.v[i]!) } };
      return { type, swizzle };
    }
    return this.err(e.memberLoc, `a value of type ${typeName(container)} has no members`);
  }

  private call(e: A.CallExpr, isStatement: boolean): ExprInfo {
    const id = e.callee;
    const name = id.name;
    // User functions and types shadow builtins of the same name.
    const local = this.lookupLocal(name);
    if (local) this.err(id.loc, `'${name}' is a ${local.kind}, not a function`);
    const sym = this.decls.has(name) ? this.moduleSymbol(name, id.loc) : undefined;
    if (sym?.kind === 'fn') return this.userCall(e, sym.f);
    if (sym && sym.kind !== 'type') this.err(id.loc, `'${name}' is not a function`);

    const args = e.args.map((a) => this.expr(a));
    const argTypes = args.map((a) => this.valueTypeForCall(a));
    const allConst = args.every((a) => !!a.const);

    if (name === 'bitcast') {
      if (id.template?.length !== 1) this.err(id.loc, 'bitcast needs one target type: bitcast<u32>(x)');
      if (args.length !== 1) this.err(e.loc, 'bitcast takes one argument');
      const target = this.typeOf(id.template![0]!);
      const o = this.at(e.loc, () => resolveBitcast(target, argTypes[0]!));
      this.convert(e.args[0]!, o.params[0]!);
      const call: CallTarget = { kind: 'bitcast', overload: o };
      if (allConst) return { type: target, call, const: this.checkedConst(e.loc, { type: target, v: evalBitcast(args[0]!.const!.v, o) }) };
      return { type: target, call };
    }

    const ctorType = sym?.kind === 'type' ? sym.type : this.decls.has(name) ? undefined : this.lookupType(id);
    if (ctorType) {
      if (ctorType.kind === 'atomic' || ctorType.kind === 'ptr' || ctorType.kind === 'opaque')
        this.err(id.loc, `${typeName(ctorType as Type)} cannot be constructed`);
      const c = this.at(e.loc, () => typeConstructor(ctorType, argTypes, allConst));
      e.args.forEach((a, i) => this.convert(a, c.params[i]!));
      const call: CallTarget = { kind: 'ctor', type: c.type, params: c.params };
      if (allConst) {
        args.forEach((a, i) => {
          const why = conversionError(a.const!, c.type);
          if (why) this.err(e.args[i]!.loc, why);
        });
        const v = evalConstructor(
          c,
          args.map((a) => a.const!.v),
          c.params,
        );
        return { type: c.type, call, const: this.checkedConst(e.loc, { type: c.type, v }) };
      }
      return { type: c.type, call };
    }

    const def = builtinDef(name);
    if (!def) {
      if (/^texture/.test(name)) this.unsupported(id.loc, `'${name}'`);
      const near = closest(name, [
        ...Object.keys(BUILTIN_DOCS),
        ...[...this.decls.values()].filter((d) => d.kind === 'fn').map((d) => d.name),
      ]);
      this.err(id.loc, `unknown function '${name}'${near ? `; did you mean '${near}'?` : ''}`);
    }
    const overload = this.at(e.loc, () => def!.resolve(argTypes, allConst));
    // Every overload lists one parameter per argument; a builtin that does not check its
    // arity itself (`dot4I8Packed(a, )`) must not reach the simulator with one missing.
    if (overload.params.length !== args.length)
      this.err(e.loc, `'${name}' takes ${overload.params.length} argument${overload.params.length === 1 ? '' : 's'}, got ${args.length}`);
    e.args.forEach((a, i) => {
      const p = overload.params[i]!;
      if (p.kind !== 'ptr') this.convert(a, p);
    });
    if (def!.special === 'texture')
      for (const i of constantArguments(name, argTypes))
        if (!args[i]!.const)
          this.err(e.args[i]!.loc, `the ${i === 0 ? 'component' : 'offset'} argument of '${name}' must be a constant expression`);
        else if (i === 0 && !(args[0]!.const!.v[0]! >= 0 && args[0]!.const!.v[0]! <= 3))
          this.err(e.args[0]!.loc, `the component argument of '${name}' must be 0, 1, 2 or 3, got ${args[0]!.const!.v[0]}`);
    if ((def!.special === 'subgroup' || def!.special === 'quad') && !this.info.enables.includes('subgroups')) {
      this.err(id.loc, `'${name}' needs 'enable subgroups;' at the top of the module`);
    }
    if (name === 'quadBroadcast' || name === 'subgroupBroadcast') this.broadcastLane(name, e.args[1]!, args[1]!);
    if (overload.result.kind === 'void' && !isStatement) this.err(e.loc, `'${name}' returns nothing and cannot be used as a value`);
    if (def!.special === 'derivative' && this.fn && !this.derivativeCalls.has(this.fn))
      this.derivativeCalls.set(this.fn, { name, loc: id.loc });
    const call: CallTarget = { kind: 'builtin', name, def: def!, overload };
    if (allConst && def!.constEval && def!.eval) {
      const values = args.map((a, i) => this.convertedConst(e.args[i]!.loc, a.const!, overload.params[i]!));
      const why = builtinConstError(name, values);
      if (why) this.err(e.loc, why);
      const v = def!.eval(
        values.map((c) => c.v),
        overload,
      );
      return { type: overload.result, call, const: this.checkedConst(e.loc, { type: overload.result, v }) };
    }
    return { type: overload.result, call };
  }

  /** Argument types for calls: pointers stay pointers, references are loaded. */
  private valueTypeForCall(a: ExprInfo): Type {
    return this.valueType(a);
  }

  private userCall(e: A.CallExpr, f: FnInfo): ExprInfo {
    if (f.stage) this.err(e.loc, `entry point '${f.name}' cannot be called`);
    if (this.fn === f) this.err(e.loc, `'${f.name}' calls itself: WGSL does not allow recursion`);
    if (e.args.length !== f.params.length) this.err(e.loc, `'${f.name}' takes ${f.params.length} argument(s), got ${e.args.length}`);
    e.args.forEach((a, i) => {
      this.expr(a);
      this.convert(a, f.params[i]!.type);
    });
    if (this.fn) {
      this.fn.callees.add(f);
      const sites = this.callSites.get(this.fn) ?? new Map<FnInfo, Loc>();
      if (!sites.has(f)) sites.set(f, e.loc);
      this.callSites.set(this.fn, sites);
    }
    return { type: f.returnType, call: { kind: 'fn', f } };
  }
}

/** Marks the root local variable of `&x`, `&x[i]`, `&x.m` as address-taken. */
function markAddressTaken(e: A.Expr, info: ModuleInfo): void {
  let cur: A.Expr = e;
  while (cur.kind === 'index' || cur.kind === 'member') cur = cur.base;
  if (cur.kind === 'ident') {
    const r = info.exprs.get(cur)?.ident;
    if (r?.kind === 'local') r.v.addressTaken = true;
  }
}

/** `e` when it is a literal, or the literal a negation applies to. */
function literalOf(e: A.Expr): A.LiteralExpr | undefined {
  if (e.kind === 'lit') return e;
  return e.kind === 'unary' && e.op === '-' && e.operand.kind === 'lit' ? e.operand : undefined;
}
