// Merging the findings of checks that watched consecutive ranges of workgroups (a parallel
// analysis): a finding keeps what the first range that made it says, counts add up, and
// findings first made in a later range follow, in the order that range made them — the
// order one check watching every workgroup in turn would have made them in.

/** Adds `later`'s findings to `into`; `merge` folds a later finding into an earlier one of the same key beyond the count. */
export function absorbCounted<K, F extends { count: number }>(
  into: Map<K, F>,
  later: ReadonlyMap<K, F>,
  merge?: (have: F, x: F) => void,
): void {
  for (const [key, x] of later) {
    const have = into.get(key);
    if (!have) {
      into.set(key, { ...x });
      continue;
    }
    merge?.(have, x);
    have.count += x.count;
  }
}
