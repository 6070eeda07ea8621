import { DEATH_MS } from "../../../data/constants.ts";
import type { CombatSim } from "./CombatSim.ts";
import { REGEN_TICK_MS } from "./formulas.ts";

const INF = Number.POSITIVE_INFINITY;
// module-level copies, not imported bindings (see CombatSim.ts)
const DEAD_MS = DEATH_MS;
const REGEN_MS = REGEN_TICK_MS;

/** Death and revival in a fight (spec shell §4): 10 s dead with a countdown, then full health and mana. */

/** Health reached 0: dead for 10 s; nothing is scheduled until revival (monsters keep their hp). */
export function die(sim: CombatSim, t: number): void {
  sim.dead = true;
  sim.deaths++;
  sim.health = 0;
  sim.deathStartedAt = t;
  sim.respawnAt = t + DEAD_MS;
  sim.nextSwingAt = INF;
  sim.nextRegenAt = INF;
  sim.aff.clear();
  // chosen: monsters keep their hp through a death; their statuses (the player's doing) end with it
  for (const m of sim.mons) {
    m.nextAttackAt = INF;
    m.clearStatus();
  }
  if (sim.rec) {
    sim.emit({
      type: "playerDeath",
      at: t,
      respawnAt: sim.respawnAt,
      message: "You died! Wait 10 seconds before fighting again.",
    });
    sim.emit({ type: "deathCountdown", at: t, secondsLeft: Math.round(DEAD_MS / 1000) });
  }
}

/** One countdown event a second while dead, up to `end` (events only: nothing else happens). */
export function countdown(sim: CombatSim, end: number): void {
  const first = sim.deathStartedAt + (Math.floor((sim.t - sim.deathStartedAt) / 1000) + 1) * 1000;
  for (let at = first; at <= end && at < sim.respawnAt && sim.rec; at += 1000) {
    sim.emit({ type: "deathCountdown", at, secondsLeft: Math.round((sim.respawnAt - at) / 1000) });
  }
}

/** Dead time is over: health and mana to max, 'regrowed', the fight resumes where it was. */
export function revive(sim: CombatSim, t: number): void {
  sim.dead = false;
  sim.health = sim.maxHealth;
  sim.mana = sim.maxMana;
  sim.nextSwingAt = t + sim.stats.attackIntervalMs;
  sim.nextRegenAt = t + REGEN_MS;
  for (const m of sim.mons) m.nextAttackAt = t + m.proto.intervalMs;
  // the hit depends on health and mana only with berserk or mana damage
  if (sim.dynamicHit) sim.refreshHit();
  if (sim.rec)
    sim.emit({ type: "playerRevived", at: t, health: sim.health, mana: sim.mana, message: "regrowed" });
}

/* ---------- xp and levels ---------- */
