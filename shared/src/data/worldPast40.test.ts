import { describe, expect, it } from "vitest";
import { AFFIXES, itemAffixTier } from "./affixes.ts";
import { BOSSES } from "./bosses.ts";
import { DROP_TABLES } from "./dropTables.ts";
import { GATHER_NODES, gatherNodeId } from "./gatherNodes.ts";
import { GEAR_ITEM_BASE, gearItemId, SEED_TIERS, TIER_LEVELS, TIERS } from "./itemIds.ts";
import { ITEMS } from "./items.ts";
import { LAB_NODES } from "./labNodes.ts";
import { LOCATION_IDS_BY_SKILL, LOCATIONS, type LocationSkill } from "./locations.ts";
import { MONSTERS } from "./monsters.ts";
import { RECIPES } from "./recipes.ts";
import { COMBAT_STYLES, EQUIPMENT_SLOTS, GATHER_SKILLS } from "./skills.ts";
import { FRONTIER_SPELLS, SPELLS } from "./spells.ts";

/** Tiers 7 to 10 (DESIGN §12, docs/progression.md "The world past 40"); data.test.ts holds the seed's numbers. */
const NEW_TIERS = TIERS.filter((t) => t > SEED_TIERS);

describe("the world past level 40", () => {
  it("has four new tiers, the last at 85 or above, never more than 20 levels between two", () => {
    expect(NEW_TIERS).toEqual([7, 8, 9, 10]);
    expect(TIER_LEVELS.at(-1)).toBeGreaterThanOrEqual(85);
    for (let i = 1; i < TIER_LEVELS.length; i++) {
      expect(TIER_LEVELS[i]! - TIER_LEVELS[i - 1]!).toBeGreaterThan(0);
      expect(TIER_LEVELS[i]! - TIER_LEVELS[i - 1]!).toBeLessThanOrEqual(20);
    }
  });

  it("gives every gathering skill and combat a new place per tier at the tier's level, all ids distinct", () => {
    for (const skill of Object.keys(LOCATION_IDS_BY_SKILL) as LocationSkill[]) {
      const ids = LOCATION_IDS_BY_SKILL[skill];
      expect(new Set(ids).size).toBe(ids.length);
      for (const t of NEW_TIERS) {
        const loc = LOCATIONS.find((l) => l.skill === skill && l.tier === t)!;
        expect(loc.requiredLevel).toBe(TIER_LEVELS[t - 1]);
        // a place of the new world is new: no seed place of any skill carries its id
        expect(LOCATIONS.filter((l) => l.id === loc.id)).toHaveLength(1);
      }
    }
  });

  it("gives every new gathering place its node, the node below and a lucky node, each with a drop table", () => {
    for (const skill of GATHER_SKILLS)
      for (const t of NEW_TIERS) {
        const loc = LOCATIONS.find((l) => l.skill === skill && l.tier === t)!;
        const node = GATHER_NODES[gatherNodeId(skill, t)]!;
        expect(node.level).toBe(TIER_LEVELS[t - 1]);
        expect(node.maxHp).toBeGreaterThan(GATHER_NODES[gatherNodeId(skill, t - 1)]!.maxHp);
        expect(loc.spawns.map((s) => s.id)).toEqual([
          gatherNodeId(skill, t),
          gatherNodeId(skill, t - 1),
          gatherNodeId(skill, Math.min(t + 1, TIERS.length)),
        ]);
        expect(loc.spawns[2]!.lucky).toBe(true);
        expect(DROP_TABLES[skill][node.id]).toHaveLength(3);
        // a new place's node pays more xp a hit than the one below at the level it opens (three hits, no lab)
        const xpPerHit = (tier: number) => {
          const n = GATHER_NODES[gatherNodeId(skill, tier)]!;
          const damage = 2 + 1.5 * TIER_LEVELS[t - 1]!;
          return DROP_TABLES[skill][n.id]![0]!.breakXp / Math.ceil(n.maxHp / damage);
        };
        expect(xpPerHit(t)).toBeGreaterThan(xpPerHit(t - 1));
      }
  });

  it("gives every new area its own insect at the tier's level, types round the cycle, attack speeds differing", () => {
    for (const t of NEW_TIERS) {
      const loc = LOCATIONS.find((l) => l.skill === "combat" && l.tier === t)!;
      const m = MONSTERS[loc.spawns[0]!.id]!;
      expect(m.level).toBe(TIER_LEVELS[t - 1]);
      expect(m.hp).toBeGreaterThan(MONSTERS[t - 1]!.hp);
      expect(DROP_TABLES.combat[m.id]!.map((d) => d.itemId)).toEqual([15000 + t]);
    }
    const news = NEW_TIERS.map((t) => MONSTERS[t]!);
    expect(new Set(news.map((m) => m.type))).toEqual(new Set(COMBAT_STYLES));
    expect(new Set(news.map((m) => m.attackSpeed)).size).toBeGreaterThan(1);
  });

  it("gives every crafting skill a material and a full gear set per tier; tier 10 keeps its class's thousand", () => {
    for (const clazz of COMBAT_STYLES)
      for (const t of NEW_TIERS)
        for (const slot of EQUIPMENT_SLOTS) {
          const id = gearItemId(clazz, t, slot);
          expect(Math.floor(id / 1000) * 1000).toBe(GEAR_ITEM_BASE[clazz]);
          expect(ITEMS[id]).toMatchObject({ gearClass: clazz, equipmentslot: slot, type: { tier: t } });
          expect(RECIPES[id]!.level).toBe(TIER_LEVELS[t - 1]);
        }
    expect(gearItemId("melee", 10, "head")).toBe(30001);
    expect(gearItemId("ranged", 10, "mainhand")).toBe(32007);
  });

  it("puts the tier's frontier spell on its offhands, with the mana to cast it, and a barrier on its chests", () => {
    for (const clazz of COMBAT_STYLES)
      for (const t of NEW_TIERS) {
        const offhand = ITEMS[gearItemId(clazz, t, "offhand")]!;
        const spell = FRONTIER_SPELLS[t as keyof typeof FRONTIER_SPELLS][clazz];
        expect(offhand.spell).toBe(spell);
        expect(SPELLS[spell].type).not.toBe("heal");
        expect(offhand.stats.mana_regen).toBeGreaterThan(0);
        expect(ITEMS[gearItemId(clazz, t, "chest")]!.stats.barrier).toBeGreaterThan(0);
        if (t > 7) {
          const before = FRONTIER_SPELLS[(t - 1) as keyof typeof FRONTIER_SPELLS][clazz];
          expect(SPELLS[spell].value).toBeGreaterThan(SPELLS[before].value);
        }
      }
  });

  it("opens a lab node per new tier at picklelogy the tier's level, each adding damage everywhere", () => {
    for (const t of NEW_TIERS) {
      const node = LAB_NODES[`east:frontier:tier-${t}`]!;
      expect(node.picklelogy).toBe(TIER_LEVELS[t - 1]);
      expect(node.maxLevel).toBe(5);
      expect(node.effects.map((e) => (e.type === "stat" ? e.key : e.key))).toEqual([
        "mining:damage:+",
        "mycology:damage:+",
        "botany:damage:+",
        "combat:damage:+",
      ]);
    }
    expect(LAB_NODES["west:crafting:tier-4"]!.picklelogy).toBe(50);
  });

  it("lets only gear of tier 7 and up roll tier-4 affixes, behind the lab's Crafting Tier 4", () => {
    expect([1, 2, 3, 6, 7, 10].map(itemAffixTier)).toEqual([1, 2, 3, 3, 4, 4]);
    expect(AFFIXES.filter((a) => a.tier === 4).length).toBeGreaterThan(20);
    expect(LAB_NODES["west:crafting:tier-4"]!.effects).toEqual([
      { type: "feature", key: "crafting:tier:4", op: "enable" },
    ]);
  });
});

