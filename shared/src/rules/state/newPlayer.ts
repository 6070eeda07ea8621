import {
  BASE_HEALTH,
  BASE_MANA,
  DEFAULT_INV_SIZE,
  HEALTH_PER_LEVEL,
  MANA_PER_LEVEL,
} from "../../data/constants.ts";
import { LAB_ROOT_ID } from "../../data/labNodes.ts";
import type { CombatStyle, EquipmentSlot, SkillId } from "../../data/skills.ts";
import { COMBAT_STYLES, EQUIPMENT_SLOTS, SKILL_IDS } from "../../data/skills.ts";
import type { CraftSlot, CurrentAction, InventoryEntry, Player } from "../../protocol/player.ts";
import { EMPTY_SLOT_ID, PLAYER_SCHEMA_VERSION } from "../../protocol/player.ts";
import { Rng } from "./rng.ts";

export interface NewPlayerInput {
  discordId: string;
  username: string;
  /** creation time, epoch ms */
  now: number;
  /** generator seed; defaults to a hash of discordId and now */
  seed?: number;
  avatar?: string | null;
}

/** Every feature flag of spec shell §3, off until the lab enables it (isGuest aside). */
export const FEATURE_FLAGS = [
  "isGuest",
  "goldPouch",
  "intellect",
  "luckynode",
  "mining",
  "mycology",
  "botany",
  "smithing",
  "tanning",
  "tailoring",
  "combat",
  "melee",
  "magic",
  "ranged",
] as const;

export const GUEST_PREFIX = "guest-";

export function isGuestId(discordId: string): boolean {
  return discordId.startsWith(GUEST_PREFIX);
}

/** FNV-1a over the text: a stable 32-bit seed. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function emptySlot(): InventoryEntry {
  return { id: EMPTY_SLOT_ID, stack: 0 };
}

/** Where a player who does nothing is: a rest is always here, whatever place the intent named. */
export const REST_LOCATION = "home";

export function restingAction(at: number): CurrentAction {
  return {
    skill: "none",
    location: REST_LOCATION,
    lastUpdate: at,
    nodeId: null,
    nodeHp: 0,
    nodeMaxHp: 0,
    nextHitAt: null,
  };
}

/** Four slots per crafting skill (slotId 0–3, shown as Slot 1–4); the lab decides how many are usable. */
export const CRAFT_SLOT_COUNT = 4;

export function idleSlots(): CraftSlot[] {
  return Array.from({ length: CRAFT_SLOT_COUNT }, () => ({ currentItem: null, startTime: 0, remaining: 0 }));
}

function emptyEquipment(): Record<CombatStyle, Record<EquipmentSlot, null>> {
  const one = () => Object.fromEntries(EQUIPMENT_SLOTS.map((s) => [s, null])) as Record<EquipmentSlot, null>;
  return Object.fromEntries(COMBAT_STYLES.map((c) => [c, one()])) as Record<
    CombatStyle,
    Record<EquipmentSlot, null>
  >;
}

/**
 * A fresh player: every skill level 1 with 0 xp, health and mana 100 + 10 × level, the seed character,
 * DEFAULT_INV_SIZE empty slots, the lab's root owned with 0 RP, resting at home, no tutorial record
 * (the client opens it), and a generator seeded from `seed` or from the id and the time.
 */
/** The board before the quest node: nothing drawn yet (day -1), no week claimed. */
export function emptyQuestBoard(): Player["quests"] {
  return { day: -1, daily: [], rerollDay: -1, claimedTotal: 0, weeklyClaimed: -1 };
}

export function newPlayer({ discordId, username, now, seed, avatar = null }: NewPlayerInput): Player {
  const skills = Object.fromEntries(SKILL_IDS.map((id) => [id, { level: 1, xp: 0 }])) as Record<
    SkillId,
    { level: number; xp: number }
  >;
  const maxHealth = BASE_HEALTH + HEALTH_PER_LEVEL * skills.health.level;
  const maxMana = BASE_MANA + MANA_PER_LEVEL * skills.intellect.level;
  const featureFlags: Record<string, boolean> = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false]));
  featureFlags.isGuest = isGuestId(discordId);
  const rng = Rng.seed(seed ?? hashSeed(`${discordId}:${now}`));
  return {
    schemaVersion: PLAYER_SCHEMA_VERSION,
    discordId,
    username,
    avatar,
    activeCharacter: "seed",
    featureFlags,
    gold: 0,
    lab: { rp: 0, earnedRpLifetime: 0, nodes: { [LAB_ROOT_ID]: { level: 1, boughtAt: now } } },
    skills,
    inventory: Array.from({ length: DEFAULT_INV_SIZE }, emptySlot),
    inv_size: DEFAULT_INV_SIZE,
    modifiers: {},
    equipmentSlots: emptyEquipment(),
    health: maxHealth,
    maxHealth,
    mana: maxMana,
    maxMana,
    barrier: { remaining: 0, max: 0, nextReadyAt: 0 },
    dead: false,
    deathInfo: null,
    currentAction: restingAction(now),
    previousAction: null,
    currentMonsters: [],
    smithingSlots: idleSlots(),
    tanningSlots: idleSlots(),
    tailoringSlots: idleSlots(),
    tutorial: null,
    quests: emptyQuestBoard(),
    combat: {
      spellReadyAt: {},
      manaSpent: 0,
      regenAcc: { health: 0, mana: 0 },
      nextRegenAt: null,
      quit: false,
    },
    subscription_active: false,
    subscriptionWindows: [],
    createdAt: now,
    settledAt: now,
    rng: rng.state(),
  };
}
