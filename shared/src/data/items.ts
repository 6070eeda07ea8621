import { GATHER_NODE_BASE, GATHER_NODES } from "./gatherNodes.ts";
import {
  bossDropItemId,
  CRAFT_FROM_GATHER,
  CRAFT_OF_GEAR_CLASS,
  combatDropItemId,
  gearItemId,
  materialItemId,
  rawItemId,
  TIER_LEVELS,
  TIERS,
} from "./itemIds.ts";
import { RECIPES } from "./recipes.ts";
import type { Item, Stats } from "./schemas.ts";
import type { CombatStyle, CraftSkill, EquipmentSlot, GatherSkill } from "./skills.ts";
import { COMBAT_STYLES, EQUIPMENT_SLOTS, GATHER_SKILLS } from "./skills.ts";
import { FRONTIER_SPELLS, type SpellId } from "./spells.ts";

/**
 * chosen: a resource or material stack never fills in practice (a billion), where spec §9 says 500 and
 * 200: one slot holds all of an item, so a night away fills no bag and the slots bound the kinds of items
 * kept, not their counts (docs/decisions.md, "A night away loses nothing"). Gear keeps the spec's 20.
 */
export const UNLIMITED_STACK = 1_000_000_000;

/** Stack sizes: spec §9's, but for resources and materials (UNLIMITED_STACK). */
export const STACK_SIZES = {
  resource: { stack: UNLIMITED_STACK, bankStack: UNLIMITED_STACK },
  material: { stack: UNLIMITED_STACK, bankStack: UNLIMITED_STACK },
  gear: { stack: 20, equipStack: 1, bankStack: 100 },
} as const;

const MATERIAL_NAMES: Readonly<Record<CraftSkill, readonly string[]>> = {
  // chosen: one material per raw resource
  smithing: [
    "Dirt Brick",
    "Clay Brick",
    "Stone Block",
    "Glass Pane",
    "Coal Briquette",
    "Iron Ingot",
    "Flint Slab",
    "Copper Ingot",
    "Silver Ingot",
    "Amethyst Shard",
  ],
  tanning: [
    "Button Leather",
    "Puffball Leather",
    "Chanterelle Leather",
    "Oyster Leather",
    "Morel Leather",
    "Truffle Leather",
    "Porcini Leather",
    "Sulphur Leather",
    "Agaric Leather",
    "Lion's Mane Leather",
  ],
  tailoring: [
    "Grass Twine",
    "Clover Thread",
    "Dandelion Cloth",
    "Nettle Cloth",
    "Linen",
    "Cotton Cloth",
    "Hemp Canvas",
    "Lavender Cloth",
    "Bamboo Fibre",
    "Willow Wicker",
  ],
};

// chosen: one drop per monster, in monster id order
const COMBAT_DROP_NAMES = [
  "Honeydew",
  "Ant Mandible",
  "Fly Wing",
  "Ladybug Shell",
  "Beetle Horn",
  "Mosquito Proboscis",
  "Wasp Stinger",
  "Stag Beetle Jaw",
  "Mantis Claw",
  "Hornet Venom",
] as const;

// chosen: a boss's trophy, by tier 7–10 (data/bosses.ts); sold as four insect drops of its tier
const BOSS_TROPHY_NAMES: Readonly<Record<number, string>> = {
  7: "Queen's Stinger",
  8: "Royal Antler",
  9: "Empress Scythe",
  10: "Tyrant Venom Sac",
};
const TROPHY_SELL_X = 4;

// chosen: gear named after its tier's material
const GEAR_PREFIX: Readonly<Record<CombatStyle, readonly string[]>> = {
  melee: ["Dirt", "Clay", "Stone", "Glass", "Coal", "Iron", "Flint", "Copper", "Silver", "Amethyst"],
  magic: [
    "Button",
    "Puffball",
    "Chanterelle",
    "Oyster",
    "Morel",
    "Truffle",
    "Porcini",
    "Sulphur",
    "Agaric",
    "Lion's Mane",
  ],
  ranged: [
    "Grass",
    "Clover",
    "Dandelion",
    "Nettle",
    "Linen",
    "Cotton",
    "Hemp",
    "Lavender",
    "Bamboo",
    "Wicker",
  ],
};
const GEAR_PIECE: Readonly<Record<CombatStyle, Readonly<Record<EquipmentSlot, string>>>> = {
  melee: {
    head: "Helmet",
    chest: "Chestplate",
    legs: "Greaves",
    feet: "Sabatons",
    hands: "Gauntlets",
    offhand: "Shield",
    mainhand: "Sword",
  },
  magic: {
    head: "Hood",
    chest: "Robe",
    legs: "Leggings",
    feet: "Slippers",
    hands: "Gloves",
    offhand: "Tome",
    mainhand: "Staff",
  },
  ranged: {
    head: "Cap",
    chest: "Tunic",
    legs: "Trousers",
    feet: "Boots",
    hands: "Bracers",
    offhand: "Quiver",
    mainhand: "Bow",
  },
};

