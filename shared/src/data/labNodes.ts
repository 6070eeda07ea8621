import { UNLOCK_ROOT_COST_STEP } from "./constants.ts";
import { CRAFT_FROM_GATHER, GEAR_CLASS_OF_CRAFT } from "./itemIds.ts";
import { add, feature, node, times, title } from "./labNodeBuilders.ts";
import type { LabNode } from "./schemas.ts";
import type { CraftSkill, GatherSkill } from "./skills.ts";
import { GATHER_SKILLS } from "./skills.ts";

/**
 * The lab tree (spec §4 "Node chains", §9 "Lab costs"); how the spec was read is in docs/lab-tree.md.
 * Stat effects apply once per level bought: `add` sums value × level, `x` multiplies value^level.
 * RP-gain values are fractions: a player's RP multiplier for a skill is 1 + its {skill}:gainRP:+ modifier.
 */

export const LAB_ROOT_ID = "root";

const ROOT = node("root", "meta", "Picklelogy Lab", "Where every discovery starts.", [0], [], [], {
  x: 0,
  y: 0,
});

/**
 * chosen (docs/progression.md "Picklelogy and the lab past 40"): the research of the world past level 40 opens
 * with picklelogy at each new tier's level, so picklelogy's levels unlock something up to 88, and each tier's
 * node gives RP a use past day 20 beside Garden Research: 5 levels of +5 × (tier − 6) damage in every
 * gathering skill and in combat, from 3,000 RP a level at tier 7 doubling each tier (about 340,000 RP in all).
 */
export const FRONTIER_PICKLELOGY: Readonly<Record<number, number>> = { 7: 50, 8: 62, 9: 75, 10: 88 };
// chosen: 50 levels from 5,000 RP rising 2,000 a level (about 2.7 M RP in all): a sink for weeks past the full lab
// whose level stays within a day or two of late RP (the first 20 levels rose 25 % each: the last ones took weeks
// each, the "nothing new for 160 hours" of docs/progression.md); a level bought keeps its +1 %
const RESEARCH_COST = Array.from({ length: 50 }, (_, i) => 5000 + 2000 * i);

const UTILITY: LabNode[] = [
  node(
    "east:utility:gold-pouch",
    "utility",
    "Gold Pouch",
    "Carry gold.",
    [50],
    ["root"],
    [feature("goldPouch")],
    {
      x: 2,
      y: 0,
    },
  ),
  node(
    "east:utility:inventory-1",
    "utility",
    "Inventory +1",
    "One more inventory slot per level.",
    [100, 200, 300, 400, 500],
    ["east:utility:gold-pouch"],
    [add("inv_size:+", 1)],
    { x: 4, y: 0 },
  ),
  node(
    "east:utility:inventory-2",
    "utility",
    "Inventory +2",
    "Two more inventory slots per level.",
    [800, 1100, 1300, 1500, 1800],
    ["east:utility:inventory-1"],
    [add("inv_size:+", 2)],
    { x: 6, y: 0 },
  ),
  node(
    "east:utility:quest",
    "utility",
    "Quests",
    "Unlock quests.",
    [200],
    ["east:utility:gold-pouch"],
    [feature("quest")],
    { x: 2, y: -2 },
    { lock: true },
  ),
  // chosen: 1500 RP, about a day of tier-3 play: the lucky node is a mid-game find, not a first buy
  node(
    "east:utility:lucky-find",
    "utility",
    "Lucky Find",
    "Each area's lucky node turns up three times as often.",
    [1500],
    ["east:utility:gold-pouch"],
    [feature("luckynode")],
    { x: 4, y: -2 },
  ),
  // chosen: where RP goes once the lab is full: 50 levels of +1% xp in every skill (RESEARCH_COST)
  node(
    "east:utility:research",
    "utility",
    "Garden Research",
    "+1% xp in every skill per level.",
    RESEARCH_COST,
    ["east:utility:lucky-find"],
    [add("xp:+", 0.01)],
    { x: 6, y: -2 },
  ),
  // chosen: crafting tier 1 hangs from the root, westwards (the spec only says the tiers are chained)
  node(
    "west:crafting:tier-1",
    "utility",
    "Crafting Tier 1",
    "Crafted gear may roll tier-1 affixes.",
    [500],
    ["root"],
    [feature("crafting:tier:1")],
    { x: -2, y: 0 },
  ),
  node(
    "west:crafting:tier-2",
    "utility",
    "Crafting Tier 2",
    "Crafted gear may roll tier-2 affixes.",
    [1000],
    ["west:crafting:tier-1"],
    [feature("crafting:tier:2")],
    { x: -4, y: 0 },
  ),
  node(
    "west:crafting:tier-3",
    "utility",
    "Crafting Tier 3",
    "Crafted gear may roll tier-3 affixes.",
    [2000],
    ["west:crafting:tier-2"],
    [feature("crafting:tier:3")],
    { x: -6, y: 0 },
  ),
  // chosen: 12,000 RP, a few days of RP at level 50, from picklelogy 50: the affixes of gear past level 40
  node(
    "west:crafting:tier-4",
    "utility",
    "Crafting Tier 4",
    "Crafted gear of tier 7 and up may roll tier-4 affixes.",
    [12000],
    ["west:crafting:tier-3"],
    [feature("crafting:tier:4")],
    { x: -8, y: 0 },
    { picklelogy: FRONTIER_PICKLELOGY[7] },
  ),
  node(
    "north:intellect:unlock",
    "combat",
    "Intellect",
    "Cast spells with mana.",
    [1000],
    ["root"],
    [feature("intellect")],
    { x: 0, y: -2 },
    { lock: true },
  ),
  node(
    "west:meta:multiplayer",
    "meta",
    "Multiplayer",
    "Host or join rooms.",
    [100],
    ["root"],
    [feature("multiplayer")],
    { x: -2, y: -2 },
    { lock: true },
  ),
];

