import { BOSS_IDS, BOSSES } from "../../../data/bosses.ts";
import { DROP_TABLES } from "../../../data/dropTables.ts";
import {
  CRAFT_FROM_GATHER,
  combatDropItemId,
  materialItemId,
  rawItemId,
  TIERS,
} from "../../../data/itemIds.ts";
import { locationFor } from "../../../data/locations.ts";
import { MONSTERS } from "../../../data/monsters.ts";
import {
  BOSS_QUEST_WINS,
  DAILY_QUESTS,
  DAY_MS,
  QUEST_GOLD_SHARE,
  QUEST_MINUTES_MAX,
  QUEST_MINUTES_MIN,
  QUEST_RP_FACTOR,
  QUEST_XP_SHARE,
} from "../../../data/quests.ts";
import { RECIPES } from "../../../data/recipes.ts";
import type { Location, Recipe } from "../../../data/schemas.ts";
import type { GatherSkill, SkillId } from "../../../data/skills.ts";
import { GATHER_SKILLS, MAX_LEVEL } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import type { Quest, QuestKind } from "../../../protocol/quests.ts";
import { sellValue } from "../../intents/sellItem.ts";
import { combatLevel, hasActionFlag } from "../../intents/setAction.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import { unlockedSlots } from "../../state/craftSlots.ts";
import { Rng } from "../../state/rng.ts";
import { rpFromXp } from "../../state/rpFromXp.ts";
import { combatStyle } from "../combat/combatStats.ts";
import {
  bestLocation,
  craftsPerHour,
  gatherPerHour,
  gatherXpPerUnit,
  killsPerHour,
  swingsToKill,
} from "./questRates.ts";

/** A quest template filled in for one player: what to do, and per unit its rate, xp and worth. */
export interface QuestCandidate {
  kind: QuestKind;
  skill: SkillId;
  subject: number | null;
  location: string | null;
  perHour: number;
  xpPerUnit: number;
  goldPerUnit: number;
  /** a fixed count (a boss quest's wins); the reward still pays the drawn minutes of `perHour` */
  count?: number;
}

/** The UTC day of a time (days since 1970). */
export function dayOf(now: number): number {
  return Math.floor(now / DAY_MS);
}

/** Whether the lab's quest node is owned. */
export function questsUnlocked(player: Pick<Player, "featureFlags">): boolean {
  return player.featureFlags.quest === true;
}

/** A skill at 99 has nothing left to earn from a quest's xp: no quest is drawn for it. */
const maxed = (player: Player, skill: SkillId) => player.skills[skill].level >= MAX_LEVEL;

/**
 * How many crafts an hour once the raw resources are gathered too: the craft's time in its slots plus the
 * time to gather its raw inputs at the gathering skill's best location (when that skill is locked, the
 * player buys or holds them: the craft's time alone).
 */
function craftsWithGatheringPerHour(
  player: Player,
  gather: GatherSkill,
  recipe: Recipe,
  slots: number,
): number {
  const crafting = craftsPerHour(recipe, slots);
  const loc = bestLocation(player, gather);
  if (!loc) return crafting;
  const raw = Object.values(recipe.inputs).reduce((a, n) => a + n, 0);
  return 1 / (1 / crafting + raw / gatherPerHour(player, gather, loc));
}

/**
 * The templates over what the player has unlocked: gather at each gathering skill's best location, craft
 * the best material of each crafting skill with a slot (sized with the time to gather its raw resources),
 * defeat the monster of the best combat area, and win against the highest boss within reach for a player
 * who fights with a party; never for a skill at 99.
 */
export function questCandidates(player: Player): QuestCandidate[] {
  const out: QuestCandidate[] = [];
  for (const skill of GATHER_SKILLS) {
    const loc = bestLocation(player, skill);
    if (!loc || maxed(player, skill)) continue;
    out.push({
      kind: "gather",
      skill,
      subject: null,
      location: null,
      perHour: gatherPerHour(player, skill, loc),
      xpPerUnit: gatherXpPerUnit(skill, loc),
      goldPerUnit: sellValue(rawItemId(skill, loc.tier)),
    });
  }
  for (const gather of GATHER_SKILLS) {
    const skill = CRAFT_FROM_GATHER[gather];
    const slots = unlockedSlots(player, skill);
    if (!hasActionFlag(player, skill) || slots === 0 || maxed(player, skill)) continue;
    const level = player.skills[skill].level;
    const tier = [...TIERS].reverse().find((t) => RECIPES[materialItemId(skill, t)]!.level <= level);
    if (tier === undefined) continue;
    const recipe = RECIPES[materialItemId(skill, tier)]!;
    out.push({
      kind: "craft",
      skill,
      subject: recipe.itemId,
      location: null,
      perHour: craftsWithGatheringPerHour(player, gather, recipe, slots) * recipe.output,
      xpPerUnit: recipe.xp / recipe.output,
      goldPerUnit: sellValue(recipe.itemId),
    });
  }
  const area = bestLocation(player, "combat");
  if (area && !maxed(player, combatStyle(player))) {
    out.push(defeatCandidate(player, area));
    const boss = bossCandidate(player);
    if (boss) out.push(boss);
  }
  return out;
}

