import { REROLL_GOLD_PER_LEVEL, REROLLS_PER_DAY } from "../../data/quests.ts";
import type { Player } from "../../protocol/player.ts";
import type { Quest } from "../../protocol/quests.ts";
import {
  dayOf,
  drawCandidate,
  isDone,
  questCandidates,
  questFrom,
  questsUnlocked,
} from "../simulation/quests/rollQuests.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import { roundRp } from "../state/EventSink.ts";
import type { GameEvent } from "../state/events.ts";
import { applyXp } from "../state/grantXp.ts";
import type { RuleResult } from "../state/result.ts";
import { reject } from "../state/result.ts";
import { Rng } from "../state/rng.ts";
import { totalLevel } from "../state/totalLevel.ts";

export const QUEST_CODES = {
  locked: "quest/locked",
  unknown: "quest/unknown",
  notDone: "quest/not_done",
  alreadyClaimed: "quest/already_claimed",
  finished: "quest/finished",
  noRerollLeft: "quest/no_reroll_left",
  notEnoughGold: "quest/not_enough_gold",
  nothingToDraw: "quest/nothing_to_draw",
} as const;
export type QuestCode = (typeof QUEST_CODES)[keyof typeof QUEST_CODES];

type QuestResult = RuleResult<Player, GameEvent, QuestCode>;

/** Gold one reroll costs: REROLL_GOLD_PER_LEVEL × every skill's level summed. */
export function rerollCost(player: Pick<Player, "skills">): number {
  return REROLL_GOLD_PER_LEVEL * totalLevel(player);
}

/** Rerolls left today. */
export function rerollsLeft(player: Pick<Player, "quests">, now: number): number {
  return player.quests.rerollDay === dayOf(now) ? 0 : REROLLS_PER_DAY;
}

/** Gold and RP onto a draft (RP counts as earned, as the lab's own gains do). */
export function addGoldAndRpInPlace(draft: Player, gold: number, rp: number): void {
  draft.gold += gold;
  draft.lab.rp = roundRp(draft.lab.rp + rp);
  draft.lab.earnedRpLifetime = roundRp(draft.lab.earnedRpLifetime + rp);
}

function find(player: Player, questId: string): Quest | QuestResult {
  if (!questsUnlocked(player)) return reject(QUEST_CODES.locked, "Buy the quest node in the lab first");
  const quest = player.quests.daily.find((q) => q.id === questId);
  return quest ?? reject(QUEST_CODES.unknown, "No such quest on your board");
}

/** The intent "claim this quest": a finished, unclaimed quest pays its gold, RP and xp, once. */
export function claimQuest(player: Player, questId: string, now: number): QuestResult {
  const quest = find(player, questId);
  if ("ok" in quest) return quest;
  if (quest.claimed) return reject(QUEST_CODES.alreadyClaimed, "Already claimed");
  if (!isDone(quest))
    return reject(QUEST_CODES.notDone, `Not finished yet: ${quest.progress}/${quest.count}`);
  const draft = clonePlayer(player);
  const q = draft.quests.daily.find((d) => d.id === questId)!;
  q.claimed = true;
  draft.quests.claimedTotal += 1;
  addGoldAndRpInPlace(draft, q.reward.gold, q.reward.rp);
  const xp = applyXp(draft, q.skill, q.reward.xp, now);
  return { ok: true, state: draft, events: xp ? [xp] : [] };
}

/**
 * The intent "reroll this quest": once a day, for gold, an unfinished quest is replaced by a new draw, never
 * the same task again (`quest/nothing_to_draw` when it is the only one the player can be given).
 */
export function rerollQuest(player: Player, questId: string, now: number): QuestResult {
  const quest = find(player, questId);
  if ("ok" in quest) return quest;
  if (quest.claimed || isDone(quest)) return reject(QUEST_CODES.finished, "A finished quest stays: claim it");
  if (rerollsLeft(player, now) === 0)
    return reject(QUEST_CODES.noRerollLeft, "One reroll a day: come back tomorrow");
  const cost = rerollCost(player);
  if (player.gold < cost) return reject(QUEST_CODES.notEnoughGold, `A reroll costs ${cost} gold`);
  const rng = new Rng(player.rng);
  const drawn = drawCandidate(questCandidates(player), player.quests.daily, rng, quest);
  if (!drawn) return reject(QUEST_CODES.nothingToDraw, "Nothing else to draw");
  const draft = clonePlayer(player);
  const slot = draft.quests.daily.findIndex((q) => q.id === questId);
  draft.quests.daily[slot] = questFrom(drawn, `${questId}r`, rng);
  draft.gold -= cost;
  draft.quests.rerollDay = dayOf(now);
  draft.rng = rng.state();
  return { ok: true, state: draft, events: [] };
}