// chosen per-level costs inside the spec's ranges (§9 gives only first and last)
const GATHER_DAMAGE_5_COST: Readonly<Record<GatherSkill, number[]>> = {
  mining: [20, 50, 100, 200, 300],
  mycology: [20, 60, 120, 250, 400],
  botany: [20, 60, 120, 250, 400],
};
const GATHER_DAMAGE_10_COST = [500, 750, 1000, 1300, 1600];
const GATHER_DAMAGE_20_COST = [2000, 2500, 3000, 3500, 4000];
// chosen: speed and RP-gain costs (the spec gives none)
const SPEED_1_COST = [50, 100, 200, 350, 500];
const SPEED_2_COST = [800, 1200, 1600, 2000, 2500];
// chosen: RP-gain costs that pay back within 7 days of play in their skill (the first costs were twice as
// dear and took up to 12 days for a crafting skill): `npm run sim` measures each level bought
const RP_GAIN_2_COST = [100, 150, 200, 300, 400];
const RP_GAIN_5_COST = [600, 800, 1000, 1200, 1500];
const CRAFT_SLOT_COST = [2000, 5000, 10000] as const;

const BRANCH_X: Readonly<Record<GatherSkill, number>> = { mining: -8, mycology: 0, botany: 8 };

function rpGainNodes(
  skill: GatherSkill | CraftSkill,
  category: LabNode["category"],
  after: string,
  x: number,
  y: number,
): LabNode[] {
  const key = `${skill}:gainRP:+`;
  const two = `south:${skill}:rp-gain-2`;
  return [
    node(
      two,
      category,
      `${title(skill)} RP +2%`,
      `+2% RP from ${skill} xp per level.`,
      RP_GAIN_2_COST,
      [after],
      [add(key, 0.02)],
      { x, y },
    ),
    node(
      `south:${skill}:rp-gain-5`,
      category,
      `${title(skill)} RP +5%`,
      `+5% RP from ${skill} xp per level.`,
      RP_GAIN_5_COST,
      [two],
      [add(key, 0.05)],
      { x, y: y + 1 },
    ),
  ];
}

