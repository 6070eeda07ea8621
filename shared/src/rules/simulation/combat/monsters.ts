import { locationFor } from "../../../data/locations.ts";
import { MONSTERS } from "../../../data/monsters.ts";
import type { Location, Monster } from "../../../data/schemas.ts";
import type { MonsterInstance, MonsterStatus } from "../../../protocol/player.ts";
import type { Rng } from "../../state/rng.ts";

/** The combat location, or the spec's 'Unknown {skill} location: {loc}'. */
export function combatLocation(location: string): Location {
  const loc = locationFor("combat", location);
  if (!loc) throw new Error(`Unknown combat location: ${location}`);
  if (loc.spawns.length === 0) throw new Error("No nodes defined");
  return loc;
}

export function monsterData(id: number): Monster {
  const m = MONSTERS[id];
  if (!m) throw new Error(`Unknown monster: ${id}`);
  return m;
}

/** A monster instance's uid: its id, spawn time and slot (unique within a player's fight, no draw needed). */
export function monsterUid(id: number, at: number, slot: number): string {
  return `${id}-${at}-${slot}`;
}

/**
 * Picks a weighted random monster id of the location. A single spawn entry needs no draw; a zero total
 * weight is an error (spec §5).
 */
export function pickMonsterId(loc: Location, rng: Rng): number {
  if (loc.spawns.length === 1) {
    if (!(loc.spawns[0]!.weight > 0)) throw new Error(`Zero total weight in the monsters of ${loc.id}`);
    return loc.spawns[0]!.id;
  }
  const weights = loc.spawns.map((s) => s.weight);
  if (!(weights.reduce((a, b) => a + b, 0) > 0))
    throw new Error(`Zero total weight in the monsters of ${loc.id}`);
  return loc.spawns[rng.weighted(weights)]!.id;
}

/** A fresh monster at full hp; its first attack comes one attack interval after it appears. */
export function newMonster(
  id: number,
  at: number,
  slot: number,
  firstAttackAt: number | null,
): MonsterInstance {
  const m = monsterData(id);
  return {
    id,
    uid: monsterUid(id, at, slot),
    hp: m.maxHp,
    maxHp: m.maxHp,
    nextAttackAt: firstAttackAt,
    status: {},
  };
}

/** A claimed or stored monster list, as the spec restores it (shell §5, mechanics §5). */
export interface RestorableMonster {
  id: unknown;
  uid?: unknown;
  hp?: unknown;
  maxHp?: unknown;
  nextAttackAt?: unknown;
  status?: MonsterStatus;
}

/**
 * Restores monsters: only numeric ids that spawn at the location are kept; max hp comes from the
 * monster table (never from the list), and hp is clamped to [0, max]. A missing hp is full hp.
 */
export function restoreMonsters(list: readonly RestorableMonster[], location: string): MonsterInstance[] {
  const loc = combatLocation(location);
  const allowed = new Set(loc.spawns.map((s) => s.id));
  const out: MonsterInstance[] = [];
  list.forEach((raw, slot) => {
    const id = typeof raw.id === "string" && raw.id.trim() !== "" ? Number(raw.id) : raw.id;
    if (typeof id !== "number" || !Number.isInteger(id) || !allowed.has(id) || !MONSTERS[id]) return;
    const maxHp = MONSTERS[id]!.maxHp;
    const hpIn = typeof raw.hp === "number" && Number.isFinite(raw.hp) ? raw.hp : maxHp;
    out.push({
      id,
      uid: typeof raw.uid === "string" && raw.uid.length > 0 ? raw.uid : monsterUid(id, 0, slot),
      hp: Math.min(maxHp, Math.max(0, hpIn)),
      maxHp,
      nextAttackAt:
        typeof raw.nextAttackAt === "number" && Number.isFinite(raw.nextAttackAt) ? raw.nextAttackAt : null,
      status: raw.status ?? {},
    });
  });
  return out;
}