describe("every item has a use and every recipe input drops somewhere", () => {
  const inputs = new Set(Object.values(RECIPES).flatMap((r) => Object.keys(r.inputs).map(Number)));
  const dropped = new Set([
    ...Object.values(DROP_TABLES).flatMap((table) =>
      Object.values(table).flatMap((es) => es.map((e) => e.itemId)),
    ),
    ...Object.values(BOSSES).flatMap((b) => [b.trophy, b.drop]),
  ]);

  it("every resource and material is an input of some recipe; every gear piece is worn", () => {
    for (const item of Object.values(ITEMS)) {
      if (item.equipmentslot) continue;
      expect(inputs.has(item.id), `${item.name} (${item.id}) feeds no recipe`).toBe(true);
    }
  });

  it("every recipe input is dropped by a node, an insect or a boss, or crafted", () => {
    for (const id of inputs) expect(dropped.has(id) || RECIPES[id] !== undefined, `input ${id}`).toBe(true);
  });

  it("no new gear needs drops of its own tier's insect but the tier-10 weapon, won in tier-10 armour", () => {
    for (const r of Object.values(RECIPES)) {
      const item = ITEMS[r.itemId]!;
      if (!item.equipmentslot || item.type.tier <= SEED_TIERS) continue;
      const own = r.inputs[15000 + item.type.tier] !== undefined;
      expect(own, item.name).toBe(item.type.tier === 10 && item.equipmentslot === "mainhand");
    }
  });
});
