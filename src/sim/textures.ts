// The texture builtins in the simulator: textureLoad, textureStore, textureDimensions,
// textureNumLayers, textureNumLevels, textureSampleLevel and textureGather on the texture
// memory of texture-memory.ts. A texture or sampler value is a handle (its module-scope
// variable's index); the call looks the bound object up when it runs, so textures passed
// through function parameters work too.
//
// Only mip level 0 exists: textureNumLevels is 1, a textureLoad of another level is an
// out-of-bounds access, and textureSampleLevel clamps its level to 0 as WebGPU clamps the
// LOD to the levels there are. Out-of-bounds coordinates (and array indices) are reported
// to the bounds check; a load then reads the nearest texel (what Tint's robustness does),
// a store is discarded.
import type * as A from '../wgsl/ast.js';
import type { Overload } from '../wgsl/builtins.js';
import type { GlobalVar } from '../wgsl/module-info.js';
import { coordCount, isArrayed, isTexture } from '../wgsl/textures.js';
import { slotCount } from '../wgsl/values.js';
import { vcode, type ValueCode } from './code.js';
import type { ExprCompiler } from './expr-compiler.js';
import type { Mask } from './mask.js';
import { SimSampler, SimTexture, TEXEL_BYTES, addressTexel } from './texture-memory.js';

/** The value of a texture or sampler variable: its index among the module's globals, for every lane. */
export function handleValue(c: ExprCompiler, g: GlobalVar): ValueCode {
  const out = new Float64Array(c.W).fill(c.info.globals.indexOf(g));
  return vcode(g.type, 1, out, () => {}, true);
}

export function compileTextureCall(c: ExprCompiler, e: A.CallExpr, name: string, o: Overload): ValueCode {
  switch (name) {
    case 'textureLoad':
      return textureLoad(c, e, o);
    case 'textureStore':
      return textureStore(c, e, o);
    case 'textureDimensions':
      return textureDimensions(c, e, o);
    case 'textureNumLayers':
      return scalarQuery(c, e, (t) => t.size[2]);
    case 'textureNumLevels':
      return scalarQuery(c, e, () => 1);
    case 'textureSampleLevel':
      return textureSample(c, e, o, false);
    case 'textureGather':
      return textureSample(c, e, o, true);
    default:
      return c.unsupported(e.loc, `'${name}'`);
  }
}

/** Looks up the texture a handle argument names, for the first active lane (handles are uniform). */
function lookup(c: ExprCompiler, arg: ValueCode, m: Mask, e: A.CallExpr): SimTexture {
  const h = c.ctx.handles[arg.out[m.lanes[0]!]!];
  if (!(h instanceof SimTexture)) throw new Error(`internal: no texture bound for the call at ${e.loc.line}:${e.loc.column}`);
  return h;
}

function lookupSampler(c: ExprCompiler, arg: ValueCode, m: Mask, e: A.CallExpr): SimSampler {
  const h = c.ctx.handles[arg.out[m.lanes[0]!]!];
  if (!(h instanceof SimSampler)) throw new Error(`internal: no sampler bound for the call at ${e.loc.line}:${e.loc.column}`);
  return h;
}

function args(c: ExprCompiler, e: A.CallExpr): ValueCode[] {
  return e.args.map((a) => c.value(a));
}

function sourceText(x: A.Expr): string {
  return x.kind === 'ident' ? x.name : 'texture';
}

/** Integer texel coordinates of lane l (x, y, z with the array index as z), and whether they are in bounds. */
function texelCoords(t: SimTexture, coord: ValueCode, layer: ValueCode | undefined, l: number, into: number[]): boolean {
  const n = coord.slots;
  into[0] = coord.out[l * n]!;
  into[1] = n > 1 ? coord.out[l * n + 1]! : 0;
  into[2] = n > 2 ? coord.out[l * n + 2]! : layer ? layer.out[l]! : 0;
  let inside = true;
  for (let k = 0; k < 3; k++) {
    const v = into[k]!;
    if (v < 0 || v >= t.size[k]!) {
      inside = false;
      into[k] = v < 0 ? 0 : t.size[k]! - 1;
    }
  }
  return inside;
}

function coordText(coord: ValueCode, layer: ValueCode | undefined, l: number): string {
  const n = coord.slots;
  const parts = Array.from(coord.out.subarray(l * n, l * n + n));
  const xy = `(${parts.join(', ')})`;
  return layer ? `${xy}, layer ${layer.out[l]}` : xy;
}

function sizeText(t: SimTexture): string {
  const [w, h, d] = t.size;
  if (t.dim === '1d') return `${w} texels`;
  if (t.dim === '3d') return `${w}×${h}×${d} texels`;
  if (isArrayed(t.dim)) return `${w}×${h} texels, ${d} layers`;
  return `${w}×${h} texels`;
}

