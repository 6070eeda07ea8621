import {
  ITEMS,
  type ItemQuantity,
  type OfflineCombat,
  type OfflineGathering,
  type OfflineSummary,
  OfflineSummarySchema,
  type Player,
} from "@pickle-garden/shared";
import type { SettleSummary } from "./rules.ts";

/**
 * The pending offline summary (PlayerMeta.pendingOffline): every settle while the player is away merges
 * its advance summary in; GET /api/user/sync-offline refreshes the player-state parts and delivers it.
 */

export function emptySummary(awaySince: number | null): OfflineSummary {
  return {
    awaySince,
    awayMs: 0,
    updatedInventory: [],
    smithingSlots: [],
    tanningSlots: [],
    tailoringSlots: [],
    updatedSkills: {},
    combat: null,
    combatLoot: [],
    combatLost: 0,
    gathering: null,
    craftedItemVariants: [],
    craftingSkill: null,
    craftStoppedForInventory: false,
    gainedXp: {},
    gainedRp: 0,
    repeated: false,
  };
}

/**
 * Summaries known to be well formed: parsed here, or made by mergeSummary from one that was. Every settle of
 * an away player reads its pending summary back; a summary this process made or already checked needs no
 * second parse (summaries are never mutated: every change makes a new one).
 */
const checked = new WeakSet<object>();

/** A stored summary, read back defensively (documents outlive code). */
export function readSummary(raw: unknown): OfflineSummary | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "object" && checked.has(raw)) return raw as OfflineSummary;
  const parsed = OfflineSummarySchema.safeParse(raw);
  if (!parsed.success) return null;
  checked.add(parsed.data);
  return parsed.data;
}

function addItems(into: ItemQuantity[], items: readonly ItemQuantity[]): ItemQuantity[] {
  const out = into.map((e) => ({ ...e }));
  for (const item of items) {
    if (item.quantity <= 0) continue;
    const entry = out.find((e) => e.id === item.id);
    if (entry) entry.quantity += item.quantity;
    else out.push({ id: item.id, quantity: item.quantity });
  }
  return out;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function mergeGathering(a: OfflineGathering | null, s: SettleSummary["gathering"]): OfflineGathering | null {
  if (!s || (s.cycles === 0 && s.totalamount === 0)) return a;
  const seg: OfflineGathering = {
    skill: s.skill,
    location: s.location,
    cycles: s.cycles,
    nodes: s.nodes,
    items: addItems([], s.items),
    gainedXp: s.gainedXp,
    totalamount: s.totalamount,
    lost: s.lost,
    level: s.level,
    duration: round3(s.durationMs / 1000),
  };
  // one gathering entry: the same activity sums; a different one replaces (the last activity is shown)
  if (!a || a.skill !== seg.skill || a.location !== seg.location) return seg;
  return {
    ...a,
    cycles: a.cycles + seg.cycles,
    nodes: (a.nodes ?? 0) + (seg.nodes ?? 0),
    items: addItems(a.items, seg.items),
    gainedXp: a.gainedXp + seg.gainedXp,
    totalamount: a.totalamount + seg.totalamount,
    lost: a.lost + seg.lost,
    level: seg.level,
    duration: round3(a.duration + seg.duration),
  };
}

function mergeCombat(a: OfflineCombat | null, s: SettleSummary["combat"]): OfflineCombat | null {
  if (!s || (s.kills === 0 && s.gainedXp === 0 && s.gainedHealthXp === 0 && (s.deaths ?? 0) === 0)) return a;
  const seg: OfflineCombat = {
    skill: s.skill,
    gainedXp: s.gainedXp,
    gainedHealthXp: s.gainedHealthXp,
    kills: s.kills,
    items: addItems([], s.items),
    lost: s.lost,
    deaths: s.deaths ?? 0,
  };
  if (!a) return seg;
  return {
    skill: seg.skill,
    gainedXp: a.gainedXp + seg.gainedXp,
    gainedHealthXp: a.gainedHealthXp + seg.gainedHealthXp,
    kills: a.kills + seg.kills,
    items: addItems(a.items, seg.items),
    lost: a.lost + seg.lost,
    deaths: (a.deaths ?? 0) + (seg.deaths ?? 0),
  };
}

/** Merges one settle's summary into the pending one. */
export function mergeSummary(pending: OfflineSummary, s: SettleSummary): OfflineSummary {
  const crafted = pending.craftedItemVariants.map((c) => ({ ...c }));
  for (const c of s.crafted) {
    if (c.quantity <= 0 && c.crafts <= 0) continue;
    const key = JSON.stringify(c.affixes);
    const entry = crafted.find((e) => e.id === c.id && JSON.stringify(e.affixes) === key);
    if (entry) {
      entry.quantity += c.quantity;
      entry.xp += c.xp;
      entry.durationSec = round3(entry.durationSec + c.durationMs / 1000);
    } else {
      crafted.push({
        id: c.id,
        skill: c.skill,
        quantity: c.quantity,
        xp: c.xp,
        affixes: c.affixes,
        level: ITEMS[c.id]?.level ?? 0,
        durationSec: round3(c.durationMs / 1000),
      });
    }
  }
  const gainedXp = { ...pending.gainedXp };
  for (const [skill, xp] of Object.entries(s.xp)) {
    if (xp && xp > 0) gainedXp[skill] = (gainedXp[skill] ?? 0) + xp;
  }
  const combat = mergeCombat(pending.combat, s.combat);
  const merged: OfflineSummary = {
    ...pending,
    awayMs: pending.awayMs + Math.max(0, s.until - s.from),
    gathering: mergeGathering(pending.gathering, s.gathering),
    combat,
    combatLoot: combat?.items ?? [],
    combatLost: combat?.lost ?? 0,
    craftedItemVariants: crafted,
    craftingSkill: s.craftingSkill ?? pending.craftingSkill,
    craftStoppedForInventory: pending.craftStoppedForInventory || s.craftStoppedForInventory,
    gainedXp,
    gainedRp: round3(pending.gainedRp + s.rp),
  };
  checked.add(merged);
  return merged;
}

/** True when the summary holds anything worth showing. */
export function hasGains(s: OfflineSummary): boolean {
  return (
    s.gathering !== null ||
    s.combat !== null ||
    s.craftedItemVariants.length > 0 ||
    s.craftStoppedForInventory ||
    Object.keys(s.gainedXp).length > 0
  );
}

/** The player-state parts of the answer, filled at delivery. */
export function withPlayerState(s: OfflineSummary, player: Player): OfflineSummary {
  return {
    ...s,
    updatedInventory: player.inventory,
    smithingSlots: player.smithingSlots,
    tanningSlots: player.tanningSlots,
    tailoringSlots: player.tailoringSlots,
    updatedSkills: player.skills,
  };
}

/** Spec shell §4 Offline: stopped crafting, lost items or a full inventory cancel every craft. */
export function shouldCancelCrafting(s: OfflineSummary, inventoryFull: boolean): boolean {
  return s.craftStoppedForInventory || (s.gathering?.lost ?? 0) > 0 || s.combatLost > 0 || inventoryFull;
}