/**
 * Win against the highest boss the player's combat level reaches, for a player who fights with a party (it
 * has won a boss before: `bossLoot` is set at the first win); paid as a defeat quest at the boss's area.
 */
function bossCandidate(player: Player): QuestCandidate | null {
  if (player.bossLoot === undefined) return null;
  const level = combatLevel(player);
  const boss = BOSS_IDS.map((id) => BOSSES[id]!).findLast((b) => b.level <= level);
  if (!boss) return null;
  const area = locationFor("combat", boss.location)!;
  return { ...defeatCandidate(player, area), kind: "boss", subject: null, count: BOSS_QUEST_WINS };
}

/** Defeat the monster of a combat area, at the player's rate there. */
export function defeatCandidate(player: Player, area: Location): QuestCandidate {
  const monster = MONSTERS[area.tier]!;
  return {
    kind: "defeat",
    skill: combatStyle(player),
    subject: monster.id,
    location: area.id,
    perHour: killsPerHour(player, area),
    xpPerUnit: DROP_TABLES.combat[monster.id]![0]!.breakXp + swingsToKill(player, area) * monster.hitXp,
    goldPerUnit: sellValue(combatDropItemId(area.tier)),
  };
}

/**
 * One quest from a candidate: half an hour to an hour of its rate, with its reward (a fixed count is paid
 * as those minutes of its rate).
 */
export function questFrom(c: QuestCandidate, id: string, rng: Rng): Quest {
  const minutes = QUEST_MINUTES_MIN + rng.int(QUEST_MINUTES_MAX - QUEST_MINUTES_MIN + 1);
  const work = (c.perHour * minutes) / 60;
  const count = c.count ?? Math.max(1, Math.round(work));
  const paid = c.count === undefined ? count : work;
  const xp = Math.round(paid * c.xpPerUnit * QUEST_XP_SHARE);
  return {
    id,
    kind: c.kind,
    skill: c.skill,
    subject: c.subject,
    location: c.location,
    count,
    progress: 0,
    reward: {
      gold: Math.round(paid * c.goldPerUnit * QUEST_GOLD_SHARE),
      rp: rpFromXp(xp * QUEST_RP_FACTOR, 1),
      xp,
    },
    claimed: false,
  };
}

const sameTask = (q: Pick<Quest, "kind" | "skill" | "subject">, c: QuestCandidate) =>
  q.kind === c.kind && q.skill === c.skill && q.subject === c.subject;

/**
 * Draws a candidate not among `taken` while one is left (else any but `replaced`), with the player's
 * generator; null when `replaced` is the only one.
 */
export function drawCandidate(
  candidates: readonly QuestCandidate[],
  taken: readonly Pick<Quest, "kind" | "skill" | "subject">[],
  rng: Rng,
  replaced?: Pick<Quest, "kind" | "skill" | "subject">,
): QuestCandidate | null {
  const fresh = candidates.filter((c) => !taken.some((q) => sameTask(q, c)));
  const pool = fresh.length > 0 ? fresh : candidates.filter((c) => !replaced || !sameTask(replaced, c));
  return pool.length > 0 ? pool[rng.int(pool.length)]! : null;
}

export const isDone = (q: Pick<Quest, "progress" | "count">) => q.progress >= q.count;

/** The daily quests finished and not claimed yet. */
export const questsReady = (quests: { daily: readonly Quest[] }): Quest[] =>
  quests.daily.filter((q) => !q.claimed && isDone(q));

/**
 * A new day's board at `now` (quest node owned, a day not yet drawn, or nothing drawn while nothing was
 * unlocked to draw from): three dailies drawn by the player's generator; a finished quest not yet claimed
 * stays on its slot until claimed. Otherwise the player as is.
 */
export function refreshQuests(player: Player, now: number): Player {
  const day = dayOf(now);
  if (!questsUnlocked(player) || (player.quests.day >= day && player.quests.daily.length > 0)) return player;
  const candidates = questCandidates(player);
  if (candidates.length === 0) return player;
  const draft = clonePlayer(player);
  const rng = new Rng(draft.rng);
  const daily: Quest[] = [];
  for (let slot = 0; slot < DAILY_QUESTS; slot++) {
    const kept = player.quests.daily[slot];
    if (kept && isDone(kept) && !kept.claimed) daily.push(kept);
    else daily.push(questFrom(drawCandidate(candidates, daily, rng)!, `${day}.${slot}`, rng));
  }
  draft.quests.day = day;
  draft.quests.daily = daily;
  draft.rng = rng.state();
  return draft;
}