function gatherBranch(skill: GatherSkill): LabNode[] {
  const x = BRANCH_X[skill];
  const unlock = `south:${skill}:unlock`;
  const dmg = `${skill}:damage:+`;
  const speed = `${skill}:speed:+`;
  return [
    node(
      unlock,
      skill,
      `Unlock ${title(skill)}`,
      `Gather with ${skill}.`,
      [0],
      ["root"],
      [feature(skill)],
      { x, y: 2 },
      { unlockRoot: true },
    ),
    // spec §9: "the botany damage +5 node actually adds 1"; the label keeps +5, the description tells the truth
    node(
      `south:${skill}:damage-5`,
      skill,
      `${title(skill)} damage +5`,
      `+${skill === "botany" ? 1 : 5} ${skill} damage per level.`,
      GATHER_DAMAGE_5_COST[skill],
      [unlock],
      [add(dmg, skill === "botany" ? 1 : 5)],
      { x: x - 3, y: 3 },
    ),
    node(
      `south:${skill}:damage-10`,
      skill,
      `${title(skill)} damage +10`,
      `+10 ${skill} damage per level.`,
      GATHER_DAMAGE_10_COST,
      [`south:${skill}:damage-5`],
      [add(dmg, 10)],
      { x: x - 3, y: 4 },
    ),
    node(
      `south:${skill}:damage-20`,
      skill,
      `${title(skill)} damage +20`,
      `+20 ${skill} damage per level.`,
      GATHER_DAMAGE_20_COST,
      [`south:${skill}:damage-10`],
      [add(dmg, 20)],
      { x: x - 3, y: 5 },
    ),
    node(
      `south:${skill}:speed-1`,
      skill,
      `${title(skill)} speed +1%`,
      `${skill} 1% faster per level.`,
      SPEED_1_COST,
      [unlock],
      [times(speed, 1.01)],
      { x: x - 2, y: 3 },
    ),
    node(
      `south:${skill}:speed-2`,
      skill,
      `${title(skill)} speed +2%`,
      `${skill} 2% faster per level.`,
      SPEED_2_COST,
      [`south:${skill}:speed-1`],
      [times(speed, 1.02)],
      { x: x - 2, y: 4 },
    ),
    ...rpGainNodes(skill, skill, unlock, x - 1, 3),
    ...craftBranch(CRAFT_FROM_GATHER[skill], unlock, x),
  ];
}

function craftBranch(craft: CraftSkill, after: string, x: number): LabNode[] {
  const unlock = `south:${craft}:unlock`;
  const style = GEAR_CLASS_OF_CRAFT[craft];
  const slots = CRAFT_SLOT_COST.map((c, i) =>
    node(
      `south:${craft}:slot-${i + 2}`,
      craft,
      `${title(craft)} slot ${i + 2}`,
      `A ${i + 2}${i === 0 ? "nd" : i === 1 ? "rd" : "th"} ${craft} slot.`,
      [c],
      [i === 0 ? unlock : `south:${craft}:slot-${i + 1}`],
      [feature(`${craft}:slot:${i + 2}`)],
      { x: x + 1, y: 5 + i },
    ),
  );
  return [
    // chosen: the craft unlock also enables slot 1 ("craft slot 1 is enabled with the craft skill")
    node(
      unlock,
      craft,
      `Unlock ${title(craft)}`,
      `Craft with ${craft}.`,
      [0],
      [after],
      [feature(craft), feature(`${craft}:slot:1`)],
      { x, y: 4 },
    ),
    ...slots,
    ...rpGainNodes(craft, craft, unlock, x + 2, 5),
    node(
      `south:${style}:unlock`,
      "combat",
      `Unlock ${title(style)}`,
      `Fight with ${style}.`,
      [0],
      [unlock],
      [feature(style), feature("combat")],
      { x, y: 6 },
    ),
  ];
}

// chosen: combat nodes hang from the root (prerequisites are all-of, and combat comes from any of three styles);
// they only matter once a style's unlock has enabled 'combat'
const COMBAT: LabNode[] = [
  node(
    "south:combat:damage-1",
    "combat",
    "Combat damage +1",
    "+1 combat damage per level.",
    [50, 100, 200, 350, 500],
    ["root"],
    [add("combat:damage:+", 1)],
    { x: -2, y: 8 },
  ),
  node(
    "south:combat:damage-5",
    "combat",
    "Combat damage +5",
    "+5 combat damage per level.",
    [800, 1200, 1600, 2000, 2500],
    ["south:combat:damage-1"],
    [add("combat:damage:+", 5)],
    { x: -2, y: 9 },
  ),
  node(
    "south:combat:damage-10",
    "combat",
    "Combat damage +10",
    "+10 combat damage per level.",
    [3000, 4000, 5000, 6000, 8000],
    ["south:combat:damage-5"],
    [add("combat:damage:+", 10)],
    { x: -2, y: 10 },
  ),
  node(
    "south:combat:speed-1",
    "combat",
    "Combat speed +1%",
    "Attack 1% faster per level.",
    [100, 200, 400, 700, 1000],
    ["root"],
    [times("combat:speed:+", 1.01)],
    { x: 0, y: 8 },
  ),
  node(
    "south:combat:speed-2",
    "combat",
    "Combat speed +2%",
    "Attack 2% faster per level.",
    [1500, 2000, 2500, 3000, 4000],
    ["south:combat:speed-1"],
    [times("combat:speed:+", 1.02)],
    { x: 0, y: 9 },
  ),
  node(
    "south:combat:rp-gain-2",
    "combat",
    "Combat RP +2%",
    "+2% RP from combat xp per level.",
    RP_GAIN_2_COST,
    ["root"],
    [add("combat:gainRP:+", 0.02)],
    { x: 2, y: 8 },
  ),
  node(
    "south:combat:rp-gain-5",
    "combat",
    "Combat RP +5%",
    "+5% RP from combat xp per level.",
    RP_GAIN_5_COST,
    ["south:combat:rp-gain-2"],
    [add("combat:gainRP:+", 0.05)],
    { x: 2, y: 9 },
  ),
  node(
    "south:combat:rp-gain-10",
    "combat",
    "Combat RP +10%",
    "+10% RP from combat xp per level.",
    [5000, 6000, 7000, 8500, 10000],
    ["south:combat:rp-gain-5"],
    [add("combat:gainRP:+", 0.1)],
    { x: 2, y: 10 },
  ),
];

