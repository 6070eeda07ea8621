/** Quests (DESIGN §11): the daily board, party quests in rooms and the garden's weekly goal. */

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** Weeks start on Monday 00:00 UTC (1970-01-05 was the first Monday). */
export const WEEK_EPOCH_MS = 4 * DAY_MS;

export const DAILY_QUESTS = 3;
// chosen: a daily asks for half an hour to an hour of the player's current rate (DESIGN §11)
export const QUEST_MINUTES_MIN = 30;
export const QUEST_MINUTES_MAX = 60;
// chosen: a quest pays half the xp its work earned again, so finishing one is worth a detour, not a grind
export const QUEST_XP_SHARE = 0.5;
// chosen: and the haul's sale value again in gold, so gold keeps a source beside selling
export const QUEST_GOLD_SHARE = 1;
// chosen: and RP as if its xp reward were earned five times, so a quest buys a lab level now and then
export const QUEST_RP_FACTOR = 5;
// chosen: a reroll costs 10 gold per level summed over every skill: it rises with the player's income
export const REROLL_GOLD_PER_LEVEL = 10;
export const REROLLS_PER_DAY = 1;
// chosen: a boss quest asks for one win: the fight is three minutes, but a party has to be gathered in a room
// and loot comes three times a week at most, so one win is an evening's goal; it pays as a defeat quest's
// 30 to 60 minutes at the boss's own area would (docs/quests.md "Boss quests")
export const BOSS_QUEST_WINS = 1;

// chosen: a party quest asks for about 20 minutes of the members' summed rate: one evening's session
export const PARTY_QUEST_MINUTES = 20;
// chosen: each contributor earns 4 gold and 1 RP per unit of the goal
export const PARTY_GOLD_PER_UNIT = 4;
export const PARTY_RP_PER_UNIT = 1;

// chosen: the garden's target is 2,000 resources for each gardener who gathered the week before (two to four
// hours of a week's gathering past the first days), so three friends meet it as surely as thirty thousand
// (DESIGN §12); a garden's first week, or one after an empty week, asks for one gardener's share
export const WEEKLY_GOAL_PER_GARDENER = 2_000;
// chosen: a contributor past 500 resources (well under an hour of tier-1 gathering) shares the reward
export const WEEKLY_GOAL_THRESHOLD = 500;
// chosen: the reward is a day's play: five research grants' worth (a grant costs 10 gold per level and a day
// is about five check-ins, each with a grant's gold in hand: docs/progression.md), 50 gold per level summed
// over every skill, and the RP those grants would buy (2 per level); a third of it when the garden fell short
export const WEEKLY_GOAL_REWARD_PER_LEVEL = { gold: 50, rp: 2 } as const;
export const WEEKLY_GOAL_SHORT_FACTOR = 1 / 3;
