import type { CombatStyle } from "../../../data/skills.ts";
import type { ItemQuantity } from "../../../protocol/common.ts";

/**
 * What combat tells the server (to push over the socket) and the client (to float popups).
 * Every popup type of spec shell §3 is a `combatPopup` event; the rest mirror the socket events of §7.
 */

export const POPUP_TYPES = [
  "heal",
  "mana",
  "manaSpend",
  "melee_dmg",
  "magic_dmg",
  "ranged_dmg",
  "melee_dmg_crit",
  "magic_dmg_crit",
  "ranged_dmg_crit",
  "dodged",
  "blocked",
  "lifesteal",
  "rapid_shot",
  "barrier",
  "bleed",
  "bleed_tick",
  "burn",
  "burn_tick",
  "freeze",
  "stun",
  "poison",
  "poison_tick",
  "weaken",
  "slow",
] as const;
export type PopupType = (typeof POPUP_TYPES)[number];

/** The popups of a monster's hp falling by their amount: a player's hit (a crit, a rapid shot, a spell) or a dot's tick. */
export const MONSTER_DAMAGE_POPUPS: ReadonlySet<string> = new Set<PopupType>([
  "melee_dmg",
  "magic_dmg",
  "ranged_dmg",
  "melee_dmg_crit",
  "magic_dmg_crit",
  "ranged_dmg_crit",
  "rapid_shot",
  "burn_tick",
  "bleed_tick",
]);

/** Who a popup floats over: the player, or a monster by its instance uid. */
export type PopupTarget = { kind: "player" } | { kind: "monster"; uid: string; monsterId: number };

export interface CombatPopupEvent {
  type: "combatPopup";
  at: number;
  popup: PopupType;
  /** points of damage, healing, mana or absorption; 0 for a dodge or a freeze/stun */
  amount: number;
  target: PopupTarget;
}

/** A monster swung at the player; `damage` is what reached health after dodge, block and barrier. */
export interface MonsterAttackEvent {
  type: "monsterAttack";
  at: number;
  monsterId: number;
  uid: string;
  attack: number;
  damage: number;
  absorbed: number;
  dodged: boolean;
  blocked: boolean;
  health: number;
}

/** A monster died: its drop (null when the drop was lost to a full inventory as a whole). */
export interface MonsterLootEvent {
  type: "monsterLoot";
  at: number;
  monsterId: number;
  uid: string;
  item: ItemQuantity;
  xp: number;
}

export interface MonsterSpawnEvent {
  type: "monsterSpawn";
  at: number;
  monsterId: number;
  uid: string;
  hp: number;
  maxHp: number;
}

export interface PlayerDeathEvent {
  type: "playerDeath";
  at: number;
  respawnAt: number;
  /** spec shell §8 */
  message: "You died! Wait 10 seconds before fighting again.";
}

/** One a second while dead, from 10 down to 1. */
export interface DeathCountdownEvent {
  type: "deathCountdown";
  at: number;
  secondsLeft: number;
}

export interface PlayerRevivedEvent {
  type: "playerRevived";
  at: number;
  health: number;
  mana: number;
  message: "regrowed";
}

/** A spell went off (cast by the player or by equipped gear), with the spec's success text. */
export interface SpellCastEvent {
  type: "spellCast";
  at: number;
  spellId: string;
  manaCost: number;
  message: string;
}

export type CombatEvent =
  | CombatPopupEvent
  | MonsterAttackEvent
  | MonsterLootEvent
  | MonsterSpawnEvent
  | PlayerDeathEvent
  | DeathCountdownEvent
  | PlayerRevivedEvent
  | SpellCastEvent;

/** The offline summary's combat part (protocol OfflineCombat), plus the loot and losses per item. */
export interface CombatSummary {
  skill: CombatStyle;
  gainedXp: number;
  gainedHealthXp: number;
  gainedIntellectXp: number;
  kills: number;
  deaths: number;
  /** hp taken off monsters by the player (hits, spells, status ticks) */
  damageDealt: number;
  /** items kept */
  items: ItemQuantity[];
  /** items lost to a full inventory, per item */
  lostItems: ItemQuantity[];
  /** total count lost */
  lost: number;
}

/** The popup of a player hit of a style, crit or not. */
export function damagePopup(
  style: CombatStyle | "melee_dmg" | "magic_dmg" | "ranged_dmg",
  crit: boolean,
): PopupType {
  const base = (style.endsWith("_dmg") ? style : `${style}_dmg`) as "melee_dmg" | "magic_dmg" | "ranged_dmg";
  return crit ? `${base}_crit` : base;
}

/** The popup of a player's hit; `how`: 0 swing, 1 crit swing, 2 rapid shot, 3 spell, 4 spell on a counter. */
export function hitPopup(style: CombatStyle, how: number, spellType: string): PopupType {
  if (how === 2) return "rapid_shot";
  if (how >= 3) return damagePopup(spellType as "melee_dmg", how === 4);
  return damagePopup(style, how === 1);
}
