import { GRANT_GOLD_PER_LEVEL, GRANT_GOLD_PER_RP, MAX_GRANTS_PER_FUNDING } from "../../data/constants.ts";
import { LAB_NODES } from "../../data/labNodes.ts";
import type { Player } from "../../protocol/player.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import { roundRp } from "../state/EventSink.ts";
import type { GameEvent } from "../state/events.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";
import { totalLevel } from "../state/totalLevel.ts";

export const RESEARCH_CODES = {
  noGoldPouch: "research/no_gold_pouch",
  badQuantity: "research/bad_quantity",
  notEnoughGold: "research/not_enough_gold",
  labComplete: "research/lab_complete",
} as const;
export type ResearchCode = (typeof RESEARCH_CODES)[keyof typeof RESEARCH_CODES];

/** What one research grant costs in gold and buys in RP: both rise with the player's total level. */
export function researchGrant(player: Pick<Player, "skills">): { gold: number; rp: number } {
  const gold = GRANT_GOLD_PER_LEVEL * totalLevel(player);
  return { gold, rp: roundRp(gold / GRANT_GOLD_PER_RP) };
}

/** Whether every lab node, Garden Research included, is at its last level: RP then buys nothing. */
export function labComplete(player: Pick<Player, "lab">): boolean {
  return Object.entries(LAB_NODES).every(([id, node]) => (player.lab.nodes[id]?.level ?? 0) >= node.maxLevel);
}

/**
 * The intent "fund research": `grants` research grants bought with gold, their RP added to the lab's
 * (bought, so not counted as earned). Gold's use at any check-in once the next slot is out of reach, and RP
 * for the lab and Garden Research after it (DESIGN §11).
 */
export function fundResearch(player: Player, grants: number): RuleResult<Player, GameEvent, ResearchCode> {
  if (!player.featureFlags.goldPouch)
    return reject(RESEARCH_CODES.noGoldPouch, "Buy the gold pouch in the lab to spend gold");
  if (!Number.isInteger(grants) || grants < 1 || grants > MAX_GRANTS_PER_FUNDING)
    return reject(RESEARCH_CODES.badQuantity, `Fund 1 to ${MAX_GRANTS_PER_FUNDING} grants`);
  if (labComplete(player))
    return reject(RESEARCH_CODES.labComplete, "The lab is complete: RP buys nothing more");
  const grant = researchGrant(player);
  const gold = grant.gold * grants;
  if (player.gold < gold) return reject(RESEARCH_CODES.notEnoughGold, `${grants} grant(s) cost ${gold} gold`);
  const draft = clonePlayer(player);
  draft.gold -= gold;
  draft.lab.rp = roundRp(draft.lab.rp + grant.rp * grants);
  return { ok: true, state: draft, events: [] };
}