// chosen: stat slots 1 at tiers 1–2, 2 at tiers 3–4, 3 from tier 5 up (the tiers past 40 roll better affixes
// in them instead: affixes.ts)
const GEAR_STATSLOTS = [1, 1, 2, 2, 3, 3, 3, 3, 3, 3] as const;
// chosen: spells on mainhands from tier 2 up; the magic class's is Minor Heal
const GEAR_SPELL: Readonly<Record<CombatStyle, SpellId>> = {
  melee: "whirlwind",
  magic: "minor_heal",
  ranged: "long_shot",
};
const GEAR_SPELL_FROM_TIER = 2;
// chosen: past level 40 the offhand carries its tier's frontier spell (spells.ts), the area's "right spell"
function gearSpell(clazz: CombatStyle, tier: number, slot: EquipmentSlot): SpellId | null {
  if (slot === "mainhand") return tier >= GEAR_SPELL_FROM_TIER ? GEAR_SPELL[clazz] : null;
  if (slot === "offhand") return FRONTIER_SPELLS[tier as keyof typeof FRONTIER_SPELLS]?.[clazz] ?? null;
  return null;
}

// chosen: sell values rise linearly with tier
const SELL_PER_TIER = { resource: 1, combatDrop: 5, material: 3, gear: 20 } as const;

// chosen: a tier 7–8 offhand gives 2 mana a second, a tier 9–10 one 3, what its frontier spell costs over its
// cooldown and a little more (mana has no other regeneration in a fight)
const OFFHAND_MANA_REGEN: Readonly<Record<number, number>> = { 7: 2, 8: 2, 9: 3, 10: 3 };
// chosen: a tier 7–10 chest carries a barrier (absorbed every 6 s) of about two thirds of what its area's insect
// bites through in 6 s at the tier's level: the armour half of "the right gear" (docs/combat-balance.md)
const CHEST_BARRIER: Readonly<Record<number, number>> = { 7: 180, 8: 520, 9: 1000, 10: 1400 };

// chosen: a tier 7–10 helmet wards off its tier's insect affliction and those below (docs/combat-balance.md
// "Afflictions"): the `ward` stat is the helmet's tier
const WARD_FROM_TIER = 7;

/**
 * chosen gear stats: the mainhand gives 2 × tier levels of its class's skill, the offhand tier levels of it
 * (and from tier 7 the mana its spell needs); armour gives tier health levels (the chest 2 × tier, and from
 * tier 7 a barrier, the helmet a ward).
 */
function gearStats(clazz: CombatStyle, tier: number, slot: EquipmentSlot): Stats {
  const styleLvl = `${clazz}_lvl`;
  if (slot === "mainhand") return { [styleLvl]: 2 * tier };
  if (slot === "offhand") {
    const manaRegen = OFFHAND_MANA_REGEN[tier];
    return manaRegen ? { [styleLvl]: tier, mana_regen: manaRegen } : { [styleLvl]: tier };
  }
  if (slot === "head" && tier >= WARD_FROM_TIER) return { health_lvl: tier, ward: tier };
  if (slot !== "chest") return { health_lvl: tier };
  const barrier = CHEST_BARRIER[tier];
  return barrier ? { health_lvl: 2 * tier, barrier } : { health_lvl: 2 * tier };
}

function gearCategory(slot: EquipmentSlot): Item["category"] {
  if (slot === "chest") return "BodyArmor";
  if (slot === "mainhand" || slot === "offhand") return "Weapon";
  return "Armor";
}

const NOT_CRAFTED = { craftlvlreq: null, craftmaterials: {}, outputqty: 1 } as const;
const NOT_GEAR = {
  equipStack: null,
  equipmentslot: null,
  gearClass: null,
  statslots: 0,
  spell: null,
  stats: {},
} as const;

