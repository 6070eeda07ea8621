import type { SkillId } from "../../../data/skills.ts";
import type { MonsterInstance, Player } from "../../../protocol/player.ts";
import { addItemsInPlace } from "../../state/addItems.ts";
import { addQuantity } from "../../state/EventSink.ts";
import { applyXp } from "../../state/grantXp.ts";
import { sameValue } from "../../state/sameValue.ts";
import type { CombatSim } from "./CombatSim.ts";
import type { CombatSummary } from "./events.ts";
import { monsterProto } from "./monsterProto.ts";

/**
 * Writes a fight back into its draft at the sim's time: health, mana, barrier, death, monsters, the next
 * swing, spell cooldowns, afflictions; the xp grants through applyXp (each grant floored as one, so split and whole
 * spans agree), the loot into the inventory (what does not fit is lost and counted), and the summary.
 * `monsters`: the monsters at the sim's time, when the caller has them (a room's fight writes one array to
 * every fighter). The barrier, the death and the combat state keep their objects when their values stay.
 */
export function writeBackCombat(sim: CombatSim, monsters?: MonsterInstance[]): CombatSummary {
  const d: Player = sim.draft;
  const t = sim.t;
  d.health = sim.health;
  d.maxHealth = sim.maxHealth;
  d.mana = sim.mana;
  d.maxMana = sim.maxMana;
  const remaining = Math.max(0, sim.barrierRem);
  const b = d.barrier;
  if (b.remaining !== remaining || b.max !== sim.barrierMax || b.nextReadyAt !== sim.barrierReadyAt)
    d.barrier = { remaining, max: sim.barrierMax, nextReadyAt: sim.barrierReadyAt };
  d.dead = sim.dead;
  if (sim.dead) {
    const info = d.deathInfo;
    if (info?.startedAt !== sim.deathStartedAt || info.respawnAt !== sim.respawnAt)
      d.deathInfo = { startedAt: sim.deathStartedAt, respawnAt: sim.respawnAt };
    if (!d.previousAction) d.previousAction = { ...d.currentAction, nextHitAt: null };
  } else {
    d.deathInfo = null;
    d.previousAction = null;
  }
  if (sim.loc) {
    d.currentMonsters = monsters ?? sim.mons.map((m) => m.toInstance(t));
    d.currentAction.nextHitAt = Number.isFinite(sim.nextSwingAt) ? sim.nextSwingAt : null;
  }
  writeCombatState(sim, d, t);

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

/** The combat state's cooldowns still running at `t`, mana spent, next regeneration and afflictions. */
function writeCombatState(sim: CombatSim, d: Player, t: number): void {
  const spellReadyAt: Record<string, number> = {};
  for (const id in sim.spellReadyAt) if (sim.spellReadyAt[id]! > t) spellReadyAt[id] = sim.spellReadyAt[id]!;
  const nextRegenAt = Number.isFinite(sim.nextRegenAt) ? sim.nextRegenAt : null;
  const afflictions = sim.aff.toDocument(t, sim.nextSwingAt);
  const was = d.combat;
  if (
    was.manaSpent === sim.manaSpent &&
    was.nextRegenAt === nextRegenAt &&
    sameValue(was.afflictions, afflictions) &&
    sameValue(was.spellReadyAt, spellReadyAt)
  )
    return;
  const combat: Record<string, unknown> = {};
  for (const key in was) if (key !== "afflictions") combat[key] = was[key as keyof typeof was];
  combat.spellReadyAt = spellReadyAt;
  combat.manaSpent = sim.manaSpent;
  combat.nextRegenAt = nextRegenAt;
  if (afflictions) combat.afflictions = afflictions;
  d.combat = combat as Player["combat"];
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
