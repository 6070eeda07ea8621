import { CHARACTER_STYLE, type PlayerView } from "@pickle-garden/shared";

/**
 * The level a location checks: the gathering skill's, or for combat the active character's style
 * (the seed, having none, uses its best style).
 */
export function areaLevel(p: PlayerView, skill: string): number {
  if (skill !== "combat") return p.skills[skill as keyof PlayerView["skills"]]?.level ?? 1;
  const style = CHARACTER_STYLE[p.activeCharacter];
  if (style) return p.skills[style]?.level ?? 1;
  return Math.max(p.skills.melee?.level ?? 1, p.skills.magic?.level ?? 1, p.skills.ranged?.level ?? 1);
}
