import { RP_MULTIPLIER_MAX, RP_MULTIPLIER_MIN, RP_PER_XP } from "../../data/constants.ts";
import type { SkillId } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { roundRp } from "./EventSink.ts";

/** RP from xp: xp / 50 × multiplier, the multiplier clamped to [0.01, 10], rounded to 3 decimals. */
export function rpFromXp(xp: number, multiplier: number): number {
  const m = Math.min(
    RP_MULTIPLIER_MAX,
    Math.max(RP_MULTIPLIER_MIN, Number.isFinite(multiplier) ? multiplier : 1),
  );
  return roundRp((xp / RP_PER_XP) * m);
}

const COMBAT_RP_SKILLS: ReadonlySet<SkillId> = new Set(["melee", "magic", "ranged", "health", "intellect"]);

/** 1 + the lab's `{skill}:gainRP:+` modifier (+ `combat:gainRP:+` for combat skills). */
export function rpMultiplier(player: Pick<Player, "modifiers">, skill: SkillId): number {
  let m = 1 + (player.modifiers[`${skill}:gainRP:+`] ?? 0);
  if (COMBAT_RP_SKILLS.has(skill)) m += player.modifiers["combat:gainRP:+"] ?? 0;
  return m;
}
