import { CRAFT_SKILLS, isGatherSkill } from "../../data/skills.ts";
import type { GroupPlayer } from "../../protocol/rooms.ts";

/** What a member's face says at a glance (the ring of the party strip). */
export const MEMBER_STATUSES = ["dead", "away", "fighting", "gathering", "crafting", "resting"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

const CRAFT: ReadonlySet<string> = new Set(CRAFT_SKILLS);

/** A member's status from the group feed: dead first, then away (no socket, waiting out the grace period), then its action. */
export function memberStatus(p: Pick<GroupPlayer, "health" | "away" | "currentAction">): MemberStatus {
  if (p.health <= 0) return "dead";
  if (p.away) return "away";
  const { skill } = p.currentAction;
  if (skill === "combat") return "fighting";
  if (isGatherSkill(skill)) return "gathering";
  if (CRAFT.has(skill)) return "crafting";
  return "resting";
}
