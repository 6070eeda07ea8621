import { STATUS_TICK_MS } from "../../../data/constants.ts";
import type { AfflictionKind } from "../../../data/schemas.ts";
import type { CombatSim } from "./CombatSim.ts";
import { die } from "./death.ts";
import type { MonsterProto } from "./monsterProto.ts";
import { catchUpRegen } from "./regen.ts";

/**
 * Afflictions: what the insects past level 40 do to the fighter (docs/combat-balance.md "Afflictions"). A bite
 * that reaches health (after dodge, block and barrier) afflicts, with no draw: poison (health lost on 1000 ms
 * ticks), weaken (swings deal less), slow (swings take longer) or stun (the next swing waits, once per swing).
 * A new bite renews the affliction's end and power, a poison keeping its tick rhythm. A helmet of the
 * insect's tier (`ward`) halves the power. Death ends them all. Every time is kept in the document, so a
 * span settled in pieces afflicts exactly as one settled whole.
 */

export const AFFLICT_NONE = 0;
const POISON = 1;
const WEAKEN = 2;
const SLOW = 3;
const STUN = 4;
const CODES: Readonly<Record<AfflictionKind, number>> = {
  poison: POISON,
  weaken: WEAKEN,
  slow: SLOW,
  stun: STUN,
};

const INF = Number.POSITIVE_INFINITY;
const TICK_MS = STATUS_TICK_MS;
// module-level copies, not imported bindings (see CombatSim.ts)
const _die = die;
const _catchUpRegen = catchUpRegen;

export function afflictCode(kind: AfflictionKind | undefined): number {
  return kind ? CODES[kind] : AFFLICT_NONE;
}

/** The power an affliction has on a fighter whose gear wards `ward` tiers: halved (floored) from its tier up. */
export function wardedPower(p: Pick<MonsterProto, "afflictPower" | "afflictTier">, ward: number): number {
  return ward >= p.afflictTier ? Math.floor(p.afflictPower / 2) : p.afflictPower;
}

/**
 * A bite of `p` reached the fighter's health at t (the fighter still standing): its affliction takes hold. Its
 * popup marks the onset only (a renewal of a running one is silent; each stun is an onset).
 */
export function afflict(sim: CombatSim, p: MonsterProto, t: number): void {
  const power = sim.afflictPower[p.id]!;
  if (power <= 0) return;
  const kind = p.afflictKind;
  const a = sim.aff;
  let onset = true;
  if (kind === POISON) {
    onset = a.poisonNextTick === INF;
    a.poisonDps = power;
    a.poisonUntil = t + p.afflictMs;
    if (onset) a.poisonNextTick = t + TICK_MS;
  } else if (kind === WEAKEN) {
    onset = a.weakenUntil <= t;
    a.weakenPct = power;
    a.weakenUntil = t + p.afflictMs;
  } else if (kind === SLOW) {
    onset = a.slowUntil <= t;
    a.slowPct = power;
    a.slowUntil = t + p.afflictMs;
  } else if (kind === STUN) {
    if (a.stunSwingAt === sim.nextSwingAt) return;
    sim.nextSwingAt += power;
    a.stunSwingAt = sim.nextSwingAt;
  }
  if (onset && sim.rec) sim.popupPlayer(POPUPS[kind]!, power, t);
}

const POPUPS = ["heal", "poison", "weaken", "slow", "stun"] as const; // by code; 0 (none) never afflicts

/** A poison tick at t: its points come off health (regeneration first); the poison ends with its last tick. */
export function poisonTick(sim: CombatSim, t: number): void {
  _catchUpRegen(sim, t);
  const a = sim.aff;
  const dps = a.poisonDps;
  a.poisonNextTick = t + TICK_MS;
  if (a.poisonNextTick > a.poisonUntil) a.endPoison();
  sim.health = sim.health > dps ? sim.health - dps : 0;
  if (sim.rec) sim.popupPlayer("poison_tick", dps, t);
  if (sim.health <= 0) _die(sim, t);
}
