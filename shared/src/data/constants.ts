import type { CombatStyle, GatherSkill } from "./skills.ts";

/** Business constants of spec §9 (both documents). MAX_LEVEL lives in skills.ts. */

export const SUBSCRIPTION_XP_MULTIPLIER = 1.5;

export const CRAFT_TICK_MS = 1000;
export const DEFAULT_ACTION_MS = 3000;
/** Action times are at least 0.1 s. */
export const MIN_ACTION_MS = 100;
export const MONSTER_ATTACK_TIME = 10000;
export const MIN_MONSTER_ATTACK_MS = 500;

/** Gather damage = GATHER_DAMAGE_BASE + GATHER_DAMAGE_PER_LEVEL × level, plus gear and modifiers. */
export const GATHER_DAMAGE_BASE = 2;
export const GATHER_DAMAGE_PER_LEVEL = 1.5;
export const MIN_DAMAGE = 1;

export const STYLE_DAMAGE_MULTIPLIER: Readonly<Record<CombatStyle, number>> = {
  melee: 3,
  magic: 2.5,
  ranged: 2,
};
export const CRIT_MULTIPLIER = 2;
/** A spell against the type it counters deals 1.5×. */
export const AFFINITY_MULTIPLIER = 1.5;
export const PASSIVE_HEAL_RATIO = 0.1;

export const FREEZE_MS = 1500;
export const STUN_MS = 1500;
export const BURN_MS = 5000;
export const BLEED_MS = 5000;
/** Burn and bleed deal this share of the hit per second, each at least 1. */
export const BURN_DPS_RATIO = 0.3;
export const BLEED_DPS_RATIO = 0.2;
export const STATUS_TICK_MS = 1000;

export const BARRIER_COOLDOWN_MS = 6000;
export const DEATH_MS = 10000;

export const OFFLINE_THRESHOLD_MS = 2000;
export const SYNC_RETRY_MS = 1500;
/** Crafting stops and the player goes home when no slot holds an item, after 1.5 s. */
export const CRAFT_IDLE_HOME_MS = 1500;
export const PANEL_POLL_MS = 45000;
export const CHAT_HISTORY = 50;

/** RP from xp = xp / RP_PER_XP × multiplier, rounded to RP_DECIMALS; multiplier clamped to the bounds. */
export const RP_PER_XP = 50;
export const RP_MULTIPLIER_MIN = 0.01;
export const RP_MULTIPLIER_MAX = 10;
export const RP_DECIMALS = 3;

export const GUEST_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

// chosen: 20 inventory slots before the lab's inv_size:+ nodes (spec does not give the default)
export const DEFAULT_INV_SIZE = 20;
// chosen: the n-th slot bought with gold costs 100 × n² (DESIGN §11's rising price): the first 20 cost
// about 290,000 gold, a week of selling mid-game, the 100th alone a million (docs/progression.md)
export const SLOT_PRICE_GOLD = 100;
// chosen: at most 100 slots bought with gold, so the grid stays one page on a phone
export const MAX_GOLD_SLOTS = 100;
// chosen: a research grant costs 10 gold per level summed over every skill, as a quest reroll does: it
// rises with the player's income and stays under the gold a check-in of an hour brings at every stage
export const GRANT_GOLD_PER_LEVEL = 10;
// chosen: a grant turns 25 gold into 1 RP, the rate of gathering itself (a resource sells for half its xp
// in gold at every tier, and 50 xp earn 1 RP): funding research with a sale earns its RP a second time
export const GRANT_GOLD_PER_RP = 25;
// chosen: at most 100 grants in one intent, a day's income late in the game
export const MAX_GRANTS_PER_FUNDING = 100;

export const STARTING_TUTORIAL_STEP = "go-picklelogy";
export const TUTORIAL_GATHER_THRESHOLD = 6;
export const TUTORIAL_CRAFT_THRESHOLD = 3;
export const TUTORIAL_EQUIP_THRESHOLD = 1;

export const FIRST_LOCATION: Readonly<Record<GatherSkill, string>> = {
  mining: "garden",
  mycology: "garden",
  botany: "fountain",
};

/** Max health is 100 + 10 per health level; max mana the same per intellect level. */
export const BASE_HEALTH = 100;
export const HEALTH_PER_LEVEL = 10;
export const BASE_MANA = 100;
export const MANA_PER_LEVEL = 10;

/** Spec §5: a gathering skill's unlock costs this × the gathering unlocks bought before it. */
export const UNLOCK_ROOT_COST_STEP = 1000;

/** A guest's name until they choose one (spec §5); an empty name of a guest becomes it again. */
export const GUEST_USERNAME = "Guest Sprout";
