// The choices of a sensible player at one check-in, made only through the shared rules' intents.
import {
  BOSS_DROP_BASE,
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
  fundResearch,
  type GatherSkill,
  ITEMS,
  inventorySlotPrice,
  isDone,
  LAB_NODES,
  LOCATIONS,
  labNodeCost,
  MAX_LEVEL,
  type Player,
  RECIPES,
  type Recipe,
  type RuleResult,
  refreshQuests,
  rerollQuest,
  rerollsLeft,
  researchGrant,
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
  /** inventory slots bought, research grants funded and quests rerolled (their gold is counted in `gold`) */
  slots: number;
  grants: number;
  rerolls: number;
  /** better gear pieces put on: something to do at the check-in beside spending */
  equipped: number;
}

/** A check-in's spending before it starts: nothing yet. */
export function noSpending(): Spending {
  return { labNodes: [], quests: 0, gold: 0, slots: 0, grants: 0, rerolls: 0, equipped: 0 };
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

/**
 * Rerolls (once a day, for gold) the first unfinished quest its path never trains: another gathering or
 * crafting skill than its own, or a fight in another style.
 */
function rerollPoorQuest(player: Player, path: ClassPath, now: number, spent: Spending): Player {
  const mine: string[] = [path.gather, path.craft, path.style];
  const poor = player.quests.daily.find((q) => !q.claimed && !isDone(q) && !mine.includes(q.skill));
  if (!poor || rerollsLeft(player, now) === 0) return player;
  const r = rerollQuest(player, poor.id, now);
  if (!r.ok) return player;
  spent.gold += player.gold - r.state.gold;
  spent.rerolls += 1;
  return r.state;
}

/** The gear piece worn in a slot of the class, its tier (0: none). */
function wornTier(player: Player, path: ClassPath, itemId: number): number {
  const item = ITEMS[itemId]!;
  const worn = player.equipmentSlots[path.style][item.equipmentslot!];
  return worn ? (ITEMS[worn.id]?.type.tier ?? 0) : 0;
}

function equipBest(player: Player, path: ClassPath, spent: Spending): Player {
  let p = player;
  for (let i = 0; i < p.inventory.length; i++) {
    const e = p.inventory[i]!;
    const item = ITEMS[e.id];
    if (!item?.equipmentslot || item.gearClass !== path.style) continue;
    if (item.type.tier <= wornTier(p, path, e.id)) continue;
    const r = equipItem(p, i);
    if (!r.ok) continue;
    p = r.state;
    spent.equipped += 1;
  }
  return p;
}

/** A recipe that takes a party boss's trophy: the simulated player plays alone and never fights a boss. */
const needsBoss = (r: Recipe) =>
  Object.keys(r.inputs).some((id) => Number(id) > BOSS_DROP_BASE && Number(id) < BOSS_DROP_BASE + 100);

/** The tier of the class's gear the player has the level to craft and wear, alone. */
function gearRecipes(player: Player, path: ClassPath): Recipe[] {
  return Object.values(RECIPES).filter(
    (r) =>
      r.skill === path.craft &&
      ITEMS[r.itemId]?.equipmentslot &&
      !needsBoss(r) &&
      r.level <= player.skills[path.craft].level &&
      (ITEMS[r.itemId]?.level ?? 0) <= player.skills[path.style].level,
  );
}

/** The gear upgrades the player has the levels for: one piece per slot, of a higher tier than it wears. */
function upgrades(player: Player, path: ClassPath): Recipe[] {
  return gearRecipes(player, path).filter(
    (r) => (ITEMS[r.itemId]?.type.tier ?? 0) > wornTier(player, path, r.itemId),
  );
}

/** How many of each item the next upgrades take (materials and drops): kept, the surplus sold. */
function wanted(player: Player, path: ClassPath): Map<number, number> {
  const keep = new Map<number, number>();
  for (const r of upgrades(player, path))
    for (const [id, n] of Object.entries(r.inputs)) keep.set(Number(id), (keep.get(Number(id)) ?? 0) + n);
  return keep;
}

// chosen: raw resources kept for crafting past this many stacks are sold when the inventory is nearly full
const RAW_STACKS_KEPT = 10;
const MIN_FREE_SLOTS = 3;

/**
 * Sells what nothing wanted needs: the surplus over the next upgrades' inputs, and everything else but
 * the raw resources the crafting skill can use (it trains on them), of which it keeps RAW_STACKS_KEPT
 * stacks when the inventory is nearly full.
 */
function sellSurplus(player: Player, path: ClassPath): Player {
  if (!player.featureFlags.goldPouch) return player;
  let p = player;
  const keep = wanted(p, path);
  // a crafting skill at 99 has no use for raw resources beyond the gear still wanted: they are sold
  const crafting = p.skills[path.craft].level < MAX_LEVEL ? materialRecipes(p, path) : [];
  const raw = new Set(crafting.flatMap((r) => Object.keys(r.inputs).map(Number)));
  const tight = freeSlots(p) < MIN_FREE_SLOTS;
  let rawStacks = 0;
  for (let i = 0; i < p.inventory.length; i++) {
    const e = p.inventory[i]!;
    if (e.id < 0 || e.stack <= 0) continue;
    let sell = e.stack;
    if (raw.has(e.id)) sell = tight && ++rawStacks > RAW_STACKS_KEPT ? e.stack : 0;
    else if (keep.has(e.id)) {
      const left = keep.get(e.id)!;
      sell = Math.max(0, e.stack - left);
      keep.set(e.id, Math.max(0, left - e.stack));
    }
    if (sell > 0) p = apply(p, sellItem(p, i, sell));
  }
  return p;
}

/** The tier of a monster whose drop the next upgrades lack (the highest), or null. */
function missingDropTier(player: Player, path: ClassPath): number | null {
  let tier: number | null = null;
  for (const [id, n] of wanted(player, path)) {
    const item = ITEMS[id];
    if (item?.type.skill !== "combat" || countItem(player, id) >= n) continue;
    tier = Math.max(tier ?? 0, item.type.tier);
  }
  return tier;
}

// chosen: a slot is bought only if the price of a day of research grants (a check-in every 4.5 h on average)
// stays in hand: a slot late in the game takes a day's income, and a day of check-ins may bring no gold
const GRANTS_KEPT = 5;

/** Spends the gold on inventory slots, as many as it pays for while GRANTS_KEPT grants' price stays in hand. */
function buySlots(player: Player, spent: Spending): Player {
  let p = player;
  for (;;) {
    const r = buyInventorySlot(p);
    if (!r.ok || r.state.gold < GRANTS_KEPT * researchGrant(p).gold) return p;
    spent.gold += p.gold - r.state.gold;
    spent.slots += 1;
    p = r.state;
  }
}

/**
 * Funds research: one grant at every check-in, before the slots (which take the rest of the gold, saved for
 * the next); once the last slot is bought, every grant the gold pays for but the next check-in's.
 */
function fundGrants(player: Player, spent: Spending): Player {
  let p = player;
  for (;;) {
    const r = fundResearch(p, 1);
    if (!r.ok) return p;
    const more = inventorySlotPrice(p) === null && r.state.gold >= researchGrant(p).gold;
    if (spent.grants > 0 && !more) return p;
    spent.gold += p.gold - r.state.gold;
    spent.grants += 1;
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

// chosen: a player who starts a gear upgrade waits at the screen for a queue of at most ten minutes (a gear
// piece takes 10 s to 108 s), then chooses again; a longer queue is left to run until the next check-in
const MAX_WAIT_MS = 600_000;

/**
 * Fills the craft slots: the next gear upgrades first, then the best material the raw resources pay for,
 * spread over every open slot. Crafting is chosen for a gear upgrade, or for a queue of an hour at least;
 * `waitMs` is how long the player stays for a short queue with a gear upgrade in it (0: it does not).
 */
function startCrafting(
  player: Player,
  path: ClassPath,
  now: number,
): { player: Player; crafting: boolean; waitMs: number } {
  let p = player;
  const open = unlockedSlots(p, path.craft);
  let slot = 0;
  for (const r of upgrades(p, path).sort((a, b) => b.level - a.level)) {
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
  const slotMs = [...p[slotsKey(path.craft)]].map((s) =>
    s.currentItem === null ? 0 : s.remaining * (RECIPES[s.currentItem]?.timeMs ?? 0),
  );
  const queuedMs = slotMs.reduce((t, ms) => t + ms, 0);
  const longestMs = Math.max(0, ...slotMs);
  // a check-in lasts an hour at least: a queue shorter than that leaves the player idle most of it
  return {
    player: p,
    crafting: gear > 0 || (slot > 0 && queuedMs / open >= MIN_QUEUE_MS),
    waitMs: gear > 0 && longestMs <= MAX_WAIT_MS ? longestMs : 0,
  };
}

export type Activity = "gather" | "craft" | "combat";

/** The highest location of a skill the player may enter, below the first one it lost at. */
function bestArea(skill: GatherSkill | "combat", level: number, lostAt: number): string | null {
  const open = LOCATIONS.filter((l) => l.skill === skill && l.requiredLevel <= level && l.tier < lostAt);
  return open[open.length - 1]?.id ?? null;
}

// chosen: a crafting skill this many levels behind its gathering skill is fed: the player gathers what it can craft
const CRAFT_LAG_LEVELS = 5;

/**
 * The tier above which gathering stops while the crafting skill lags: the highest material it can craft,
 * plus one (bestArea keeps the tiers below it). No limit while the crafting skill keeps up.
 */
function feedTier(player: Player, path: ClassPath): number {
  const craft = player.skills[path.craft].level;
  if (!player.featureFlags[path.craft] || craft + CRAFT_LAG_LEVELS >= player.skills[path.gather].level)
    return Number.POSITIVE_INFINITY;
  return materialRecipes(player, path).length + 1;
}

export interface Plan {
  player: Player;
  activity: Activity | null;
  location: string | null;
  /** a short crafting queue the player waits for at the screen before it chooses again (0: none) */
  waitMs: number;
}

/**
 * One check-in: claim, reroll a poor quest, buy, equip, sell, fund research, buy slots, then choose the next activity: the path skill with the lowest
 * level (crafting only when the inventory feeds it; gathering what the crafting skill can use while it
 * lags; combat at the highest area not lost at).
 */
export function checkIn(
  player: Player,
  path: ClassPath,
  now: number,
  lostAtTier: number,
  spent: Spending,
  only?: Activity,
): Plan {
  let p = refreshQuests(player, now);
  p = claimQuests(p, now, spent);
  p = rerollPoorQuest(p, path, now, spent);
  p = buyLab(p, path, now, spent);
  if (p.featureFlags[path.style] && CHARACTER_STYLE[p.activeCharacter] !== path.style) {
    p = apply(p, setActiveCharacter(p, path.character));
  }
  p = equipBest(p, path, spent);
  p = sellSurplus(p, path);
  p = fundGrants(p, spent);
  p = buySlots(p, spent);
  const levels: [Activity, number][] = [
    ["gather", p.skills[path.gather].level],
    ["craft", p.featureFlags[path.craft] ? p.skills[path.craft].level : Number.POSITIVE_INFINITY],
    ["combat", p.featureFlags[path.style] ? p.skills[path.style].level : Number.POSITIVE_INFINITY],
  ];
  levels.sort((a, b) => a[1] - b[1]);
  if (only) levels.splice(0, levels.length, [only, 0]);
  const full = freeSlots(p) === 0;
  for (const [activity] of levels) {
    if (activity === "craft") {
      const c = startCrafting(p, path, now);
      if (c.crafting) return { player: c.player, activity, location: null, waitMs: c.waitMs };
      continue;
    }
    if (activity === "gather" && full) continue;
    const skill = activity === "gather" ? path.gather : "combat";
    const level = activity === "gather" ? p.skills[path.gather].level : p.skills[path.style].level;
    // a fighter farms the drop its next gear lacks; a gatherer gathers what its crafting skill can use
    const cap =
      activity === "combat"
        ? Math.min(lostAtTier, (missingDropTier(p, path) ?? Number.POSITIVE_INFINITY) + 1)
        : only
          ? Number.POSITIVE_INFINITY
          : feedTier(p, path);
    const location = bestArea(skill, level, cap);
    if (!location) continue;
    const r = setAction(p, { skill, location }, now);
    if (r.ok) return { player: r.state, activity, location, waitMs: 0 };
  }
  return { player: p, activity: null, location: null, waitMs: 0 };
}
