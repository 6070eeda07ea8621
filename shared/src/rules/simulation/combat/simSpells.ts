import type { Spell } from "../../../data/schemas.ts";
import { SPELLS } from "../../../data/spells.ts";
import type { CombatSim } from "./CombatSim.ts";
import { hasAffinity, spellAmount } from "./formulas.ts";

/** Why a spell cannot go off; castSpell.ts turns each reason into its rejection. */
export type SpellBlock = "unknown" | "intellect" | "dead" | "cooldown" | "mana" | "full_health" | "no_target";

/** Shown after the text of a counter (affinity) hit. */
export const CRIT_MARKER = " (crit!)";

const SPELLS_BY_ID: Readonly<Record<string, Spell>> = SPELLS;

// module-level copies, not imported bindings (a test runner turns those into getters: see CombatSim.ts)
const _hasAffinity = hasAffinity;
const _spellAmount = spellAmount;

export function spellById(id: string): Spell | undefined {
  return SPELLS_BY_ID[id];
}

/** Gear spells go off on their chance when ready, affordable and useful (castSpell.ts for a player's cast). */
export function autoCast(sim: CombatSim, t: number): void {
  autoCastFrom(sim, t, 0);
}

/** autoCast from gear spell `from` on (plainStretch.ts casts the ones before it itself). */
export function autoCastFrom(sim: CombatSim, t: number, from: number): void {
  const defs = sim.spellDefs;
  for (let i = from; i < defs.length; i++) {
    const spell = defs[i]!;
    if (gearSpellUsable(sim, spell, i, t) && sim.rng.chance(spell.chance)) castSpell(sim, spell, t, false);
  }
}

/** After a cast or a change of gear spells: their cooldown ends by index, and the earliest of them. */
export function refreshGearCooldowns(sim: CombatSim): void {
  let at = Number.POSITIVE_INFINITY;
  const defs = sim.spellDefs;
  const readyAt = sim.gearReadyAt;
  if (readyAt.length !== defs.length) readyAt.length = defs.length;
  for (let i = 0; i < defs.length; i++) {
    const ready = sim.spellReadyAt[defs[i]!.id];
    // a spell never cast (or a NaN time) is ready
    const r = ready! > Number.NEGATIVE_INFINITY ? ready! : Number.NEGATIVE_INFINITY;
    readyAt[i] = r;
    if (r < at) at = r;
  }
  sim.spellsReadyAt = at;
}

/** A cast's new cooldown end, for a gear spell: refreshGearCooldowns without the lookups by id. */
export function gearCooldownSet(sim: CombatSim, spell: Spell, readyAt: number): void {
  const defs = sim.spellDefs;
  const gear = sim.gearReadyAt;
  let at = Number.POSITIVE_INFINITY;
  for (let i = 0; i < defs.length; i++) {
    if (defs[i] === spell) gear[i] = readyAt > Number.NEGATIVE_INFINITY ? readyAt : Number.NEGATIVE_INFINITY;
    if (gear[i]! < at) at = gear[i]!;
  }
  sim.spellsReadyAt = at;
}

/** Some gear spell is unblocked at t: autoCast would draw its chance. */
export function gearSpellDue(sim: CombatSim, t: number): boolean {
  const defs = sim.spellDefs;
  for (let i = 0; i < defs.length; i++) if (gearSpellUsable(sim, defs[i]!, i, t)) return true;
  return false;
}

/** spellBlocked(…) === null for gear spell i of a fighter who can cast, without the lookups. */
function gearSpellUsable(sim: CombatSim, spell: Spell, i: number, t: number): boolean {
  if (sim.mana < spell.manaCost || sim.dead || sim.gearReadyAt[i]! > t) return false;
  if (spell.type === "heal") return sim.health < sim.maxHealth;
  const m = sim.mons[0];
  return m !== undefined && m.hp > 0;
}

const DEFS = new Map<string, readonly Spell[]>();

/** The table entries of gear spell ids, resolved once per list of ids (each advance builds a new list). */
export function gearSpellDefs(ids: readonly string[]): readonly Spell[] {
  const key = ids.length === 0 ? "" : ids.length === 1 ? ids[0]! : ids.join("|");
  let defs = DEFS.get(key);
  if (!defs) {
    defs = ids.flatMap((id) => (SPELLS_BY_ID[id] ? [SPELLS_BY_ID[id]] : []));
    DEFS.set(key, defs);
  }
  return defs;
}

/** Why a spell cannot go off now, in the order castSpell checks them; null when it can. */
export function spellBlocked(sim: CombatSim, id: string, t: number): SpellBlock | null {
  const spell = SPELLS_BY_ID[id];
  if (!spell) return "unknown";
  if (!sim.canCast) return "intellect";
  if (sim.dead) return "dead";
  if ((sim.spellReadyAt[id] ?? Number.NEGATIVE_INFINITY) > t) return "cooldown";
  if (sim.mana < spell.manaCost) return "mana";
  if (spell.type === "heal") {
    if (sim.health >= sim.maxHealth) return "full_health";
  } else if (!(sim.mons[0] && sim.mons[0].hp > 0)) return "no_target";
  return null;
}

/**
 * Casts a spell whose checks passed: mana spent (intellect xp), the cooldown, then the heal or the hits on
 * up to `targets` monsters (× 1.5 on a counter, shown as a crit). Returns the spec's success texts when
 * asked or when events are recorded (a fight's auto-casts build none otherwise).
 */
export function castUnchecked(sim: CombatSim, id: string, t: number, wantTexts = false): string[] {
  return castSpell(sim, SPELLS_BY_ID[id]!, t, wantTexts);
}

const NO_TEXTS: string[] = [];

function castSpell(sim: CombatSim, spell: Spell, t: number, wantTexts: boolean): string[] {
  const id = spell.id;
  const withTexts = wantTexts || sim.rec;
  const texts: string[] = withTexts ? [] : NO_TEXTS;
  sim.mana -= spell.manaCost;
  sim.spellReadyAt[id] = t + spell.cooldownMs;
  gearCooldownSet(sim, spell, t + spell.cooldownMs);
  sim.spendMana(spell.manaCost);
  if (sim.rec) sim.popupPlayer("manaSpend", spell.manaCost, t);
  if (spell.type === "heal") {
    const healed = sim.heal(spell.value, "heal", t);
    if (withTexts) texts.push(`${spell.name} healed you for ${healed} HP`);
  } else {
    const n = Math.min(spell.targets, sim.mons.length);
    for (let i = 0; i < n; i++) {
      const m = sim.mons[i]!;
      if (m.hp <= 0) continue;
      const name = m.proto.name;
      const crit = _hasAffinity(spell.type, m.proto.type);
      const amount = _spellAmount(spell.value, crit);
      sim.hitMonster(m, amount, crit ? 4 : 3, t, false, spell.type);
      if (withTexts) texts.push(`${spell.name} hit ${name} for ${amount} HP${crit ? CRIT_MARKER : ""}`);
    }
  }
  if (sim.rec) {
    for (const message of texts)
      sim.emit({ type: "spellCast", at: t, spellId: id, manaCost: spell.manaCost, message });
  }
  if (sim.dynamicHit) sim.refreshHit();
  return texts;
}
