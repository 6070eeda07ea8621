/**
 * Keeps the previous snapshot's objects wherever the new one is deeply equal, so a selector that returns
 * `player.skills` or `player.inventory` keeps its identity across server pushes that did not change it
 * and its component does not re-render (STYLE: a tick re-renders only what changed).
 */
export function shareStructure<T>(prev: unknown, next: T): T {
  if (prev === next) return next;
  if (typeof prev !== "object" || typeof next !== "object" || prev === null || next === null) return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const p = prev as unknown[];
    let same = p.length === next.length;
    const out = next.map((v, i) => {
      const shared = shareStructure(p[i], v);
      if (shared !== p[i]) same = false;
      return shared;
    });
    return (same ? p : out) as T;
  }
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const keys = Object.keys(n);
  let same = keys.length === Object.keys(p).length;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const shared = shareStructure(p[k], n[k]);
    if (shared !== p[k] || !(k in p)) same = false;
    out[k] = shared;
  }
  return (same ? p : out) as T;
}
