import type { Player } from "../protocol/player.ts";

/** Deep copy of plain data (objects, arrays, primitives): the document is JSON, so nothing else occurs. */
export function deepClone<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      out[i] = typeof v === "object" && v !== null ? deepClone(v) : v;
    }
    return out as T;
  }
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(src);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = src[key];
    out[key] = typeof v === "object" && v !== null ? deepClone(v) : v;
  }
  return out as T;
}

/** A private draft of a player: rules mutate the draft and return it, the caller's player stays as it was. */
export function clonePlayer(player: Player): Player {
  return deepClone(player);
}
