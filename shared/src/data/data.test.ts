import { describe, expect, it } from "vitest";
import { AFFIX_KEYS, AFFIX_NOTHING_WEIGHTS, AFFIX_TIER_WEIGHTS, AFFIXES } from "./affixes.ts";
import * as C from "./constants.ts";
import { DROP_TABLES } from "./dropTables.ts";
import { GATHER_NODES } from "./gatherNodes.ts";
import {
  CRAFT_FROM_GATHER,
  GEAR_CLASS_OF_CRAFT,
  gearItemId,
  materialItemId,
  rawItemId,
  TIERS,
} from "./itemIds.ts";
import { ITEMS, UNLIMITED_STACK } from "./items.ts";
import { LAB_NODES, UNLOCK_ROOT_IDS, unlockRootCost } from "./labNodes.ts";
import { LOCATION_IDS_BY_SKILL, LOCATIONS, locationFor } from "./locations.ts";
import { MONSTER_ID, MONSTERS } from "./monsters.ts";
import { RECIPES } from "./recipes.ts";
import {
  AffixSchema,
  DropEntrySchema,
  GatherNodeSchema,
  ItemSchema,
  LabNodeSchema,
  LocationSchema,
  MonsterSchema,
  RecipeSchema,
  SpellSchema,
} from "./schemas.ts";
import { COMBAT_STYLES, EQUIPMENT_SLOTS, GATHER_SKILLS, MAX_LEVEL } from "./skills.ts";
import { SPELLS } from "./spells.ts";
import { XP_TABLE } from "./xpTable.ts";

const LEVELS = [1, 5, 10, 20, 30, 40, 50, 62, 75, 88];
const SEED_LEVELS = LEVELS.slice(0, 6);
/** The seed's part of a tier-ordered list (the spec's numbers); worldPast40.test.ts checks tiers 7–10. */
const seed = <T>(list: readonly T[]) => list.slice(0, 6);
const lab = (id: string) => {
  const n = LAB_NODES[id];
  if (!n) throw new Error(`no lab node ${id}`);
  return n;
};

describe("every table parses with its schema", () => {
  it.each([
    ["ITEMS", Object.values(ITEMS), ItemSchema],
    ["RECIPES", Object.values(RECIPES), RecipeSchema],
    ["LOCATIONS", LOCATIONS, LocationSchema],
    ["GATHER_NODES", Object.values(GATHER_NODES), GatherNodeSchema],
    ["DROP_TABLES", Object.values(DROP_TABLES).flatMap((t) => Object.values(t).flat()), DropEntrySchema],
    ["MONSTERS", Object.values(MONSTERS), MonsterSchema],
    ["SPELLS", Object.values(SPELLS), SpellSchema],
    ["AFFIXES", AFFIXES, AffixSchema],
    ["LAB_NODES", Object.values(LAB_NODES), LabNodeSchema],
  ] as const)("%s", (_name, rows, schema) => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(() => schema.parse(row)).not.toThrow();
  });

  it("keys match the ids of their rows", () => {
    for (const [k, v] of Object.entries(ITEMS)) expect(v.id).toBe(Number(k));
    for (const [k, v] of Object.entries(RECIPES)) expect(v.itemId).toBe(Number(k));
    for (const [k, v] of Object.entries(GATHER_NODES)) expect(v.id).toBe(Number(k));
    for (const [k, v] of Object.entries(MONSTERS)) expect(v.id).toBe(Number(k));
    for (const [k, v] of Object.entries(SPELLS)) expect(v.id).toBe(k);
    for (const [k, v] of Object.entries(LAB_NODES)) expect(v._id).toBe(k);
    expect(new Set(AFFIXES.map((a) => a.id)).size).toBe(AFFIXES.length);
  });
});

