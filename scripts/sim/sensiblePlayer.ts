// The choices of a sensible player at one check-in, made only through the shared rules' intents.
import {
  buyInventorySlot,
  buyLabNode,
  CHARACTER_STYLE,
  type Character,
  type CombatStyle,
  type CraftSkill,
  canBuyLabNode,
  claimQuest,
  countItem,
  equipItem,
  freeSlots,
  type GatherSkill,
  ITEMS,
  isDone,
  LAB_NODES,
  LOCATIONS,
  labNodeCost,
  type Player,
  RECIPES,
  type Recipe,
  type RuleResult,
  recipeOf,
  refreshQuests,
  sellItem,
  setAction,
  setActiveCharacter,
  slotsKey,
  startCraft,
  unlockedSlots,
} from "@pickle-garden/shared";

const MIN_QUEUE_MS = 3_600_000;

export type SimClass = "warrior" | "mage" | "archer";

export interface ClassPath {
  character: Character;
  gather: GatherSkill;
  craft: CraftSkill;
  style: CombatStyle;
}

export const CLASS_PATHS: Readonly<Record<SimClass, ClassPath>> = {
  warrior: { character: "warrior", gather: "mining", craft: "smithing", style: "melee" },
  mage: { character: "mage", gather: "mycology", craft: "tanning", style: "magic" },
  archer: { character: "archer", gather: "botany", craft: "tailoring", style: "ranged" },
};

/** What the player did with its currencies at a check-in (the "something to spend" line of §2). */
export interface Spending {
  labNodes: string[];
  quests: number;
  gold: number;
}

function apply<C extends string>(player: Player, result: RuleResult<Player, unknown, C>): Player {
  return result.ok ? result.state : player;
}

const branchOf = (id: string) => id.split(":")[1] ?? "";

/**
 * The order a sensible player buys lab nodes in: its own path's unlocks and the features first, then what
 * speeds up its own skills, then RP gains, then everything else; cheapest first within a rank.
 */
function rank(path: ClassPath, id: string): number {
  const node = LAB_NODES[id]!;
  const mine = [path.gather, path.craft, path.style, "combat", "utility", "crafting", "intellect"];
  const branch = branchOf(id);
  if (node.effects.some((e) => e.type === "feature") && mine.includes(branch)) return 0;
  if (!mine.includes(branch)) return 3;
  if (node.effects.some((e) => e.type === "stat" && e.key.endsWith(":gainRP:+"))) return 2;
  return 1;
}

function buyLab(player: Player, path: ClassPath, now: number, spent: Spending): Player {
  let p = player;
  for (;;) {
    const affordable = Object.keys(LAB_NODES)
      .filter((id) => canBuyLabNode(p, id))
      .sort((a, b) => rank(path, a) - rank(path, b) || labNodeCost(p, a) - labNodeCost(p, b));
    const next = affordable[0];
    if (!next) return p;
    p = apply(p, buyLabNode(p, next, now));
    spent.labNodes.push(next);
  }
}

function claimQuests(player: Player, now: number, spent: Spending): Player {
  let p = player;
  for (const q of p.quests.daily) {
    if (q.claimed || !isDone(q)) continue;
    const r = claimQuest(p, q.id, now);
    if (r.ok) {
      p = r.state;
      spent.quests += 1;
    }
  }
  return p;
}

/** The gear piece worn in a slot of the class, its tier (0: none). */
function wornTier(player: Player, path: ClassPath, itemId: number): number {
  const item = ITEMS[itemId]!;
  const worn = player.equipmentSlots[path.style][item.equipmentslot!];
  return worn ? (ITEMS[worn.id]?.type.tier ?? 0) : 0;
}

function equipBest(player: Player, path: ClassPath): Player {
  let p = player;
  for (let i = 0; i < p.inventory.length; i++) {
    const e = p.inventory[i]!;
    const item = ITEMS[e.id];
    if (!item?.equipmentslot || item.gearClass !== path.style) continue;
    if (item.type.tier > wornTier(p, path, e.id)) p = apply(p, equipItem(p, i));
  }
  return p;
}

/** The tier of the class's gear the player has the level to craft and wear. */
function gearRecipes(player: Player, path: ClassPath): Recipe[] {
  return Object.values(RECIPES).filter(
    (r) =>
      r.skill === path.craft &&
      ITEMS[r.itemId]?.equipmentslot &&
      r.level <= player.skills[path.craft].level &&
      (ITEMS[r.itemId]?.level ?? 0) <= player.skills[path.style].level,
  );
}

/** Items a recipe the player is working toward needs: never sold. */
function wanted(player: Player, path: ClassPath): Set<number> {
  const keep = new Set<number>();
  for (const r of gearRecipes(player, path)) {
    if (wornTier(player, path, r.itemId) >= (ITEMS[r.itemId]?.type.tier ?? 0)) continue;
    for (const id of Object.keys(r.inputs)) {
      keep.add(Number(id));
      const made = recipeOf(Number(id));
      if (made) for (const raw of Object.keys(made.recipe.inputs)) keep.add(Number(raw));
    }
  }
  return keep;
}

/** Sells what nothing wanted needs; keeps raw resources for materials (crafting trains on them). */
function sellSurplus(player: Player, path: ClassPath): Player {
  if (!player.featureFlags.goldPouch) return player;
  let p = player;
  const keep = wanted(p, path);
  const craftable = materialRecipes(p, path).flatMap((r) => Object.keys(r.inputs).map(Number));
  for (const id of craftable) keep.add(id);
  for (let i = p.inventory.length - 1; i >= 0; i--) {
    const e = p.inventory[i]!;
    if (e.id < 0 || e.stack <= 0 || keep.has(e.id)) continue;
    p = apply(p, sellItem(p, i, e.stack));
  }
  return p;
}

