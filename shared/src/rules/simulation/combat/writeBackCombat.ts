import type { SkillId } from "../../../data/skills.ts";
import type { Player } from "../../../protocol/player.ts";
import { addItemsInPlace } from "../../state/addItems.ts";
import { addQuantity } from "../../state/EventSink.ts";
import { applyXp } from "../../state/grantXp.ts";
import type { CombatSim } from "./CombatSim.ts";
import type { CombatSummary } from "./events.ts";
import { monsterProto } from "./monsterProto.ts";

/**
 * Writes a fight back into its draft at the sim's time: health, mana, barrier, death, monsters, the next
 * swing, spell cooldowns, afflictions; the xp grants through applyXp (each grant floored as one, so split and whole
 * spans agree), the loot into the inventory (what does not fit is lost and counted), and the summary.
 */
export function writeBackCombat(sim: CombatSim): CombatSummary {
  const d: Player = sim.draft;
  const t = sim.t;
  d.health = sim.health;
  d.maxHealth = sim.maxHealth;
  d.mana = sim.mana;
  d.maxMana = sim.maxMana;
  d.barrier = {
    remaining: Math.max(0, sim.barrierRem),
    max: sim.barrierMax,
    nextReadyAt: sim.barrierReadyAt,
  };
  d.dead = sim.dead;
  if (sim.dead) {
    d.deathInfo = { startedAt: sim.deathStartedAt, respawnAt: sim.respawnAt };
    if (!d.previousAction) d.previousAction = { ...d.currentAction, nextHitAt: null };
  } else {
    d.deathInfo = null;
    d.previousAction = null;
  }
  if (sim.loc) {
    d.currentMonsters = sim.mons.map((m) => m.toInstance(t));
    d.currentAction.nextHitAt = Number.isFinite(sim.nextSwingAt) ? sim.nextSwingAt : null;
  }
  const spellReadyAt: Record<string, number> = {};
  for (const [id, at] of Object.entries(sim.spellReadyAt)) if (at > t) spellReadyAt[id] = at;
  const { afflictions: _, ...combat } = d.combat;
  const afflictions = sim.aff.toDocument(t, sim.nextSwingAt);
  d.combat = {
    ...combat,
    spellReadyAt,
    manaSpent: sim.manaSpent,
    nextRegenAt: Number.isFinite(sim.nextRegenAt) ? sim.nextRegenAt : null,
    ...(afflictions ? { afflictions } : {}),
  };

  // xp: every hit, kill and mana spend was one grant; applyXp applies n equal grants exactly as n single ones
  const [styleSkill, healthSkill, intellectSkill] = sim.xp.skills as [SkillId, SkillId, SkillId];
  const byBase = new Map<number, number>();
  const loot = new Map<number, number>();
  sim.hitCounts.forEach((count, id) => {
    if (count > 0) addTo(byBase, monsterProto(id).hitXp, count);
  });
  sim.dropCounts.forEach((counts, id) => {
    const p = monsterProto(id);
    counts.forEach((count, k) => {
      if (count <= 0) return;
      addTo(byBase, p.dropBreakXp[k]!, count);
      addTo(loot, p.dropItem[k]!, count * p.dropStack[k]!);
    });
  });
  const gained = [0, 0, 0];
  // loot (every kill has some) goes into the inventory and a kill counts toward quests: the whole draft;
  // a hit's or a spell's xp only into the skills and the lab
  if (loot.size > 0) sim.ownDraft();
  else if (byBase.size > 0 || sim.manaGrants.length > 0) sim.ownXp();
  for (const [base, count] of [...byBase.entries()].sort((a, b) => a[0] - b[0])) {
    gained[0]! += applyXp(d, styleSkill, base, t, sim.sink, count)?.delta ?? 0;
    gained[1]! += applyXp(d, healthSkill, base, t, sim.sink, count)?.delta ?? 0;
  }
  // forEach visits the grants' bases in increasing order, skipping the holes
  sim.manaGrants.forEach((count, base) => {
    gained[2]! += applyXp(d, intellectSkill, base, t, sim.sink, count)?.delta ?? 0;
  });

  const items: CombatSummary["items"] = [];
  const lostItems: CombatSummary["lostItems"] = [];
  let lost = 0;
  for (const [id, quantity] of [...loot.entries()].sort((a, b) => a[0] - b[0])) {
    const r = addItemsInPlace(d, { id, quantity });
    addQuantity(items, id, r.added);
    addQuantity(lostItems, id, r.lost);
    lost += r.lost;
    if (r.full && sim.sink.detailed) {
      sim.sink.emit({ type: "inventoryMessage", at: t, itemId: id, lost: r.lost, code: r.full });
    }
  }

  const part: CombatSummary = {
    skill: sim.stats.style,
    gainedXp: gained[0]!,
    gainedHealthXp: gained[1]!,
    gainedIntellectXp: gained[2]!,
    kills: sim.kills,
    deaths: sim.deaths,
    damageDealt: sim.damageDealt,
    items,
    lostItems,
    lost,
  };
  sim.sink.summary.lost += lost;
  sim.sink.summary.combat = mergeCombatSummary(sim.sink.summary.combat, part);
  return part;
}

/** Adds a fight's counts to the summary so far. */
export function mergeCombatSummary(prev: CombatSummary | null, part: CombatSummary): CombatSummary {
  if (!prev) return part;
  const items = prev.items.map((e) => ({ ...e }));
  const lostItems = prev.lostItems.map((e) => ({ ...e }));
  for (const e of part.items) addQuantity(items, e.id, e.quantity);
  for (const e of part.lostItems) addQuantity(lostItems, e.id, e.quantity);
  return {
    skill: part.skill,
    gainedXp: prev.gainedXp + part.gainedXp,
    gainedHealthXp: prev.gainedHealthXp + part.gainedHealthXp,
    gainedIntellectXp: prev.gainedIntellectXp + part.gainedIntellectXp,
    kills: prev.kills + part.kills,
    deaths: prev.deaths + part.deaths,
    damageDealt: prev.damageDealt + part.damageDealt,
    items,
    lostItems,
    lost: prev.lost + part.lost,
  };
}

function addTo(map: Map<number, number>, key: number, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}