describe("every reference resolves", () => {
  it("recipes: item and inputs are items, items mirror their recipe", () => {
    for (const r of Object.values(RECIPES)) {
      const item = ITEMS[r.itemId];
      expect(item, `recipe ${r.itemId}`).toBeDefined();
      for (const input of Object.keys(r.inputs)) expect(ITEMS[Number(input)], `input ${input}`).toBeDefined();
      expect(item!.craftmaterials).toEqual(r.inputs);
      expect(item!.craftlvlreq).toBe(r.level);
      expect(item!.outputqty).toBe(r.output);
    }
  });

  it("lab prerequisites are nodes, and every node reaches the root", () => {
    for (const n of Object.values(LAB_NODES)) {
      for (const p of n.prerequisites) expect(LAB_NODES[p], `${n._id} needs ${p}`).toBeDefined();
      let cur = n;
      for (let guard = 0; cur._id !== "root"; guard++) {
        expect(guard).toBeLessThan(20);
        cur = lab(cur.prerequisites[0]!);
      }
    }
  });

  it("drops are items; gear spells are spells; spawns are nodes or monsters", () => {
    for (const table of Object.values(DROP_TABLES))
      for (const entries of Object.values(table))
        for (const e of entries) expect(ITEMS[e.itemId]).toBeDefined();
    for (const skill of GATHER_SKILLS)
      for (const id of Object.keys(DROP_TABLES[skill])) expect(GATHER_NODES[Number(id)]?.skill).toBe(skill);
    for (const id of Object.keys(DROP_TABLES.combat)) expect(MONSTERS[Number(id)]).toBeDefined();
    for (const item of Object.values(ITEMS)) if (item.spell) expect(SPELLS).toHaveProperty(item.spell);
    for (const loc of LOCATIONS)
      for (const s of loc.spawns) {
        if (loc.skill === "combat") expect(MONSTERS[s.id]).toBeDefined();
        else expect(GATHER_NODES[s.id]?.skill).toBe(loc.skill);
      }
  });

  it("every gather node has a drop table and a raw item; every monster a drop", () => {
    for (const n of Object.values(GATHER_NODES)) expect(DROP_TABLES[n.skill][n.id]?.length).toBe(3);
    for (const m of Object.values(MONSTERS)) expect(DROP_TABLES.combat[m.id]?.length).toBe(1);
  });

  it("7 gear slots per tier per class exist, each with a recipe in its class's craft", () => {
    for (const clazz of COMBAT_STYLES)
      for (const tier of TIERS)
        for (const slot of EQUIPMENT_SLOTS) {
          const item = ITEMS[gearItemId(clazz, tier, slot)];
          expect(item?.equipmentslot).toBe(slot);
          expect(item?.gearClass).toBe(clazz);
          expect(item?.type.tier).toBe(tier);
          const recipe = RECIPES[item!.id];
          expect(recipe).toBeDefined();
          expect(GEAR_CLASS_OF_CRAFT[recipe!.skill]).toBe(clazz);
        }
    const gear = Object.values(ITEMS).filter((i) => i.equipmentslot);
    expect(gear).toHaveLength(TIERS.length * 7 * 3);
    for (const g of gear) expect(RECIPES[g.id]).toBeDefined();
  });

  it("affix stats use AFFIX_KEYS", () => {
    for (const a of AFFIXES) for (const k of Object.keys(a.stats)) expect(AFFIX_KEYS).toContain(k);
  });
});