function textureLoad(c: ExprCompiler, e: A.CallExpr, o: Overload): ValueCode {
  const a = args(c, e);
  const shape = isTexture(o.params[0]!) ? o.params[0].texture : undefined;
  const arrayed = !!shape && isArrayed(shape.dim);
  const [tex, coord] = a as [ValueCode, ValueCode];
  const layer = arrayed ? a[2] : undefined;
  const level = shape?.kind !== 'storage' ? a[arrayed ? 3 : 2] : undefined;
  const type = o.result;
  const slots = slotCount(type);
  const out = new Float64Array(c.W * slots);
  const site = c.site(e, sourceText(e.args[0]!));
  const ctx = c.ctx;
  const addr = new Float64Array(c.W);
  const xyz = [0, 0, 0];
  return vcode(type, slots, out, (m) => {
    for (const x of a) x.eval(m);
    const t = lookup(c, tex, m, e);
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      const inside = texelCoords(t, coord, layer, l, xyz);
      const lv = level ? level.out[l]! : 0;
      if (!inside || lv !== 0) {
        ctx.hooks.outOfBounds?.({
          site,
          lane: l,
          index: xyz[0]!,
          length: t.size[0],
          what: t.name,
          texel: `${lv !== 0 ? `level ${lv} is out of bounds (the texture has level 0 only), ` : ''}texel coordinates ${coordText(coord, layer, l)} ${inside ? 'are inside' : 'are out of bounds for'} texture '${t.name}' (${sizeText(t)})`,
        });
      }
      const ti = t.index(xyz[0]!, xyz[1]!, xyz[2]!);
      addr[l] = ti * TEXEL_BYTES;
      for (let j = 0; j < slots; j++) out[l * slots + j] = t.channel(ti, j);
    }
    if (t.region.tracked && ctx.hooks.access)
      ctx.hooks.access({ site, region: t.region, kind: 'read', rmw: false, mask: m, addr, bytes: TEXEL_BYTES, width: TEXEL_BYTES });
  });
}

function textureStore(c: ExprCompiler, e: A.CallExpr, o: Overload): ValueCode {
  const a = args(c, e);
  const shape = isTexture(o.params[0]!) ? o.params[0].texture : undefined;
  const arrayed = !!shape && isArrayed(shape.dim);
  const [tex, coord] = a as [ValueCode, ValueCode];
  const layer = arrayed ? a[2] : undefined;
  const value = a[arrayed ? 3 : 2]!;
  const site = c.site(e, sourceText(e.args[0]!));
  const ctx = c.ctx;
  const addr = new Float64Array(c.W);
  const bits = new Uint32Array(c.W * 4);
  const xyz = [0, 0, 0];
  return vcode({ kind: 'void' }, 0, new Float64Array(0), (m) => {
    for (const x of a) x.eval(m);
    const t = lookup(c, tex, m, e);
    // Out-of-bounds stores are discarded: the lanes that store form a smaller mask.
    const lanes = new Int32Array(m.n);
    let n = 0;
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      if (!texelCoords(t, coord, layer, l, xyz)) {
        ctx.hooks.outOfBounds?.({
          site,
          lane: l,
          index: xyz[0]!,
          length: t.size[0],
          what: t.name,
          texel: `texel coordinates ${coordText(coord, layer, l)} are out of bounds for texture '${t.name}' (${sizeText(t)})`,
        });
        continue;
      }
      const ti = t.index(xyz[0]!, xyz[1]!, xyz[2]!);
      addr[l] = ti * TEXEL_BYTES;
      for (let j = 0; j < 4; j++) {
        t.store(ti, j, value.out[l * 4 + j]!);
        bits[l * 4 + j] = t.bits(ti, j);
      }
      lanes[n++] = l;
    }
    if (n && t.region.tracked && ctx.hooks.access) {
      const stored = n === m.n ? m : { lanes, n };
      ctx.hooks.access({
        site,
        region: t.region,
        kind: 'write',
        rmw: false,
        mask: stored as Mask,
        addr,
        bytes: TEXEL_BYTES,
        width: TEXEL_BYTES,
        bits,
      });
    }
  });
}

function textureDimensions(c: ExprCompiler, e: A.CallExpr, o: Overload): ValueCode {
  const a = args(c, e);
  const [tex, level] = a as [ValueCode, ValueCode | undefined];
  const slots = slotCount(o.result);
  const out = new Float64Array(c.W * slots);
  return vcode(o.result, slots, out, (m) => {
    for (const x of a) x.eval(m);
    const t = lookup(c, tex, m, e);
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      // Level k of a mip chain is the base size halved k times (at least 1); only level 0 exists here.
      const lv = level ? Math.max(0, level.out[l]!) : 0;
      for (let j = 0; j < slots; j++) out[l * slots + j] = Math.max(1, Math.floor(t.size[j]! / 2 ** lv));
    }
  });
}

