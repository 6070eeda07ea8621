import { LAB_NODES } from "../../data/labNodes.ts";
import { LOCATIONS, locationFor } from "../../data/locations.ts";
import { RECIPES } from "../../data/recipes.ts";
import { CRAFT_SKILLS, type CraftSkill, type SkillId } from "../../data/skills.ts";
import type { PlayerView } from "../../protocol/player.ts";
import type { Quest } from "../../protocol/quests.ts";
import { canBuyLabNode, labNodeCost, labPrerequisitesMet } from "../intents/buyLabNode.ts";
import { combatStyle } from "../simulation/combat/combatStats.ts";
import { isDone, questsReady } from "../simulation/quests/rollQuests.ts";
import { countItem, freeSlots } from "../state/addItems.ts";
import { slotsKey, unlockedSlots } from "../state/craftSlots.ts";
import { levelProgress } from "./levelProgress.ts";

/**
 * What a player should do next, read from its situation (Home's next goal and the guide's last card show
 * this one answer). The first that applies wins:
 * 1. `full`: the inventory has no free slot (a new kind of item found is lost);
 * 2. `losing`: the player is dead, or fighting below a quarter of its health;
 * 3. `claim`: a daily quest is ready to claim;
 * 4. `craft`: a crafting slot stands idle while the inventory holds a recipe's materials;
 * 5. `place`: a better place for the current action is open (a higher tier the level allows);
 * 6. `lab` (affordable): the RP pays for a lab node now (the cheapest);
 * 7. `quest`: the open daily quest closest to done;
 * 8. `lab` (not affordable): the cheapest lab node in reach, to save up for;
 * 9. `level`: the next level of the skill being trained.
 */
export type NextGoal =
  | { kind: "full" }
  | { kind: "losing"; location: string }
  | { kind: "claim"; quest: Quest }
  | { kind: "craft"; skill: CraftSkill; itemId: number }
  | { kind: "place"; skill: string; location: string }
  | { kind: "lab"; nodeId: string; cost: number; rp: number; affordable: boolean }
  | { kind: "quest"; quest: Quest }
  | { kind: "level"; skill: SkillId; level: number; toNext: number };

/** chosen: a fight under a quarter of the player's health is being lost */
const LOSING_HEALTH = 0.25;

function cheapestNode(p: PlayerView): { nodeId: string; cost: number } | null {
  let best: { nodeId: string; cost: number } | null = null;
  for (const [nodeId, node] of Object.entries(LAB_NODES)) {
    if ((p.lab.nodes[nodeId]?.level ?? 0) >= node.maxLevel || !labPrerequisitesMet(p, nodeId)) continue;
    const cost = labNodeCost(p, nodeId);
    if (Number.isFinite(cost) && (!best || cost < best.cost)) best = { nodeId, cost };
  }
  return best;
}

function trainedSkill(p: PlayerView): SkillId {
  const skill = p.currentAction.skill;
  if (skill === "combat") return combatStyle(p);
  if (skill !== "none") return skill as SkillId;
  return (Object.entries(p.skills) as [SkillId, { xp: number }][])
    .filter(([s]) => s !== "picklelogy")
    .reduce((a, b) => (b[1].xp > a[1].xp ? b : a))[0];
}

function losing(p: PlayerView): NextGoal | null {
  const a = p.currentAction;
  if (a.skill !== "combat") return null;
  if (p.deathInfo !== null || p.health < LOSING_HEALTH * p.maxHealth)
    return { kind: "losing", location: a.location };
  return null;
}

/** An idle slot of a crafting skill the player has, and the best recipe its materials pay for. */
function idleCraft(p: PlayerView): NextGoal | null {
  for (const skill of CRAFT_SKILLS) {
    if (!p.featureFlags[skill]) continue;
    const slots = p[slotsKey(skill)].slice(0, unlockedSlots(p, skill));
    if (!slots.some((s) => s.currentItem === null)) continue;
    const recipe = Object.values(RECIPES)
      .filter(
        (r) =>
          r.skill === skill &&
          r.level <= p.skills[skill].level &&
          Object.entries(r.inputs).every(([id, n]) => countItem(p, Number(id)) >= n),
      )
      .sort((a, b) => b.level - a.level)[0];
    if (recipe) return { kind: "craft", skill, itemId: recipe.itemId };
  }
  return null;
}

/** The highest place the current action's level opens, when it is above the one the player works at. */
function betterPlace(p: PlayerView): NextGoal | null {
  const a = p.currentAction;
  if (a.skill === "none") return null;
  const here = locationFor(a.skill as "combat", a.location);
  if (!here) return null;
  const level = a.skill === "combat" ? p.skills[trainedSkill(p)].level : p.skills[a.skill as SkillId].level;
  const best = LOCATIONS.filter((l) => l.skill === a.skill && l.requiredLevel <= level).sort(
    (x, y) => y.tier - x.tier,
  )[0];
  return best && best.tier > here.tier ? { kind: "place", skill: a.skill, location: best.id } : null;
}

export function nextGoal(p: PlayerView): NextGoal {
  if (freeSlots(p) === 0) return { kind: "full" };
  const fight = losing(p);
  if (fight) return fight;
  const ready = questsReady(p.quests)[0];
  if (ready) return { kind: "claim", quest: ready };
  const craft = idleCraft(p);
  if (craft) return craft;
  const place = betterPlace(p);
  if (place) return place;
  const node = cheapestNode(p);
  if (node && canBuyLabNode(p, node.nodeId)) return { kind: "lab", ...node, rp: p.lab.rp, affordable: true };
  const quest = p.quests.daily
    .filter((q) => !q.claimed && !isDone(q))
    .sort((a, b) => b.progress / b.count - a.progress / a.count)[0];
  if (quest) return { kind: "quest", quest };
  if (node) return { kind: "lab", ...node, rp: p.lab.rp, affordable: false };
  const skill = trainedSkill(p);
  const { level, xp } = p.skills[skill];
  return { kind: "level", skill, level: level + 1, toNext: levelProgress(level, xp).toNext };
}
