import { BLEED_MS, BURN_MS, FREEZE_MS, STATUS_TICK_MS, STUN_MS } from "../../../data/constants.ts";
import type { CombatSim } from "./CombatSim.ts";
import { bleedDps, burnDps, dotTick } from "./formulas.ts";
import type { LiveMonster } from "./LiveMonster.ts";

const INF = Number.POSITIVE_INFINITY;
const NONE = Number.NEGATIVE_INFINITY;
const TICK_MS = STATUS_TICK_MS;
// module-level copies, not imported bindings (see CombatSim.ts)
const FREEZE = FREEZE_MS;
const STUN = STUN_MS;
const BURN = BURN_MS;
const BLEED = BLEED_MS;

/** Status effects on monsters (spec §4): applied by swings, ticking on 1000 ms, each ending at its until. */

/**
 * A swing that left its target alive may freeze or stun it (its attacks wait 1500 ms), burn it (30 % of
 * the hit a second) or make it bleed (20 %), each for 5000 ms, on the fighter's chances; a new burn or
 * bleed replaces the old one's strength and end, keeping its tick rhythm and carried fraction.
 */
export function rollProcs(sim: CombatSim, m: LiveMonster, amount: number, t: number): void {
  const s = sim.stats;
  if (s.freezeChance > 0 && sim.rng.chance(s.freezeChance)) {
    m.freezeUntil = Math.max(m.freezeUntil, t + FREEZE);
    if (sim.rec) sim.popupMonster(m, "freeze", 0, t);
  }
  if (s.stunChance > 0 && sim.rng.chance(s.stunChance)) {
    m.stunUntil = Math.max(m.stunUntil, t + STUN);
    if (sim.rec) sim.popupMonster(m, "stun", 0, t);
  }
  if (s.burnChance > 0 && sim.rng.chance(s.burnChance)) {
    m.burnDps = burnDps(amount);
    m.burnUntil = t + BURN;
    if (m.burnNextTick === INF) {
      m.burnNextTick = t + TICK_MS;
      m.burnAcc = 0;
    }
    if (sim.rec) sim.popupMonster(m, "burn", m.burnDps, t);
  }
  if (s.bleedChance > 0 && sim.rng.chance(s.bleedChance)) {
    m.bleedDps = bleedDps(amount);
    m.bleedUntil = t + BLEED;
    if (m.bleedNextTick === INF) {
      m.bleedNextTick = t + TICK_MS;
      m.bleedAcc = 0;
    }
    if (sim.rec) sim.popupMonster(m, "bleed", m.bleedDps, t);
  }
}

/** A burn or bleed tick: the accumulated whole points land; the effect ends with its last tick at `until`. */
export function dotTickOn(sim: CombatSim, m: LiveMonster, burn: boolean, t: number): void {
  const r = dotTick(burn ? m.burnAcc : m.bleedAcc, burn ? m.burnDps : m.bleedDps, TICK_MS);
  if (burn) {
    m.burnAcc = r.acc;
    m.burnNextTick = t + TICK_MS;
    if (m.burnNextTick > m.burnUntil) {
      m.burnNextTick = INF;
      m.burnUntil = NONE;
      m.burnAcc = 0;
      m.burnDps = 0;
    }
  } else {
    m.bleedAcc = r.acc;
    m.bleedNextTick = t + TICK_MS;
    if (m.bleedNextTick > m.bleedUntil) {
      m.bleedNextTick = INF;
      m.bleedUntil = NONE;
      m.bleedAcc = 0;
      m.bleedDps = 0;
    }
  }
  if (r.damage <= 0) return;
  const dealt = r.damage < m.hp ? r.damage : m.hp;
  m.hp -= dealt;
  sim.damageDealt += dealt;
  if (sim.rec) sim.popupMonster(m, burn ? "burn_tick" : "bleed_tick", r.damage, t);
  if (m.hp <= 0) sim.kill(m, t);
}
