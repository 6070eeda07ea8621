import { ITEMS } from "../../data/items.ts";
import type { ItemQuantity } from "../../protocol/common.ts";
import type { Player } from "../../protocol/player.ts";
import type { OfflineCombat, OfflineGathering, OfflineSummary } from "../../protocol/user.ts";
import { questsReady } from "../simulation/quests/rollQuests.ts";
import { inventoryFull } from "../state/addItems.ts";
import { type AdvanceSummary, addQuantity, roundRp } from "../state/EventSink.ts";

/**
 * The offline summary (spec shell §4 Offline): every settle while the player is away merges its advance
 * summary into the pending one; delivery fills in the player-state parts and decides whether crafting stops.
 */

export function emptyOfflineSummary(awaySince: number | null): OfflineSummary {
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
    lostItems: [],
    gathering: null,
    craftedItemVariants: [],
    craftingSkill: null,
    craftStoppedForInventory: false,
    gainedXp: {},
    bonusXp: 0,
    gainedRp: 0,
    questProgress: {},
    questsReady: [],
    repeated: false,
  };
}

function addItems(into: readonly ItemQuantity[], items: readonly ItemQuantity[]): ItemQuantity[] {
  const out = into.map((e) => ({ ...e }));
  for (const item of items) addQuantity(out, item.id, item.quantity);
  return out;
}

/** A piece of gathering is listed only when it ran: a hit at least. */
function mergeGathering(a: OfflineGathering | null, s: AdvanceSummary["gathering"]): OfflineGathering | null {
  if (!s || s.cycles === 0) return a;
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
    duration: roundRp(s.durationMs / 1000),
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
    duration: roundRp(a.duration + seg.duration),
  };
}

/**
 * A piece of fighting is listed only when a fight was won or lost in it (a kill or a death): a swing or
 * two before the player went elsewhere is no fight to report (its xp still shows with the skills).
 */
function mergeCombat(a: OfflineCombat | null, s: AdvanceSummary["combat"]): OfflineCombat | null {
  if (!s || (s.kills === 0 && (s.deaths ?? 0) === 0)) return a;
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
export function mergeOfflineSummary(pending: OfflineSummary, s: AdvanceSummary): OfflineSummary {
  const crafted = pending.craftedItemVariants.map((c) => ({ ...c }));
  for (const c of s.crafted) {
    if (c.quantity <= 0 && c.crafts <= 0) continue;
    const key = JSON.stringify(c.affixes);
    const entry = crafted.find((e) => e.id === c.id && JSON.stringify(e.affixes) === key);
    if (entry) {
      entry.quantity += c.quantity;
      entry.xp += c.xp;
      entry.durationSec = roundRp(entry.durationSec + c.durationMs / 1000);
    } else {
      crafted.push({
        id: c.id,
        skill: c.skill,
        quantity: c.quantity,
        xp: c.xp,
        affixes: c.affixes,
        level: ITEMS[c.id]?.level ?? 0,
        durationSec: roundRp(c.durationMs / 1000),
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
    lostItems: addItems(addItems(pending.lostItems, s.gathering?.lostItems ?? []), s.combat?.lostItems ?? []),
    craftedItemVariants: crafted,
    craftingSkill: s.craftingSkill ?? pending.craftingSkill,
    craftStoppedForInventory: pending.craftStoppedForInventory || s.craftStoppedForInventory,
    gainedXp,
    bonusXp: pending.bonusXp + s.bonusXp,
    gainedRp: roundRp(pending.gainedRp + s.rp),
    questProgress: mergeCounts(pending.questProgress, s.questProgress),
  };
  return merged;
}

function mergeCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [id, n] of Object.entries(b)) out[id] = (out[id] ?? 0) + n;
  return out;
}

/**
 * Anything gained or lost while away: the server delivers a pending summary only then and the web opens
 * its modal only then. Counted, not read from which entries exist, so an absence at rest or one whose
 * entries hold only zeros has none.
 */
export function offlineHasGains(s: OfflineSummary): boolean {
  return (
    (s.gathering?.cycles ?? 0) > 0 ||
    (s.combat?.kills ?? 0) > 0 ||
    (s.combat?.deaths ?? 0) > 0 ||
    s.craftedItemVariants.length > 0 ||
    s.craftStoppedForInventory ||
    s.combatLoot.length > 0 ||
    offlineLost(s) > 0 ||
    Object.values(s.gainedXp).some((x) => x > 0) ||
    s.gainedRp > 0
  );
}

/** Units lost to a full inventory while away (gathering and combat). */
export function offlineLost(s: OfflineSummary): number {
  return (s.gathering?.lost ?? 0) + s.combatLost;
}

/** The player-state parts of the answer, filled at delivery. */
export function offlineWithPlayerState(s: OfflineSummary, player: Player): OfflineSummary {
  return {
    ...s,
    updatedInventory: player.inventory,
    smithingSlots: player.smithingSlots,
    tanningSlots: player.tanningSlots,
    tailoringSlots: player.tailoringSlots,
    updatedSkills: player.skills,
    questsReady: questsReady(player.quests),
  };
}

/** Spec shell §4 Offline: stopped crafting, lost items or a full inventory cancel every craft. */
export function shouldCancelCrafting(s: OfflineSummary, player: Player): boolean {
  return s.craftStoppedForInventory || offlineLost(s) > 0 || inventoryFull(player);
}