describe("spec numbers", () => {
  it("xp table", () => {
    expect(XP_TABLE).toHaveLength(101);
    expect(XP_TABLE[1]).toBe(0);
    expect(XP_TABLE[2]).toBe(100);
    expect(XP_TABLE[10]).toBe(2700);
    expect(XP_TABLE[90]).toBe(5_000_000);
    expect(XP_TABLE[100]).toBe(10_000_000);
    for (let l = 2; l <= 100; l++) expect(XP_TABLE[l]!).toBeGreaterThan(XP_TABLE[l - 1]!);
    expect(MAX_LEVEL).toBe(99);
  });

  it("locations: ids, required levels 1/5/10/20/30/40, first locations", () => {
    expect({
      mining: seed(LOCATION_IDS_BY_SKILL.mining),
      mycology: seed(LOCATION_IDS_BY_SKILL.mycology),
      botany: seed(LOCATION_IDS_BY_SKILL.botany),
      combat: seed(LOCATION_IDS_BY_SKILL.combat),
    }).toEqual({
      mining: ["garden", "pond", "path", "square", "fire_camp", "shed"],
      mycology: ["garden", "tree_stump", "swamp", "maple_tree_stump", "fountain", "swamp_night"],
      botany: ["fountain", "path", "backyard", "garage", "pond", "ant_nest"],
      combat: ["aphid_nest", "black_ant_nest", "trash_can", "rosebush_nest", "beetle_nest", "swamp"],
    });
    for (const [skill, ids] of Object.entries(LOCATION_IDS_BY_SKILL))
      ids.forEach((id, i) => {
        expect(locationFor(skill as keyof typeof LOCATION_IDS_BY_SKILL, id)?.requiredLevel).toBe(LEVELS[i]);
      });
    expect(LOCATIONS).toHaveLength(4 * TIERS.length);
    expect(locationFor("mining", "nowhere")).toBeUndefined();
    expect(C.FIRST_LOCATION).toEqual({ mining: "garden", mycology: "garden", botany: "fountain" });
    for (const [skill, loc] of Object.entries(C.FIRST_LOCATION))
      expect(locationFor(skill as "mining", loc)?.requiredLevel).toBe(1);
  });

  it("spawn weights: commons 95 and 5, lucky 1 in the first area and 2 elsewhere; monsters 100", () => {
    for (const loc of LOCATIONS) {
      if (loc.skill === "combat") {
        expect(loc.spawns).toEqual([{ id: loc.tier, weight: 100 }]);
        continue;
      }
      expect(loc.spawns.map((s) => s.weight)).toEqual([95, 5, loc.tier === 1 ? 1 : 2]);
      expect(loc.spawns.filter((s) => s.lucky)).toHaveLength(1);
      expect(GATHER_NODES[loc.spawns[0]!.id]!.level).toBe(loc.requiredLevel);
    }
    expect(locationFor("mining", "garden")!.spawns.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(locationFor("botany", "path")!.spawns.map((s) => s.id)).toEqual([202, 201, 203]);
  });

  it("gather nodes: names, levels and max HP", () => {
    expect([1, 2, 3, 4, 5, 6].map((id) => GATHER_NODES[id]!.name)).toEqual([
      "Dirt",
      "Clay",
      "Stone",
      "Sand",
      "Coal",
      "Iron",
    ]);
    for (const base of [0, 100, 200])
      for (let t = 1; t <= 6; t++) {
        const n = GATHER_NODES[base + t]!;
        expect(n.level).toBe(SEED_LEVELS[t - 1]);
        expect(n.maxHp).toBe([15, 30, 80, 120, 160, 200][t - 1]);
      }
    expect(Object.keys(GATHER_NODES)).toHaveLength(3 * TIERS.length);
  });

  it("drop tables: stacks 1/2/3 at 85/10/5, breakXp 2 per tier ×stack; combat 100/1/2,4,10,16,20,36", () => {
    expect(DROP_TABLES.mining[1]).toEqual([
      { itemId: 10001, weight: 85, stack: 1, breakXp: 2 },
      { itemId: 10001, weight: 10, stack: 2, breakXp: 4 },
      { itemId: 10001, weight: 5, stack: 3, breakXp: 6 },
    ]);
    expect(DROP_TABLES.mycology[102]!.map((e) => e.breakXp)).toEqual([4, 8, 12]);
    expect(DROP_TABLES.botany[203]!.map((e) => e.breakXp)).toEqual([6, 12, 18]);
    expect(DROP_TABLES.mining[6]!.map((e) => e.breakXp)).toEqual([12, 24, 36]);
    for (const skill of GATHER_SKILLS)
      for (const [id, entries] of Object.entries(DROP_TABLES[skill])) {
        const tier = GATHER_NODES[Number(id)]!.id % 100;
        if (tier > 6) continue; // worldPast40.test.ts: the new tiers' break xp
        expect(entries.map((e) => [e.weight, e.stack, e.breakXp])).toEqual([
          [85, 1, 2 * tier],
          [10, 2, 4 * tier],
          [5, 3, 6 * tier],
        ]);
        for (const e of entries) expect(e.itemId).toBe(rawItemId(skill, tier));
      }
    expect(seed(TIERS).map((t) => DROP_TABLES.combat[t]![0]!.breakXp)).toEqual([2, 4, 10, 16, 20, 36]);
    for (const t of TIERS)
      expect(DROP_TABLES.combat[t]).toEqual([
        { itemId: 15000 + t, weight: 100, stack: 1, breakXp: expect.any(Number) },
      ]);
  });

  it("items: id ranges, categories and stack sizes", () => {
    const byRange = (lo: number) => Object.values(ITEMS).filter((i) => i.id >= lo && i.id < lo + 1000);
    for (const lo of [10000, 11000, 12000, 15000]) {
      // the 15000s also hold the four bosses' trophies (15107–15110)
      expect(byRange(lo)).toHaveLength(TIERS.length + (lo === 15000 ? 4 : 0));
      for (const i of byRange(lo)) {
        expect(i.category).toBe("Resource");
        // chosen over spec §9's 500: a resource's stack never fills (docs/decisions.md)
        expect([i.stack, i.bankStack, i.equipStack]).toEqual([UNLIMITED_STACK, UNLIMITED_STACK, null]);
      }
    }
    for (const lo of [20000, 21000, 22000]) {
      expect(byRange(lo)).toHaveLength(TIERS.length);
      for (const i of byRange(lo)) {
        expect(i.category).toBe("Material");
        // chosen over spec §9's 200, as resources
        expect([i.stack, i.bankStack, i.equipStack]).toEqual([UNLIMITED_STACK, UNLIMITED_STACK, null]);
      }
    }
    for (const [lo, clazz] of [
      [30000, "melee"],
      [31000, "magic"],
      [32000, "ranged"],
    ] as const) {
      expect(byRange(lo)).toHaveLength(7 * TIERS.length);
      for (const i of byRange(lo)) {
        expect(i.gearClass).toBe(clazz);
        expect(["Armor", "BodyArmor", "Weapon"]).toContain(i.category);
        expect([i.stack, i.equipStack, i.bankStack]).toEqual([20, 1, 100]);
        expect(i.statslots).toBe([1, 1, 2, 2, 3, 3, 3, 3, 3, 3][i.type.tier - 1]);
        expect(i.level).toBe(LEVELS[i.type.tier - 1]);
      }
    }
    expect(Object.keys(ITEMS)).toHaveLength(TIERS.length * (3 + 1 + 3 + 21) + 4);
    expect(ITEMS[10001]!.name).toBe("Dirt");
    expect(ITEMS[30107]!.spell).toBeNull();
    expect(ITEMS[30207]!.spell).toBe("whirlwind");
    expect(ITEMS[31207]!.spell).toBe("minor_heal");
    expect(ITEMS[32207]!.spell).toBe("long_shot");
  });

  it("recipes: xp and time inside the spec's ranges, levels follow the locations", () => {
    const seedTier = (r: { itemId: number }) => ITEMS[r.itemId]!.type.tier <= 6;
    const materials = Object.values(RECIPES).filter((r) => r.itemId < 30000 && seedTier(r));
    const gear = Object.values(RECIPES).filter((r) => r.itemId >= 30000 && seedTier(r));
    expect(materials).toHaveLength(18);
    expect(gear).toHaveLength(126);
    for (const r of materials) {
      expect(r.xp).toBeGreaterThanOrEqual(2);
      expect(r.xp).toBeLessThanOrEqual(17);
      expect(r.timeMs).toBeGreaterThanOrEqual(3000);
      expect(r.timeMs).toBeLessThanOrEqual(18000);
    }
    for (const r of gear) {
      expect(r.xp).toBeGreaterThanOrEqual(6);
      expect(r.xp).toBeLessThanOrEqual(72);
      expect(r.timeMs).toBeGreaterThanOrEqual(10000);
      expect(r.timeMs).toBeLessThanOrEqual(108000);
    }
    expect([RECIPES[20001]!.xp, RECIPES[20001]!.timeMs, RECIPES[20006]!.xp, RECIPES[20006]!.timeMs]).toEqual([
      2, 3000, 17, 18000,
    ]);
    expect([RECIPES[30101]!.xp, RECIPES[30101]!.timeMs, RECIPES[30607]!.xp, RECIPES[30607]!.timeMs]).toEqual([
      6, 10000, 72, 108000,
    ]);
    for (const r of Object.values(RECIPES)) {
      expect(r.level).toBe(LEVELS[ITEMS[r.itemId]!.type.tier - 1]);
      expect(r.output).toBe(1);
    }
  });

  it("tutorial: in every path 6 tier-1 resources make 3 crafts and then an equippable piece at level 1", () => {
    for (const gather of GATHER_SKILLS) {
      const craft = CRAFT_FROM_GATHER[gather];
      const mat = RECIPES[materialItemId(craft, 1)]!;
      expect(mat).toMatchObject({ skill: craft, level: 1, inputs: { [rawItemId(gather, 1)]: 1 } });
      const clazz = GEAR_CLASS_OF_CRAFT[craft];
      for (const slot of EQUIPMENT_SLOTS) {
        const g = RECIPES[gearItemId(clazz, 1, slot)]!;
        expect(g).toMatchObject({ skill: craft, level: 1, inputs: { [mat.itemId]: 1 } });
        expect(ITEMS[g.itemId]!.level).toBe(1);
      }
      // 3 materials from 3 resources, one of the materials into a gear piece: 4 of 6 resources' worth used
      expect(3 * mat.inputs[rawItemId(gather, 1)]!).toBeLessThanOrEqual(6);
    }
  });

  it("monsters", () => {
    const rows = Object.values(MONSTERS).map((m) => [
      m.name,
      m.level,
      m.hp,
      m.maxHp,
      m.attack,
      m.type,
      m.hitXp,
    ]);
    expect(seed(rows)).toEqual([
      ["Aphid", 1, 100, 100, 5, "magic", 1],
      ["Black Ant", 5, 300, 300, 10, "melee", 2],
      ["Dung Fly", 10, 500, 500, 15, "ranged", 5],
      ["Ladybug", 20, 800, 800, 25, "magic", 8],
      ["Beetle", 30, 1200, 1200, 40, "melee", 10],
      ["Mosquito", 40, 1700, 1700, 70, "ranged", 12],
    ]);
    for (const m of seed(Object.values(MONSTERS))) {
      expect(m.attackSpeed).toBe(2000);
      expect(m.time).toBe(10000);
    }
    expect(MONSTER_ID.aphid).toBe(1);
    expect(MONSTER_ID.mosquito).toBe(6);
    LOCATION_IDS_BY_SKILL.combat.forEach((id, i) => {
      const m = MONSTERS[locationFor("combat", id)!.spawns[0]!.id]!;
      expect(m.level).toBe(LEVELS[i]);
    });
  });

  it("spells", () => {
    expect(SPELLS.minor_heal).toMatchObject({
      name: "Minor Heal",
      type: "heal",
      value: 150,
      manaCost: 10,
      chance: 0.5,
      targets: 1,
      cooldownMs: 1000,
    });
    expect(SPELLS.whirlwind).toMatchObject({
      name: "Whirlwind",
      type: "melee_dmg",
      value: 100,
      manaCost: 10,
      chance: 0.5,
      targets: 2,
      cooldownMs: 7000,
    });
    expect(SPELLS.long_shot).toMatchObject({
      name: "Long Shot",
      type: "ranged_dmg",
      value: 200,
      manaCost: 9,
      chance: 0.5,
      targets: 1,
      cooldownMs: 5000,
    });
  });

  it("affixes: tier weights 120/40/10, nothing 800/400/200, spec example values", () => {
    expect(AFFIX_TIER_WEIGHTS).toMatchObject({ 1: 120, 2: 40, 3: 10 });
    expect(AFFIX_NOTHING_WEIGHTS).toMatchObject({ 1: 800, 2: 400, 3: 200 });
    for (const tier of [1, 2, 3] as const) {
      const nothing = AFFIXES.filter((a) => a.tier === tier && Object.keys(a.stats).length === 0);
      expect(nothing.map((a) => a.weight)).toEqual([AFFIX_NOTHING_WEIGHTS[tier]]);
      for (const a of AFFIXES.filter((x) => x.tier === tier && Object.keys(x.stats).length > 0))
        expect(a.weight).toBe(AFFIX_TIER_WEIGHTS[tier]);
    }
    const values = (key: string) =>
      AFFIXES.filter((a) => key in a.stats && a.tier <= 3).map((a) => a.stats[key]);
    expect(Math.min(...values("melee_lvl").map(Number))).toBe(1);
    expect(Math.max(...values("melee_lvl").map(Number))).toBe(4);
    expect(values("life_pct")).toEqual([1, 2, 4]);
    expect(values("mana_pct")).toEqual([1, 2, 4]);
    expect(values("mining_speed_pct")).toEqual([3, 4, 5]);
    expect(values("dodge_chance_pct")).toEqual([3, 4]);
    expect(values("crit_chance_pct")).toEqual([2, 3]);
    expect(values("block_chance_pct")).toEqual([3, 4]);
    expect(values("barrier")).toEqual([20, 30]);
    for (const key of [
      "health_lvl",
      "ranged_lvl",
      "magic_lvl",
      "intellect_lvl",
      "mining_damage",
      "mycology_damage",
      "botany_damage",
      "lifesteal_chance_pct",
      "freeze_chance_pct",
      "stun_chance_pct",
      "burn_chance_pct",
      "bleed_chance_pct",
      "dmg_per_rangedSpeed_pct",
      "dmg_per_mana_pct",
      "berserk_damage_pct",
    ])
      expect(values(key).length, key).toBeGreaterThan(0);
  });

  it("lab: costs, chains, locks and flags", () => {
    const root = lab("root");
    expect([root.cost, root.effects, root.prerequisites]).toEqual([[0], [], []]);
    expect(lab("east:utility:gold-pouch")).toMatchObject({ cost: [50], prerequisites: ["root"] });
    expect(lab("east:utility:inventory-1")).toMatchObject({
      cost: [100, 200, 300, 400, 500],
      maxLevel: 5,
      prerequisites: ["east:utility:gold-pouch"],
      effects: [{ type: "stat", key: "inv_size:+", op: "add", value: 1 }],
    });
    expect(lab("east:utility:inventory-2")).toMatchObject({
      cost: [800, 1100, 1300, 1500, 1800],
      prerequisites: ["east:utility:inventory-1"],
      effects: [{ type: "stat", key: "inv_size:+", op: "add", value: 2 }],
    });
    expect(lab("east:utility:quest")).toMatchObject({
      cost: [200],
      lock: true,
      prerequisites: ["east:utility:gold-pouch"],
    });
    expect(lab("north:intellect:unlock")).toMatchObject({ cost: [1000], lock: true });
    expect(lab("north:intellect:unlock").effects).toContainEqual({
      type: "feature",
      key: "intellect",
      op: "enable",
    });
    expect(lab("west:meta:multiplayer")).toMatchObject({ cost: [100], lock: true });
    expect(
      Object.values(LAB_NODES)
        .filter((n) => n.lock)
        .map((n) => n._id)
        .sort(),
    ).toEqual(["east:utility:quest", "north:intellect:unlock", "west:meta:multiplayer"]);
    expect([1, 2, 3].map((t) => lab(`west:crafting:tier-${t}`).cost[0])).toEqual([500, 1000, 2000]);
    expect(lab("west:crafting:tier-3").prerequisites).toEqual(["west:crafting:tier-2"]);
    expect(lab("west:crafting:tier-2").effects).toEqual([
      { type: "feature", key: "crafting:tier:2", op: "enable" },
    ]);

    for (const gather of GATHER_SKILLS) {
      const craft = CRAFT_FROM_GATHER[gather];
      const style = GEAR_CLASS_OF_CRAFT[craft];
      const unlock = lab(`south:${gather}:unlock`);
      expect(unlock).toMatchObject({ cost: [0], prerequisites: ["root"], unlockRoot: true, pos: { y: 2 } });
      expect(lab(`south:${craft}:unlock`)).toMatchObject({ cost: [0], prerequisites: [unlock._id] });
      const styleNode = lab(`south:${style}:unlock`);
      expect(styleNode).toMatchObject({ cost: [0], prerequisites: [`south:${craft}:unlock`] });
      expect(styleNode.effects.map((e) => e.key).sort()).toEqual(["combat", style]);
      expect([2, 3, 4].map((s) => lab(`south:${craft}:slot-${s}`).cost[0])).toEqual([2000, 5000, 10000]);
      expect(lab(`south:${craft}:slot-4`).prerequisites).toEqual([`south:${craft}:slot-3`]);
      expect(lab(`south:${craft}:slot-2`).effects[0]).toEqual({
        type: "feature",
        key: `${craft}:slot:2`,
        op: "enable",
      });

      const d5 = lab(`south:${gather}:damage-5`);
      expect(d5.maxLevel).toBe(5);
      expect([d5.cost[0], d5.cost[4]]).toEqual([20, gather === "mining" ? 300 : 400]);
      expect(d5.effects).toEqual([
        { type: "stat", key: `${gather}:damage:+`, op: "add", value: gather === "botany" ? 1 : 5 },
      ]);
      const d10 = lab(`south:${gather}:damage-10`);
      expect([d10.cost[0], d10.cost[4], d10.maxLevel]).toEqual([500, 1600, 5]);
      const d20 = lab(`south:${gather}:damage-20`);
      expect([d20.cost[0], d20.cost[4], d20.maxLevel]).toEqual([2000, 4000, 5]);
      expect(d20.effects[0]).toMatchObject({ value: 20 });
      expect(lab(`south:${gather}:speed-1`).effects).toEqual([
        { type: "stat", key: `${gather}:speed:+`, op: "x", value: 1.01 },
      ]);
      expect(lab(`south:${gather}:speed-2`).effects).toEqual([
        { type: "stat", key: `${gather}:speed:+`, op: "x", value: 1.02 },
      ]);
      for (const skill of [gather, craft]) {
        expect(lab(`south:${skill}:rp-gain-2`).effects).toEqual([
          { type: "stat", key: `${skill}:gainRP:+`, op: "add", value: 0.02 },
        ]);
        expect(lab(`south:${skill}:rp-gain-5`).effects).toEqual([
          { type: "stat", key: `${skill}:gainRP:+`, op: "add", value: 0.05 },
        ]);
      }
    }
    expect(["2", "5", "10"].map((n) => lab(`south:combat:rp-gain-${n}`).effects[0])).toEqual(
      [0.02, 0.05, 0.1].map((value) => ({ type: "stat", key: "combat:gainRP:+", op: "add", value })),
    );
    expect(["1", "5", "10"].map((n) => lab(`south:combat:damage-${n}`).effects[0])).toEqual(
      [1, 5, 10].map((value) => ({ type: "stat", key: "combat:damage:+", op: "add", value })),
    );
    expect(["1", "2"].map((n) => lab(`south:combat:speed-${n}`).effects[0])).toEqual(
      [1.01, 1.02].map((value) => ({ type: "stat", key: "combat:speed:+", op: "x", value })),
    );
    for (const n of Object.values(LAB_NODES)) {
      expect(n.cost).toHaveLength(n.maxLevel);
      if (/:(damage|speed|rp-gain)-/.test(n._id)) expect(n.maxLevel, n._id).toBe(5);
    }
    expect(lab("south:botany:damage-5").label).toBe("Botany damage +5");
    expect(lab("west:crafting:tier-1").pos.x).toBeLessThan(0);
    expect(lab("east:utility:gold-pouch").pos.x).toBeGreaterThan(0);
    const positions = Object.values(LAB_NODES).map((n) => `${n.pos.x},${n.pos.y}`);
    expect(new Set(positions).size).toBe(positions.length);
    expect(lab("north:intellect:unlock").pos.y).toBeLessThan(0);
  });

  it("unlock roots cost 1000 × the roots bought before", () => {
    expect(UNLOCK_ROOT_IDS).toEqual(["south:mining:unlock", "south:mycology:unlock", "south:botany:unlock"]);
    expect([0, 1, 2].map(unlockRootCost)).toEqual([0, 1000, 2000]);
    for (const id of UNLOCK_ROOT_IDS) expect(lab(id).unlockRoot).toBe(true);
    expect(Object.values(LAB_NODES).filter((n) => n.unlockRoot)).toHaveLength(3);
  });

  it("constants of spec §9", () => {
    expect(C.SUBSCRIPTION_XP_MULTIPLIER).toBe(1.5);
    expect([C.CRAFT_TICK_MS, C.DEFAULT_ACTION_MS, C.MIN_ACTION_MS]).toEqual([1000, 3000, 100]);
    expect([C.MONSTER_ATTACK_TIME, C.MIN_MONSTER_ATTACK_MS]).toEqual([10000, 500]);
    expect([C.GATHER_DAMAGE_BASE, C.GATHER_DAMAGE_PER_LEVEL, C.MIN_DAMAGE]).toEqual([2, 1.5, 1]);
    expect(C.STYLE_DAMAGE_MULTIPLIER).toEqual({ melee: 3, magic: 2.5, ranged: 2 });
    expect([C.CRIT_MULTIPLIER, C.AFFINITY_MULTIPLIER, C.PASSIVE_HEAL_RATIO]).toEqual([2, 1.5, 0.1]);
    expect([C.FREEZE_MS, C.STUN_MS, C.BURN_MS, C.BLEED_MS, C.STATUS_TICK_MS]).toEqual([
      1500, 1500, 5000, 5000, 1000,
    ]);
    expect([C.BURN_DPS_RATIO, C.BLEED_DPS_RATIO]).toEqual([0.3, 0.2]);
    expect([C.BARRIER_COOLDOWN_MS, C.DEATH_MS]).toEqual([6000, 10000]);
    expect([C.OFFLINE_THRESHOLD_MS, C.SYNC_RETRY_MS, C.CRAFT_IDLE_HOME_MS, C.PANEL_POLL_MS]).toEqual([
      2000, 1500, 1500, 45000,
    ]);
    expect(C.CHAT_HISTORY).toBe(50);
    expect([C.RP_PER_XP, C.RP_MULTIPLIER_MIN, C.RP_MULTIPLIER_MAX, C.RP_DECIMALS]).toEqual([50, 0.01, 10, 3]);
    expect(C.GUEST_COOKIE_MAX_AGE_S).toBe(31_536_000);
    expect(C.DEFAULT_INV_SIZE).toBe(20);
    expect(C.STARTING_TUTORIAL_STEP).toBe("go-picklelogy");
    expect([C.TUTORIAL_GATHER_THRESHOLD, C.TUTORIAL_CRAFT_THRESHOLD, C.TUTORIAL_EQUIP_THRESHOLD]).toEqual([
      6, 3, 1,
    ]);
    expect([C.BASE_HEALTH, C.HEALTH_PER_LEVEL, C.BASE_MANA, C.MANA_PER_LEVEL]).toEqual([100, 10, 100, 10]);
    expect(C.UNLOCK_ROOT_COST_STEP).toBe(1000);
  });
});
