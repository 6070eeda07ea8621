import type {
  CraftSlot,
  CurrentAction,
  MonsterInstance,
  Player,
  PlayerAfflictions,
} from "../../protocol/player.ts";

/**
 * Moves every pending timer of a player forward by `delta` ms without simulating the gap: used when an
 * absence runs past the offline cap (settle), so the time beyond the cap passes with nothing happening and
 * the player resumes exactly where the capped simulation stopped. Pure: returns a new document. Every
 * timer of the document is listed here, once.
 */
export function shiftTime(player: Player, delta: number): Player {
  if (delta <= 0) return player;
  const t = (x: number) => x + delta;
  const tn = (x: number | null) => (x === null ? null : x + delta);
  const action = (a: CurrentAction): CurrentAction => ({
    ...a,
    lastUpdate: t(a.lastUpdate),
    nextHitAt: tn(a.nextHitAt),
  });
  const slot = (s: CraftSlot): CraftSlot =>
    s.currentItem === null ? s : { ...s, startTime: t(s.startTime) };
  const monster = (m: MonsterInstance): MonsterInstance => ({
    ...m,
    nextAttackAt: tn(m.nextAttackAt),
    status: {
      ...(m.status.freeze ? { freeze: { until: t(m.status.freeze.until) } } : {}),
      ...(m.status.stun ? { stun: { until: t(m.status.stun.until) } } : {}),
      ...(m.status.burn
        ? {
            burn: {
              ...m.status.burn,
              until: t(m.status.burn.until),
              nextTickAt: t(m.status.burn.nextTickAt),
            },
          }
        : {}),
      ...(m.status.bleed
        ? {
            bleed: {
              ...m.status.bleed,
              until: t(m.status.bleed.until),
              nextTickAt: t(m.status.bleed.nextTickAt),
            },
          }
        : {}),
    },
  });
  return {
    ...player,
    currentAction: action(player.currentAction),
    previousAction: player.previousAction ? action(player.previousAction) : null,
    currentMonsters: player.currentMonsters.map(monster),
    smithingSlots: player.smithingSlots.map(slot),
    tanningSlots: player.tanningSlots.map(slot),
    tailoringSlots: player.tailoringSlots.map(slot),
    barrier: {
      ...player.barrier,
      nextReadyAt: player.barrier.nextReadyAt > 0 ? t(player.barrier.nextReadyAt) : 0,
    },
    deathInfo: player.deathInfo
      ? { startedAt: t(player.deathInfo.startedAt), respawnAt: t(player.deathInfo.respawnAt) }
      : null,
    combat: {
      ...player.combat,
      nextRegenAt: tn(player.combat.nextRegenAt),
      spellReadyAt: Object.fromEntries(Object.entries(player.combat.spellReadyAt).map(([k, v]) => [k, t(v)])),
      ...(player.combat.afflictions ? { afflictions: afflictions(player.combat.afflictions, t) } : {}),
    },
    settledAt: t(player.settledAt),
  };
}

function afflictions(a: PlayerAfflictions, t: (x: number) => number): PlayerAfflictions {
  return {
    ...(a.poison
      ? { poison: { ...a.poison, until: t(a.poison.until), nextTickAt: t(a.poison.nextTickAt) } }
      : {}),
    ...(a.weaken ? { weaken: { ...a.weaken, until: t(a.weaken.until) } } : {}),
    ...(a.slow ? { slow: { ...a.slow, until: t(a.slow.until) } } : {}),
    ...(a.stun ? { stun: { swingAt: t(a.stun.swingAt) } } : {}),
  };
}
