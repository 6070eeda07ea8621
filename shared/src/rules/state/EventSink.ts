import type { CraftSkill, GatherSkill } from "../../data/skills.ts";
import type { ItemQuantity } from "../../protocol/common.ts";
import type { AffixRoll } from "../../protocol/player.ts";
import type { CombatSummary } from "../simulation/combat/events.ts";
import type { GameEvent } from "./events.ts";

/** At most this many detailed events per advance; past it only the summary counts (never one event per cycle). */
export const MAX_DETAILED_EVENTS = 500;

export interface GatheringSummary {
  skill: GatherSkill;
  location: string;
  /** action cycles (hits), each one action time */
  cycles: number;
  /** nodes broken */
  nodes: number;
  /** items kept */
  items: ItemQuantity[];
  /** items lost to a full inventory */
  lostItems: ItemQuantity[];
  gainedXp: number;
  /** items gathered, kept or lost */
  totalamount: number;
  lost: number;
  level: number;
  durationMs: number;
}

export interface CraftedSummary {
  skill: CraftSkill;
  id: number;
  /** items made (crafts × output) */
  quantity: number;
  crafts: number;
  xp: number;
  lost: number;
  affixes: AffixRoll[];
  durationMs: number;
}

/** What an advance did, in counts: the offline summary is built from this. */
export interface AdvanceSummary {
  from: number;
  until: number;
  gathering: GatheringSummary | null;
  crafted: CraftedSummary[];
  craftingSkill: CraftSkill | null;
  craftStoppedForInventory: boolean;
  combat: CombatSummary | null;
  /** xp gained per skill, picklelogy included */
  xp: Partial<Record<string, number>>;
  /** the part of the skills' xp the subscription added (picklelogy's share not counted again) */
  bonusXp: number;
  rp: number;
  /** every item unit lost to a full inventory */
  lost: number;
  /** units counted toward each daily quest, by quest id */
  questProgress: Record<string, number>;
  /** true when events were left out past MAX_DETAILED_EVENTS (the summary is still complete) */
  eventsTruncated: boolean;
}

/**
 * Collects the events and the summary of one advance. Rules push detailed events while there is room;
 * the counts always go to the summary.
 */
export class EventSink {
  readonly events: GameEvent[] = [];
  readonly summary: AdvanceSummary;
  private readonly limit: number;

  constructor(from: number, until: number, limit = MAX_DETAILED_EVENTS) {
    this.limit = limit;
    this.summary = emptySummary(from, until);
  }

  /** Room for detailed events left? Callers that would build many events check this first. */
  get detailed(): boolean {
    return this.events.length < this.limit;
  }

  emit(event: GameEvent): void {
    if (this.events.length < this.limit) this.events.push(event);
    else this.summary.eventsTruncated = true;
  }

  addXp(skill: string, amount: number): void {
    if (amount > 0) this.summary.xp[skill] = (this.summary.xp[skill] ?? 0) + amount;
  }

  addQuestProgress(questId: string, units: number): void {
    this.summary.questProgress[questId] = (this.summary.questProgress[questId] ?? 0) + units;
  }

  addBonusXp(amount: number): void {
    if (amount > 0) this.summary.bonusXp += amount;
  }

  addRp(amount: number): void {
    if (amount > 0) this.summary.rp = roundRp(this.summary.rp + amount);
  }

  /** The gathering part, created on first use. */
  gathering(skill: GatherSkill, location: string, level: number): GatheringSummary {
    if (!this.summary.gathering) {
      this.summary.gathering = {
        skill,
        location,
        cycles: 0,
        nodes: 0,
        items: [],
        lostItems: [],
        gainedXp: 0,
        totalamount: 0,
        lost: 0,
        level,
        durationMs: 0,
      };
    }
    return this.summary.gathering;
  }

  crafted(skill: CraftSkill, id: number, affixes: AffixRoll[] = []): CraftedSummary {
    const key = affixes.length === 0 ? "" : JSON.stringify(affixes);
    let entry = this.summary.crafted.find(
      (c) =>
        c.skill === skill && c.id === id && (c.affixes.length === 0 ? "" : JSON.stringify(c.affixes)) === key,
    );
    if (!entry) {
      entry = { skill, id, quantity: 0, crafts: 0, xp: 0, lost: 0, affixes, durationMs: 0 };
      this.summary.crafted.push(entry);
    }
    this.summary.craftingSkill = skill;
    return entry;
  }
}

export function addQuantity(list: ItemQuantity[], id: number, quantity: number): void {
  if (quantity <= 0) return;
  const entry = list.find((e) => e.id === id);
  if (entry) entry.quantity += quantity;
  else list.push({ id, quantity });
}

/** RP is kept in thousandths: every sum is rounded so split and whole advances agree exactly. */
export function roundRp(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** A summary of a span in which nothing happened. */
export function emptySummary(from: number, until: number): AdvanceSummary {
  return {
    from,
    until,
    gathering: null,
    crafted: [],
    craftingSkill: null,
    craftStoppedForInventory: false,
    combat: null,
    xp: {},
    bonusXp: 0,
    rp: 0,
    lost: 0,
    questProgress: {},
    eventsTruncated: false,
  };
}
