/**
 * Item pictures from the item id alone (shared/src/data/itemIds.ts): the range gives the family
 * (raw resource per gathering skill, combat drop, material per crafting skill, gear per class and slot),
 * the last digits the tier. A handful of path templates, tinted per family and tier.
 */

export type ItemFamily =
  | "rock"
  | "mushroom"
  | "leaf"
  | "drop"
  | "trophy"
  | "brick"
  | "leather"
  | "cloth"
  | "head"
  | "chest"
  | "legs"
  | "feet"
  | "hands"
  | "offhand"
  | "mainhand"
  | "unknown";

export type GearClass = "melee" | "magic" | "ranged";

export interface ItemShape {
  family: ItemFamily;
  tier: number;
  gearClass: GearClass | null;
}

const MAX_TIER = 10;
const SLOTS: ItemFamily[] = ["head", "chest", "legs", "feet", "hands", "offhand", "mainhand"];
const RAW: Record<number, ItemFamily> = { 10: "rock", 11: "mushroom", 12: "leaf", 15: "drop" };
const MATERIAL: Record<number, ItemFamily> = { 20: "brick", 21: "leather", 22: "cloth" };
const GEAR: Record<number, GearClass> = { 30: "melee", 31: "magic", 32: "ranged" };

export function itemShape(itemId: number): ItemShape {
  const range = Math.floor(itemId / 1000);
  const rest = itemId % 1000;
  const raw = RAW[range] ?? MATERIAL[range];
  if (raw && rest >= 1 && rest <= MAX_TIER) return { family: raw, tier: rest, gearClass: null };
  // a party boss's trophy: 15107 … 15110 (shared bossDropItemId)
  if (range === 15 && rest > 100 && rest <= 100 + MAX_TIER)
    return { family: "trophy", tier: rest - 100, gearClass: null };
  const gearClass = GEAR[range];
  // tier 10's gear takes the hundreds digit 0 (shared gearItemId)
  const tier = Math.floor(rest / 100) || MAX_TIER;
  const slot = SLOTS[(rest % 100) - 1];
  if (gearClass && slot) return { family: slot, tier, gearClass };
  return { family: "unknown", tier: 1, gearClass: null };
}

/** The gathered rocks' colours, tier 1 → 10; a brick is made of its tier's rock and takes its colour. */
const ROCK_COLOURS: readonly string[] = [
  "#8a6a4a",
  "#c06b45",
  "#9aa3a8",
  "#8fd6ea",
  "#3f434a",
  "#b8c2cc",
  "#5d6470",
  "#c87533",
  "#dfe3e8",
  "#9b5fc0",
];

/** Fill colours per family, tier 1 → 10. */
export const PALETTES: Record<ItemFamily, readonly string[]> = {
  // dirt, clay, stone, glass, coal, iron, flint, copper, silver, amethyst
  rock: ROCK_COLOURS,
  // button, puffball, chanterelle, oyster, morel, truffle, porcini, sulphur shelf, fly agaric, lion's mane
  mushroom: [
    "#e9dcc6",
    "#f1ede2",
    "#f2a93b",
    "#c9c3b5",
    "#9c7650",
    "#4e3b2e",
    "#8b5a2b",
    "#f5b82e",
    "#d7261e",
    "#f7f3e8",
  ],
  // grass, clover, dandelion, nettle, flax, cotton, hemp, lavender, bamboo, willow
  leaf: [
    "#6cc04a",
    "#3f9e4d",
    "#f5d547",
    "#2f7d4f",
    "#7fa7e0",
    "#f4f1ea",
    "#7a9a3a",
    "#a38bd4",
    "#b5c95a",
    "#9fb87a",
  ],
  // honeydew, mandible, wing, shell, horn, proboscis, stinger, jaw, claw, venom
  drop: [
    "#b7e27a",
    "#2d2a2a",
    "#bfe3f0",
    "#e0453a",
    "#5b3b8c",
    "#a05a5a",
    "#f2c230",
    "#6b3a1e",
    "#5fae4a",
    "#e07a1f",
  ],
  // a trophy takes its tier's insect drop colour
  trophy: [
    "#b7e27a",
    "#2d2a2a",
    "#bfe3f0",
    "#e0453a",
    "#5b3b8c",
    "#a05a5a",
    "#f2c230",
    "#6b3a1e",
    "#5fae4a",
    "#e07a1f",
  ],
  brick: ROCK_COLOURS,
  leather: [
    "#c9b28f",
    "#d8cbb0",
    "#d48c3c",
    "#a89f8b",
    "#7d5a3c",
    "#4e3b2e",
    "#8b5a2b",
    "#e3a52a",
    "#c23a2a",
    "#efe6cf",
  ],
  cloth: [
    "#9ccc6a",
    "#4caf6a",
    "#f2d04e",
    "#3d8a5c",
    "#8fb0e6",
    "#f4f1ea",
    "#b9a878",
    "#b49ce0",
    "#c9d77a",
    "#a88a5a",
  ],
  head: [],
  chest: [],
  legs: [],
  feet: [],
  hands: [],
  offhand: [],
  mainhand: [],
  unknown: ["#7c927a"],
};

/** Gear takes its tier's material colour from its crafting family. */
export const GEAR_PALETTE: Record<GearClass, readonly string[]> = {
  melee: PALETTES.brick,
  magic: PALETTES.leather,
  ranged: PALETTES.cloth,
};

export function itemColor(shape: ItemShape): string {
  const palette = shape.gearClass ? GEAR_PALETTE[shape.gearClass] : PALETTES[shape.family];
  return palette[shape.tier - 1] ?? palette[0] ?? "#7c927a";
}