function scalarQuery(c: ExprCompiler, e: A.CallExpr, f: (t: SimTexture) => number): ValueCode {
  const [tex] = args(c, e) as [ValueCode];
  const out = new Float64Array(c.W);
  return vcode({ kind: 'scalar', name: 'u32' }, 1, out, (m) => {
    tex.eval(m);
    const v = f(lookup(c, tex, m, e));
    for (let k = 0; k < m.n; k++) out[m.lanes[k]!] = v;
  });
}

/**
 * textureSampleLevel (gather = false) and textureGather (gather = true): normalized
 * coordinates, the sampler's address mode per axis, nearest or linear filtering (linear:
 * the 2×2 — 2×2×2 for 3d — texels around the coordinate, weighted by distance).
 */
function textureSample(c: ExprCompiler, e: A.CallExpr, o: Overload, gather: boolean): ValueCode {
  const a = args(c, e);
  const ti = gather && a.length > 0 && !isTexture(o.params[0]!) ? 1 : 0;
  const texType = o.params[ti]!;
  const shape = isTexture(texType) ? texType.texture : undefined;
  if (!shape) throw new Error('internal: texture call without a texture');
  const arrayed = isArrayed(shape.dim);
  const dims = coordCount(shape.dim);
  const component = ti === 1 ? a[0]! : undefined;
  const tex = a[ti]!;
  const smp = a[ti + 1]!;
  const coord = a[ti + 2]!;
  const layer = arrayed ? a[ti + 3] : undefined;
  // The offset follows the level (textureSampleLevel) or the coordinates/array index (textureGather).
  const offsetIndex = gather ? ti + 3 + (arrayed ? 1 : 0) : 4 + (arrayed ? 1 : 0);
  const offset = a[offsetIndex];
  const depth = shape.kind === 'depth';
  const type = o.result;
  const slots = slotCount(type);
  const out = new Float64Array(c.W * slots);
  if (shape.dim === 'cube' || shape.dim === 'cube_array')
    return c.unsupported(e.loc, `'${gather ? 'textureGather' : 'textureSampleLevel'}' on cube textures`);
  const acc = [0, 0, 0, 0];
  return vcode(type, slots, out, (m) => {
    for (const x of a) x.eval(m);
    const t = lookup(c, tex, m, e);
    const s = lookupSampler(c, smp, m, e).state;
    const comp = component ? component.out[m.lanes[0]!]! : 0;
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      const z = layer ? Math.min(Math.max(Math.trunc(layer.out[l]!), 0), t.size[2] - 1) : 0;
      // Per axis: the two texels around the coordinate and the weight of the second.
      const lo = [0, 0, 0];
      const hi = [0, 0, 0];
      const w = [0, 0, 0];
      for (let d = 0; d < 3; d++) {
        if (d >= dims) {
          lo[d] = hi[d] = d === 2 ? z : 0;
          continue;
        }
        const n = t.size[d]!;
        const off = offset ? offset.out[l * dims + d]! : 0;
        const u = coord.out[l * dims + d]! * n;
        if (!gather && s.filter === 'nearest') {
          lo[d] = hi[d] = addressTexel(Math.floor(u) + off, n, s.address);
          continue;
        }
        const f = u - 0.5;
        const i0 = Math.floor(f);
        w[d] = f - i0;
        lo[d] = addressTexel(i0 + off, n, s.address);
        hi[d] = addressTexel(i0 + 1 + off, n, s.address);
      }
      if (gather) {
        // (u_min, v_max), (u_max, v_max), (u_max, v_min), (u_min, v_min): WGSL's gather order.
        const ch = depth ? 0 : comp;
        out[l * 4] = t.channel(t.index(lo[0]!, hi[1]!, lo[2]!), ch);
        out[l * 4 + 1] = t.channel(t.index(hi[0]!, hi[1]!, lo[2]!), ch);
        out[l * 4 + 2] = t.channel(t.index(hi[0]!, lo[1]!, lo[2]!), ch);
        out[l * 4 + 3] = t.channel(t.index(lo[0]!, lo[1]!, lo[2]!), ch);
        continue;
      }
      acc.fill(0);
      const corners = dims === 3 ? 8 : 4;
      for (let q = 0; q < corners; q++) {
        const bx = q & 1;
        const by = (q >> 1) & 1;
        const bz = (q >> 2) & 1;
        const weight = (bx ? w[0]! : 1 - w[0]!) * (by ? w[1]! : 1 - w[1]!) * (dims === 3 ? (bz ? w[2]! : 1 - w[2]!) : 1);
        if (weight === 0) continue;
        const texel = t.index(bx ? hi[0]! : lo[0]!, by ? hi[1]! : lo[1]!, bz ? hi[2]! : lo[2]!);
        for (let ch = 0; ch < 4; ch++) acc[ch]! += weight * t.channel(texel, ch);
      }
      for (let j = 0; j < slots; j++) out[l * slots + j] = Math.fround(acc[j]!);
    }
  });
}