const FRONTIER_BASE_COST: Readonly<Record<number, number>> = { 7: 3000, 8: 6000, 9: 12000, 10: 24000 };
const FRONTIER_LEVEL_STEPS = [1, 1.25, 1.5, 1.75, 2];
const FRONTIER_NAMES: Readonly<Record<number, string>> = {
  7: "Wasp Nest Field Notes",
  8: "Log Pile Field Notes",
  9: "Tall Grass Field Notes",
  10: "Hornet Hive Field Notes",
};

function frontierNode(tier: number): LabNode {
  const damage = 5 * (tier - 6);
  return node(
    `east:frontier:tier-${tier}`,
    "utility",
    FRONTIER_NAMES[tier]!,
    `+${damage} damage in every gathering skill and in combat per level.`,
    FRONTIER_LEVEL_STEPS.map((f) => FRONTIER_BASE_COST[tier]! * f),
    [tier === 7 ? "east:utility:quest" : `east:frontier:tier-${tier - 1}`],
    [...GATHER_SKILLS.map((g) => add(`${g}:damage:+`, damage)), add("combat:damage:+", damage)],
    { x: 2 * (tier - 6), y: -4 },
    { picklelogy: FRONTIER_PICKLELOGY[tier] },
  );
}

// chosen: the Garden Almanac, from picklelogy 40 beside the field notes: 250 small levels of +1 damage in every
// gathering skill (not combat: the fights' balance stays the gear's), from 1,000 RP rising 60 a level (about
// 2.1 M RP in all), so most check-ins past day 20 find a level of research to buy with the RP of a few hours'
// play (docs/progression.md)
const ALMANAC_COST = Array.from({ length: 600 }, (_, i) => 1000 + 8 * i);
const ALMANAC = node(
  "east:frontier:almanac",
  "utility",
  "Garden Almanac",
  "+1 damage in every gathering skill per level.",
  ALMANAC_COST,
  ["east:utility:quest"],
  GATHER_SKILLS.map((g) => add(`${g}:damage:+`, 1)),
  { x: 2, y: -6 },
  { picklelogy: 40 },
);

const FRONTIER: LabNode[] = [...[7, 8, 9, 10].map(frontierNode), ALMANAC];

const ALL_NODES: LabNode[] = [
  ROOT,
  ...UTILITY,
  ...GATHER_SKILLS.flatMap(gatherBranch),
  ...COMBAT,
  ...FRONTIER,
];

/** Lab node id → node. */
export const LAB_NODES: Readonly<Record<string, LabNode>> = Object.fromEntries(
  ALL_NODES.map((n) => [n._id, n]),
);

/** The gathering unlocks, priced by purchase order rather than by their cost list (spec §5). */
export const UNLOCK_ROOT_IDS = [
  "south:mining:unlock",
  "south:mycology:unlock",
  "south:botany:unlock",
] as const;

/**
 * Price of a gathering unlock: 1000 × the gathering unlocks bought before it, so the first is free
 * (the spec's §9 cost of 0), the second 1000 and the third 2000. An owned one keeps the price of its
 * purchase order: pass the number of roots bought before it.
 */
export function unlockRootCost(boughtRootsBefore: number): number {
  return UNLOCK_ROOT_COST_STEP * boughtRootsBefore;
}