/** Spends the gold on inventory slots, as many as it pays for. */
function buySlots(player: Player, spent: Spending): Player {
  let p = player;
  for (;;) {
    const r = buyInventorySlot(p);
    if (!r.ok) return p;
    spent.gold += p.gold - r.state.gold;
    p = r.state;
  }
}

function materialRecipes(player: Player, path: ClassPath): Recipe[] {
  return Object.values(RECIPES).filter(
    (r) =>
      r.skill === path.craft && !ITEMS[r.itemId]?.equipmentslot && r.level <= player.skills[path.craft].level,
  );
}

/** How many crafts of a recipe the inventory pays for. */
function craftsAfforded(player: Player, recipe: Recipe): number {
  return Math.min(
    ...Object.entries(recipe.inputs).map(([id, n]) => Math.floor(countItem(player, Number(id)) / n)),
  );
}

/**
 * Fills the craft slots: the next gear upgrades first, then the best material the raw resources pay for,
 * spread over every open slot. Crafting is chosen for a gear upgrade, or for a queue of an hour at least.
 */
function startCrafting(player: Player, path: ClassPath, now: number): { player: Player; crafting: boolean } {
  let p = player;
  const open = unlockedSlots(p, path.craft);
  let slot = 0;
  const upgrades = gearRecipes(p, path)
    .filter((r) => (ITEMS[r.itemId]?.type.tier ?? 0) > wornTier(p, path, r.itemId))
    .sort((a, b) => b.level - a.level);
  for (const r of upgrades) {
    if (slot >= open) break;
    if (craftsAfforded(p, r) < 1) continue;
    const res = startCraft(
      p,
      { craftingSkill: path.craft, itemId: r.itemId, slotId: slot, quantity: 1 },
      now,
    );
    if (res.ok) {
      p = res.state;
      slot += 1;
    }
  }
  const gear = slot;
  const materials = materialRecipes(p, path).sort((a, b) => b.level - a.level);
  for (const r of materials) {
    const n = craftsAfforded(p, r);
    if (n < 1) continue;
    const per = Math.max(1, Math.floor(n / Math.max(1, open - slot)));
    while (slot < open && craftsAfforded(p, r) >= 1) {
      const q = Math.min(per, craftsAfforded(p, r));
      const res = startCraft(
        p,
        { craftingSkill: path.craft, itemId: r.itemId, slotId: slot, quantity: q },
        now,
      );
      if (!res.ok) break;
      p = res.state;
      slot += 1;
    }
  }
  const queuedMs = [...p[slotsKey(path.craft)]].reduce(
    (t, s) => t + (s.currentItem === null ? 0 : s.remaining * (RECIPES[s.currentItem]?.timeMs ?? 0)),
    0,
  );
  // a check-in lasts an hour at least: a queue shorter than that leaves the player idle most of it
  return { player: p, crafting: gear > 0 || (slot > 0 && queuedMs / open >= MIN_QUEUE_MS) };
}

export type Activity = "gather" | "craft" | "combat";

/** The highest location of a skill the player may enter, below the first one it lost at. */
function bestArea(skill: GatherSkill | "combat", level: number, lostAt: number): string | null {
  const open = LOCATIONS.filter((l) => l.skill === skill && l.requiredLevel <= level && l.tier < lostAt);
  return open[open.length - 1]?.id ?? null;
}

export interface Plan {
  player: Player;
  activity: Activity | null;
  location: string | null;
}

/**
 * One check-in: claim, buy, equip, sell, then choose the next activity: the path skill with the lowest
 * level (crafting only when the inventory feeds it; combat at the highest area not lost at).
 */
export function checkIn(
  player: Player,
  path: ClassPath,
  now: number,
  lostAtTier: number,
  spent: Spending,
): Plan {
  let p = refreshQuests(player, now);
  p = claimQuests(p, now, spent);
  p = buyLab(p, path, now, spent);
  if (p.featureFlags[path.style] && CHARACTER_STYLE[p.activeCharacter] !== path.style) {
    p = apply(p, setActiveCharacter(p, path.character));
  }
  p = equipBest(p, path);
  p = sellSurplus(p, path);
  p = buySlots(p, spent);
  const levels: [Activity, number][] = [
    ["gather", p.skills[path.gather].level],
    ["craft", p.featureFlags[path.craft] ? p.skills[path.craft].level : Number.POSITIVE_INFINITY],
    ["combat", p.featureFlags[path.style] ? p.skills[path.style].level : Number.POSITIVE_INFINITY],
  ];
  levels.sort((a, b) => a[1] - b[1]);
  const full = freeSlots(p) === 0;
  for (const [activity] of levels) {
    if (activity === "craft") {
      const c = startCrafting(p, path, now);
      if (c.crafting) return { player: c.player, activity, location: null };
      continue;
    }
    if (activity === "gather" && full) continue;
    const skill = activity === "gather" ? path.gather : "combat";
    const level = activity === "gather" ? p.skills[path.gather].level : p.skills[path.style].level;
    const location = bestArea(skill, level, activity === "combat" ? lostAtTier : Number.POSITIVE_INFINITY);
    if (!location) continue;
    const r = setAction(p, { skill, location }, now);
    if (r.ok) return { player: r.state, activity, location };
  }
  return { player: p, activity: null, location: null };
}