function crafted(id: number): Pick<Item, "craftlvlreq" | "craftmaterials" | "outputqty"> {
  const recipe = RECIPES[id]!;
  return { craftlvlreq: recipe.level, craftmaterials: recipe.inputs, outputqty: recipe.output };
}

function rawItem(skill: GatherSkill, tier: number): Item {
  const id = rawItemId(skill, tier);
  const name = GATHER_NODES[GATHER_NODE_BASE[skill] + tier]!.name;
  return {
    id,
    name,
    category: "Resource",
    type: { skill, tier },
    description: `${name} gathered by ${skill}.`,
    image: `items/${id}`,
    level: TIER_LEVELS[tier - 1]!,
    ...NOT_CRAFTED,
    sellvalue: SELL_PER_TIER.resource * tier,
    stackable: true,
    ...STACK_SIZES.resource,
    ...NOT_GEAR,
  };
}

function combatDrop(tier: number): Item {
  const id = combatDropItemId(tier);
  const name = COMBAT_DROP_NAMES[tier - 1]!;
  return {
    id,
    name,
    category: "Resource",
    type: { skill: "combat", tier },
    description: `${name} dropped in combat.`,
    image: `items/${id}`,
    level: TIER_LEVELS[tier - 1]!,
    ...NOT_CRAFTED,
    sellvalue: SELL_PER_TIER.combatDrop * tier,
    stackable: true,
    ...STACK_SIZES.resource,
    ...NOT_GEAR,
  };
}

function bossTrophy(tier: number): Item {
  const id = bossDropItemId(tier);
  const name = BOSS_TROPHY_NAMES[tier]!;
  return {
    ...combatDrop(tier),
    id,
    name,
    description: `${name} won from a party boss.`,
    image: `items/${id}`,
    sellvalue: SELL_PER_TIER.combatDrop * tier * TROPHY_SELL_X,
  };
}

function material(skill: CraftSkill, tier: number): Item {
  const id = materialItemId(skill, tier);
  const name = MATERIAL_NAMES[skill][tier - 1]!;
  return {
    id,
    name,
    category: "Material",
    type: { skill, tier },
    description: `${name} made by ${skill}.`,
    image: `items/${id}`,
    level: TIER_LEVELS[tier - 1]!,
    ...crafted(id),
    sellvalue: SELL_PER_TIER.material * tier,
    stackable: true,
    ...STACK_SIZES.material,
    ...NOT_GEAR,
  };
}

function gear(clazz: CombatStyle, tier: number, slot: EquipmentSlot): Item {
  const id = gearItemId(clazz, tier, slot);
  const name = `${GEAR_PREFIX[clazz][tier - 1]!} ${GEAR_PIECE[clazz][slot]}`;
  const skill = CRAFT_OF_GEAR_CLASS[clazz];
  return {
    id,
    name,
    category: gearCategory(slot),
    type: { skill, tier },
    description: `Tier ${tier} ${clazz} ${slot} made by ${skill}.`,
    image: `items/${id}`,
    level: TIER_LEVELS[tier - 1]!,
    ...crafted(id),
    sellvalue: SELL_PER_TIER.gear * tier,
    stackable: true,
    ...STACK_SIZES.gear,
    equipmentslot: slot,
    gearClass: clazz,
    statslots: GEAR_STATSLOTS[tier - 1]!,
    spell: gearSpell(clazz, tier, slot),
    stats: gearStats(clazz, tier, slot),
  };
}

const ALL_ITEMS: Item[] = [
  ...GATHER_SKILLS.flatMap((s) => TIERS.map((t) => rawItem(s, t))),
  ...TIERS.map(combatDrop),
  ...Object.keys(BOSS_TROPHY_NAMES).map((t) => bossTrophy(Number(t))),
  ...GATHER_SKILLS.flatMap((s) => TIERS.map((t) => material(CRAFT_FROM_GATHER[s], t))),
  ...COMBAT_STYLES.flatMap((c) => TIERS.flatMap((t) => EQUIPMENT_SLOTS.map((slot) => gear(c, t, slot)))),
];

/** Item id → item: every raw resource, combat drop, material and gear piece. */
export const ITEMS: Readonly<Record<number, Item>> = Object.fromEntries(ALL_ITEMS.map((i) => [i.id, i]));
