import {
  CHARACTER_STYLE,
  canBuyLabNode,
  isDone,
  LAB_NODES,
  labNodeCost,
  labPrerequisitesMet,
  levelProgress,
  type PlayerView,
  type Quest,
  questsReady,
  type SkillId,
} from "@pickle-garden/shared";

/**
 * What an idle player should aim at next (DESIGN §11), first match wins: a quest ready to claim, a lab node
 * affordable now, the quest closest to done, the cheapest lab node in reach, else the next level of the
 * skill being trained (or the highest one).
 */
export type NextGoal =
  | { kind: "claim"; quest: Quest }
  | { kind: "quest"; quest: Quest }
  | { kind: "lab"; nodeId: string; cost: number; rp: number; affordable: boolean }
  | { kind: "level"; skill: SkillId; level: number; toNext: number };

const open = (q: Quest) => !q.claimed && !isDone(q);

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
  if (skill === "combat") return CHARACTER_STYLE[p.activeCharacter] ?? "melee";
  if (skill !== "none") return skill;
  return (Object.entries(p.skills) as [SkillId, { xp: number }][])
    .filter(([s]) => s !== "picklelogy")
    .reduce((a, b) => (b[1].xp > a[1].xp ? b : a))[0];
}

export function nextGoal(p: PlayerView): NextGoal {
  const ready = questsReady(p.quests)[0];
  if (ready) return { kind: "claim", quest: ready };
  const node = cheapestNode(p);
  if (node && canBuyLabNode(p, node.nodeId)) return { kind: "lab", ...node, rp: p.lab.rp, affordable: true };
  const quest = p.quests.daily.filter(open).sort((a, b) => b.progress / b.count - a.progress / a.count)[0];
  if (quest) return { kind: "quest", quest };
  if (node) return { kind: "lab", ...node, rp: p.lab.rp, affordable: false };
  const skill = trainedSkill(p);
  const { level, xp } = p.skills[skill];
  return { kind: "level", skill, level: level + 1, toNext: levelProgress(level, xp).toNext };
}
