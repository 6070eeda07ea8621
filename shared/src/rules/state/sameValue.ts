/**
 * Equal as JSON data (objects key by key, in any order; arrays item by item; numbers by Object.is, but 0
 * and -0 alike). Every publish and group list runs it, so it counts keys rather than listing them: the
 * lists were about 6 % of the server's allocations at 1,000 players (docs/load.md).
 */
export function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return Object.is(x, y);
  if (Array.isArray(x)) {
    if (!Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameValue(x[i], y[i])) return false;
    return true;
  }
  if (Array.isArray(y)) return false;
  const rx = x as Record<string, unknown>;
  const ry = y as Record<string, unknown>;
  let keys = 0;
  for (const k in rx) {
    if (!(k in ry) || !sameValue(rx[k], ry[k])) return false;
    keys++;
  }
  for (const _ in ry) keys--;
  return keys === 0;
}
