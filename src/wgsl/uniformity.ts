// Uniformity analysis (WGSL § "Uniformity"): rejects barriers, workgroupUniformLoad and
// subgroup operations reached in non-uniform control flow, as the real compiler does, so
// that the simulator, `check` without a GPU and the lab without WebGPU refuse the same
// shaders Tint refuses, with its messages and locations.
//
// Each function gets a graph (uniformity-graph.ts), built by the spec's rules for
// statements, expressions and calls (uniformity-build.ts); walking it from
// RequiredToBeUniform gives the function's tags (must it be called in uniform control
// flow, which parameters must be uniform, may its result be non-uniform, what it does to
// memory behind pointer parameters), which its callers use in turn, so functions are
// analyzed callees first. A failure is explained as Tint does (uniformity-report.ts).
//
// As in Dawn today, the analysis runs twice: at workgroup scope (barriers,
// workgroupUniformLoad) and then at subgroup scope (subgroup operations, filterable with
// the `subgroup_uniformity` diagnostic rule; quad operations count as subgroup operations).
// It stops at the first error. Derivatives (dpdx and the like, textureSample and
// textureSampleBias) must be called in uniform control flow too, under the
// `derivative_uniformity` rule; only fragment shaders can reach them (the resolver refuses
// them elsewhere), so they are checked in the workgroup-scope pass.
import { diagnostic, type Diagnostic, type Severity } from '../diagnostics/index.js';
import type * as A from './ast.js';
import { moduleFilters } from './diagnostic-filters.js';
import type { FnInfo, LocalVar, ModuleInfo } from './module-info.js';
import { FunctionAnalysis } from './uniformity-build.js';
import type { FunctionUniformity, ModuleFacts, ParamTag, ParamUniformity, RequiredSeverity, UNode } from './uniformity-graph.js';
import { explainFailure, type Report } from './uniformity-report.js';

/**
 * Checks the uniformity rules of a resolved module: at most one error (Tint stops at the
 * first), plus warnings and infos where a `diagnostic` filter lowered a rule's severity.
 * Each diagnostic's notes (as `related`) explain it: where control flow diverged and
 * which value is non-uniform.
 */
export function checkUniformity(module: ModuleInfo): Diagnostic[] {
  const reports: Report[] = [];
  const letInit = new Map<LocalVar, A.Expr>();
  for (const [s, v] of module.stmtLocals) if (s.kind === 'let' && v.type.kind === 'ptr') letInit.set(v, s.init);
  const order = dependencyOrder(module);
  for (const scope of ['workgroup', 'subgroup'] as const) {
    const facts: ModuleFacts = {
      module,
      scope,
      functions: new Map(),
      callOwner: new Map(),
      letInit,
      moduleFilters: moduleFilters(module.ast),
    };
    for (const fn of order) {
      const f = new FunctionAnalysis(facts, fn).run();
      facts.functions.set(fn, f);
      if (!settleTags(facts, f, reports)) return toDiagnostics(reports);
    }
  }
  return toDiagnostics(reports);
}

/** Callees before callers (Tint's dependency order): depth-first from each function in source order. */
function dependencyOrder(module: ModuleInfo): FnInfo[] {
  const out: FnInfo[] = [];
  const seen = new Set<FnInfo>();
  const visit = (f: FnInfo) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const c of f.callees) visit(c);
    out.push(f);
  };
  for (const f of module.functions.values()) visit(f);
  return out;
}

/**
 * Computes a function's tags from its graph (the second phase of the spec's algorithm),
 * reporting a failure when something required to be uniform may not be. Returns false on
 * an error, which ends the analysis.
 */
function settleTags(facts: ModuleFacts, f: FunctionUniformity, reports: Report[]): boolean {
  const tagOf = (reachable: Set<UNode>, p: ParamUniformity): ParamTag => {
    if (p.inContents) return reachable.has(p.inContents) ? 'contents' : reachable.has(p.value) ? 'value' : 'none';
    return reachable.has(p.value) ? 'value' : 'none';
  };
  const reachable = new Set<UNode>();
  const check = (severity: RequiredSeverity): boolean => {
    f.graph.traverse(f.required[severity], reachable);
    if (reachable.has(f.mayBeNonUniform)) {
      explainFailure(facts, f, f.mayBeNonUniform, severity, reports);
      return false;
    }
    if (reachable.has(f.cfStart)) f.callSite ??= severity;
    for (const p of f.params) {
      if (p.direct !== 'none') continue;
      p.direct = tagOf(reachable, p);
      p.directSeverity = severity;
    }
    return true;
  };
  if (!check('error')) return false;
  if (check('warning')) check('info');

  if (f.valueReturn) {
    f.graph.resetVisited();
    const r = new Set<UNode>();
    f.graph.traverse(f.valueReturn, r);
    f.returnMayBeNonUniform = r.has(f.mayBeNonUniform);
    for (const p of f.params) p.forResult = tagOf(r, p);
  }
  for (const p of f.params) {
    if (!p.outContents) continue;
    f.graph.resetVisited();
    const r = new Set<UNode>();
    f.graph.traverse(p.outContents, r);
    p.pointerMayBecomeNonUniform = r.has(f.mayBeNonUniform);
    f.params.forEach((q, j) => {
      const t = tagOf(r, q);
      if (t === 'contents') p.sourcesOfContents.contents.push(j);
      else if (t === 'value') p.sourcesOfContents.values.push(j);
    });
  }
  return true;
}

function toDiagnostics(reports: Report[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const r of reports) {
    const last = out[out.length - 1];
    if (r.severity === 'note') {
      last?.related.push({ loc: r.loc, message: r.message });
      continue;
    }
    const severity: Severity = r.severity;
    out.push(
      diagnostic({
        severity,
        kind: severity === 'error' ? 'compile-error' : severity === 'warning' ? 'compile-warning' : 'compile-info',
        message: r.message,
        loc: r.loc,
      }),
    );
  }
  return out;
}
