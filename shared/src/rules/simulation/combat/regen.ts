import type { Player } from "../../../protocol/player.ts";
import type { EventSink } from "../../state/EventSink.ts";
import type { CombatSim } from "./CombatSim.ts";
import { combatStats } from "./combatStats.ts";
import { OUT_OF_COMBAT_REGEN_PER_S, REGEN_TICK_MS } from "./formulas.ts";

/**
 * Regeneration out of combat, called by `advance` for every action other than combat over (from, to]:
 * 1 health and 1 mana on each whole regeneration second (closed form: the count of ticks), capped at max.
 * A dead player revives first when the death timer ends in the span; a depleted barrier recharges once
 * its cooldown has passed. Mutates the draft.
 */
export function regenerate(player: Player, from: number, to: number, sink: EventSink): void {
  const stats = combatStats(player);
  player.maxHealth = stats.maxHealth;
  player.maxMana = stats.maxMana;
  player.health = clampTo(player.health, player.maxHealth);
  player.mana = clampTo(player.mana, player.maxMana);
  let start = from;
  if (player.dead) {
    const respawnAt = player.deathInfo?.respawnAt ?? from;
    if (respawnAt > to) return;
    reviveOutOfCombat(player, respawnAt, sink);
    start = respawnAt;
  }
  syncBarrier(player, stats.barrierMax, to);
  let next = player.combat.nextRegenAt;
  if (next === null || !(next > start)) next = start + REGEN_TICK_MS;
  if (next > to) {
    if (player.combat.nextRegenAt !== next) player.combat = { ...player.combat, nextRegenAt: next };
    return;
  }
  const ticks = Math.floor((to - next) / REGEN_TICK_MS) + 1;
  const healed = Math.min(player.maxHealth - player.health, ticks * OUT_OF_COMBAT_REGEN_PER_S);
  const manaBack = Math.min(player.maxMana - player.mana, ticks * OUT_OF_COMBAT_REGEN_PER_S);
  player.health += Math.max(0, healed);
  player.mana += Math.max(0, manaBack);
  player.combat = { ...player.combat, nextRegenAt: next + ticks * REGEN_TICK_MS };
  if (sink.detailed && healed > 0) {
    sink.emit({ type: "combatPopup", at: to, popup: "heal", amount: healed, target: { kind: "player" } });
  }
  if (sink.detailed && manaBack > 0) {
    sink.emit({ type: "combatPopup", at: to, popup: "mana", amount: manaBack, target: { kind: "player" } });
  }
}

/** The end of a death outside a fight: full health and mana, 'regrowed'. */
export function reviveOutOfCombat(player: Player, at: number, sink: EventSink): void {
  player.dead = false;
  player.deathInfo = null;
  player.previousAction = null;
  player.health = player.maxHealth;
  player.mana = player.maxMana;
  player.combat = { ...player.combat, nextRegenAt: at + REGEN_TICK_MS };
  if (sink.detailed) {
    sink.emit({ type: "playerRevived", at, health: player.health, mana: player.mana, message: "regrowed" });
  }
}

/**
 * The barrier follows the gear's max; below zero is cleaned up; a depleted one refills after its cooldown.
 * Unchanged, it keeps its object.
 */
export function syncBarrier(player: Player, max: number, at: number): void {
  const b = player.barrier;
  let remaining = Math.min(max, Math.max(0, Number.isFinite(b.remaining) ? b.remaining : 0));
  if (max > 0 && remaining <= 0 && b.nextReadyAt <= at) remaining = max;
  if (remaining !== b.remaining || max !== b.max)
    player.barrier = { remaining, max, nextReadyAt: b.nextReadyAt };
}

function clampTo(x: number, max: number): number {
  return Number.isFinite(x) ? Math.min(max, Math.max(0, x)) : max;
}

const REGEN_MS = REGEN_TICK_MS;

/**
 * In a fight only affix regeneration, applied lazily for every whole second passed up to t (closed form):
 * while nothing else touches health or mana, one catch-up gives the same as several.
 */
export function catchUpRegen(sim: CombatSim, t: number): void {
  if (sim.nextRegenAt > t || !sim.regenerates) return;
  tickRegen(sim, t);
}

/** The regeneration seconds up to t in a fight (without regeneration stats only the clock moves). */
export function tickRegen(sim: CombatSim, t: number): void {
  if (sim.nextRegenAt > t) return;
  const gap = t - sim.nextRegenAt;
  // whole seconds passed; the usual gap (under 3 s) needs no division
  const n =
    gap < REGEN_MS ? 1 : gap < 2 * REGEN_MS ? 2 : gap < 3 * REGEN_MS ? 3 : Math.floor(gap / REGEN_MS) + 1;
  sim.nextRegenAt += n * REGEN_MS;
  const s = sim.stats;
  if (s.healthRegen > 0 && sim.health < sim.maxHealth) {
    sim.health = Math.min(sim.maxHealth, sim.health + n * s.healthRegen);
  }
  if (s.manaRegen > 0 && sim.mana < sim.maxMana) {
    const before = sim.mana;
    sim.mana = Math.min(sim.maxMana, sim.mana + n * s.manaRegen);
    if (sim.rec) sim.popupPlayer("mana", sim.mana - before, t);
  }
}
