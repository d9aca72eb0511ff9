// The graph of the uniformity analysis (WGSL § "Uniformity"): one node per fact "this
// value (or this point of control flow) is uniform", and an edge X -> Y for "X is uniform
// only if Y is". Something required to be uniform that reaches MayBeNonUniform is a
// uniformity failure. Nodes remember which node first reached them in a traversal, so a
// failure can be explained along the path that found it.
import type * as A from './ast.js';
import type { FilterSeverity, Filters } from './diagnostic-filters.js';
import type { FnInfo, GlobalVar, LocalVar, ModuleInfo } from './module-info.js';
import type { Loc } from './source.js';

/** What a node stands for, for messages about it. */
export type NodeKind =
  'regular' | 'call-argument' | 'call-argument-contents' | 'call-pointer-result' | 'call-result' | 'pointer-parameter-contents';

/** The source construct a node belongs to. */
export type NodeSite =
  | { kind: 'ident'; e: A.IdentExpr; fn: FnInfo }
  | { kind: 'call'; e: A.CallExpr }
  | { kind: 'control'; loc: Loc }
  | { kind: 'expr'; e: A.Expr }
  | { kind: 'param'; fn: FnInfo; index: number }
  | { kind: 'local'; v: LocalVar; fn: FnInfo };

export class UNode {
  /** Ordered and without duplicates: traversal order decides which path a message shows. */
  readonly edges = new Set<UNode>();
  kind: NodeKind = 'regular';
  affectsControlFlow = false;
  argIndex = -1;
  visitedFrom: UNode | null = null;
  constructor(readonly site?: NodeSite) {}

  to(n: UNode | undefined): void {
    if (n) this.edges.add(n);
  }
}

/** The nodes of one function's graph. */
export class Graph {
  readonly nodes: UNode[] = [];

  node(site?: NodeSite, kind: NodeKind = 'regular'): UNode {
    const n = new UNode(site);
    n.kind = kind;
    this.nodes.push(n);
    return n;
  }

  resetVisited(): void {
    for (const n of this.nodes) n.visitedFrom = null;
  }

  /**
   * Visits everything reachable from `source` depth-first (last edge first, as Tint does),
   * recording in each node the node it was first reached from.
   */
  traverse(source: UNode, reachable?: Set<UNode>): void {
    const stack = [source];
    while (stack.length) {
      const n = stack.pop()!;
      reachable?.add(n);
      for (const to of n.edges) {
        if (to.visitedFrom) continue;
        to.visitedFrom = n;
        stack.push(to);
      }
    }
  }
}

/** Walks back from `start` along `visitedFrom` to the first node that satisfies `pred`. */
export function traceBack(start: UNode | null, pred: (n: UNode) => boolean): UNode | null {
  let n = start;
  while (n && !pred(n)) n = n.visitedFrom;
  return n;
}

// ---------- what the analysis keeps about functions ----------

export type UniformityScope = 'workgroup' | 'subgroup';
export type Variable = LocalVar | GlobalVar;
export type RequiredSeverity = Exclude<FilterSeverity, 'off'>;
/** Whether a parameter's value, or the memory behind a pointer parameter, must be uniform. */
export type ParamTag = 'none' | 'value' | 'contents';

export function isLocal(v: Variable): v is LocalVar {
  return 'id' in v;
}

export interface ParamUniformity {
  v: LocalVar;
  value: UNode;
  /** Pointer parameters: the memory's contents when the function starts and when it returns. */
  inContents?: UNode;
  outContents?: UNode;
  /** What the function requires of the argument. */
  direct: ParamTag;
  directSeverity: RequiredSeverity;
  /** What the result's uniformity depends on. */
  forResult: ParamTag;
  /** Pointer parameters: the call may leave non-uniform contents behind. */
  pointerMayBecomeNonUniform: boolean;
  /** Pointer parameters: the arguments whose value (or contents) the contents after the call depend on. */
  sourcesOfContents: { values: number[]; contents: number[] };
}

/** A function's graph and tags. */
export interface FunctionUniformity {
  fn: FnInfo;
  graph: Graph;
  required: Record<RequiredSeverity, UNode>;
  mayBeNonUniform: UNode;
  cfStart: UNode;
  valueReturn?: UNode;
  params: ParamUniformity[];
  /** Call sites must be in uniform control flow (with this severity), or undefined. */
  callSite?: RequiredSeverity;
  returnMayBeNonUniform: boolean;
}

/** What the analysis needs of the module, shared by the functions. */
export interface ModuleFacts {
  module: ModuleInfo;
  scope: UniformityScope;
  functions: Map<FnInfo, FunctionUniformity>;
  /** The function each call expression is in. */
  callOwner: Map<A.CallExpr, FnInfo>;
  /** Initializers of pointer-typed lets, to find the variable a pointer points into. */
  letInit: Map<LocalVar, A.Expr>;
  moduleFilters: Filters;
}

/** The variable a reference or pointer expression is a view into (through pointer lets). */
export function rootVariable(facts: ModuleFacts, e: A.Expr, depth = 0): Variable | undefined {
  if (depth > 1000) return undefined;
  switch (e.kind) {
    case 'ident': {
      const r = facts.module.exprs.get(e)?.ident;
      if (r?.kind === 'global') return r.g;
      if (r?.kind !== 'local') return undefined;
      const init = facts.letInit.get(r.v);
      return init ? rootVariable(facts, init, depth + 1) : r.v;
    }
    case 'unary':
      return rootVariable(facts, e.operand, depth + 1);
    case 'index':
    case 'member':
      return rootVariable(facts, e.base, depth + 1);
    default:
      return undefined;
  }
}
