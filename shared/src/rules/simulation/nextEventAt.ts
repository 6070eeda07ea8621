import { RECIPES } from "../../data/recipes.ts";
import { CRAFT_SKILLS } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";

/**
 * When a live player's simulation next does something worth pushing: the next gather hit or combat swing,
 * the next craft completion, the next monster attack or status tick, the next regeneration second, the
 * next death-countdown second. Reads fields only; null when the player is idle. The scheduler wakes the
 * player then, advances it, and pushes the events; an early wake costs one empty advance.
 */
export function nextEventAt(player: Player): number | null {
  let next = Number.POSITIVE_INFINITY;
  const consider = (t: number | null | undefined) => {
    if (t !== null && t !== undefined && Number.isFinite(t) && t < next) next = t;
  };
  const action = player.currentAction;
  if (action.skill !== "none") consider(action.nextHitAt);
  for (const skill of CRAFT_SKILLS) {
    for (const slot of player[`${skill}Slots`]) {
      if (slot.currentItem === null) continue;
      const recipe = RECIPES[slot.currentItem];
      consider(slot.startTime + (recipe?.timeMs ?? 1000));
    }
  }
  for (const m of player.currentMonsters) {
    consider(m.nextAttackAt);
    consider(m.status.burn?.nextTickAt);
    consider(m.status.bleed?.nextTickAt);
    consider(m.status.freeze?.until);
    consider(m.status.stun?.until);
  }
  // the fighter's poison ticks (afflictions.ts) take health between bites
  if (action.skill === "combat") consider(player.combat.afflictions?.poison?.nextTickAt);
  if (player.dead && player.deathInfo) {
    // one deathCountdown a second from the death (combat/death.ts countdown), then the revival
    const { startedAt, respawnAt } = player.deathInfo;
    const tick = startedAt + (Math.floor((player.settledAt - startedAt) / 1000) + 1) * 1000;
    consider(Math.min(respawnAt, tick));
  }
  // in a fight only gear regenerates, and the fight catches it up at its next swing or bite (catchUpRegen):
  // a wake each second for it would settle the whole room for nothing
  const regenerating =
    action.skill !== "combat" && (player.health < player.maxHealth || player.mana < player.maxMana);
  if (regenerating) consider(player.combat.nextRegenAt);
  // a fight just entered has no swing nor monster yet: its first advance brings them, within a second
  if (
    action.skill === "combat" &&
    action.nextHitAt === null &&
    player.currentMonsters.length === 0 &&
    !player.dead
  )
    consider(player.settledAt + 1000);
  return Number.isFinite(next) ? next : null;
}
