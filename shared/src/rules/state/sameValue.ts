/** Equal as JSON data (objects key by key, in any order; arrays item by item; numbers by Object.is). */
export function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return Object.is(x, y);
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  const kx = Object.keys(x);
  if (kx.length !== Object.keys(y).length) return false;
  const rx = x as Record<string, unknown>;
  const ry = y as Record<string, unknown>;
  for (const k of kx) if (!(k in ry) || !sameValue(rx[k], ry[k])) return false;
  return true;
}
