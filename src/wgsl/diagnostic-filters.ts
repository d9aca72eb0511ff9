// Diagnostic filters (WGSL § "Diagnostic Filtering"): `diagnostic(off, rule);` at the top
// of a module and `@diagnostic(severity, rule)` on a function or compound statement change
// the severity of a filterable rule such as `subgroup_uniformity` inside their range; the
// nearest enclosing filter wins.
import type * as A from './ast.js';

export type FilterSeverity = 'error' | 'warning' | 'info' | 'off';
const SEVERITIES = new Set<string>(['error', 'warning', 'info', 'off']);

/** rule name → severity, for one place that sets filters. */
export type Filters = ReadonlyMap<string, FilterSeverity>;

function ruleName(e: A.Expr | undefined): string | undefined {
  if (e?.kind === 'ident') return e.name;
  if (e?.kind === 'member') {
    const base = ruleName(e.base);
    return base === undefined ? undefined : `${base}.${e.member}`;
  }
  return undefined;
}

/** The filters of `diagnostic(...)` directives. */
export function moduleFilters(ast: A.ModuleAst): Filters {
  const out = new Map<string, FilterSeverity>();
  for (const d of ast.directives) {
    if (d.kind !== 'diagnostic') continue;
    const [severity, ...rest] = d.names;
    if (severity && SEVERITIES.has(severity) && rest.length) out.set(rest.join(''), severity as FilterSeverity);
  }
  return out;
}

/** The filters of `@diagnostic(...)` attributes. */
export function attributeFilters(attrs: readonly A.Attribute[] | undefined): Filters {
  const out = new Map<string, FilterSeverity>();
  for (const a of attrs ?? []) {
    if (a.name !== 'diagnostic') continue;
    const severity = ruleName(a.args[0]);
    const rule = ruleName(a.args[1]);
    if (severity && SEVERITIES.has(severity) && rule) out.set(rule, severity as FilterSeverity);
  }
  return out;
}

/** The severity of `rule` under a stack of filters (outermost first), or `fallback`. */
export function severityFor(stack: readonly Filters[], rule: string, fallback: FilterSeverity): FilterSeverity {
  for (let i = stack.length - 1; i >= 0; i--) {
    const s = stack[i]!.get(rule);
    if (s) return s;
  }
  return fallback;
}
