import { describe, expect, it } from "vitest";
import { acting, deepFreeze, withNodes } from "../../../../testing/players.ts";
import type { Player } from "../../../protocol/player.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { newPlayer } from "../../state/newPlayer.ts";
import { Rng } from "../../state/rng.ts";
import { xpForLevel } from "../../state/xpForLevel.ts";
import { drawCandidate, questCandidates, refreshQuests } from "./rollQuests.ts";

const QUEST_NODES = ["east:utility:gold-pouch", "east:utility:quest"];

/** A miner, botanist and smith at the garden with the quest node, smithing at `smithing`, nothing drawn. */
function worker(smithing = 1): Player {
  const p = deepClone(
    withNodes(newPlayer({ discordId: "w", username: "w", now: 0, seed: 3 }), [
      "south:mining:unlock",
      "south:botany:unlock",
      "south:smithing:unlock",
      ...QUEST_NODES,
    ]),
  );
  p.skills.smithing = { level: smithing, xp: xpForLevel(smithing) };
  return deepFreeze(acting(p, "mining", "garden", 0));
}

const key = (c: { kind: string; skill: string | null; subject: number | null }) =>
  `${c.kind}:${c.skill}:${c.subject}`;

describe("rollQuests", () => {
  it("a craft quest is for the best material the crafting level reaches", () => {
    const craft = (level: number) => questCandidates(worker(level)).find((c) => c.kind === "craft")!;
    expect([1, 49, 50, 98].map((level) => craft(level).subject)).toEqual([20001, 20006, 20007, 20010]);
  });

  it("draws a task not taken, whatever the generator, and only among other gathering skills' tasks", () => {
    const candidates = questCandidates(worker());
    expect(candidates.map(key)).toEqual(["gather:mining:null", "gather:botany:null", "craft:smithing:20001"]);
    const taken = [candidates[0]!, candidates[2]!];
    for (let seed = 1; seed <= 8; seed++)
      expect(key(drawCandidate(candidates, taken, Rng.seed(seed))!)).toBe("gather:botany:null");
  });

  it("a quest kept from a lower level's material does not take the new material's task", () => {
    const candidates = questCandidates(worker(50));
    const taken = [
      { kind: "gather" as const, skill: "mining" as const, subject: null },
      { kind: "gather" as const, skill: "botany" as const, subject: null },
      { kind: "craft" as const, skill: "smithing" as const, subject: 20001 },
    ];
    for (let seed = 1; seed <= 8; seed++)
      expect(key(drawCandidate(candidates, taken, Rng.seed(seed))!)).toBe("craft:smithing:20007");
  });

  it("draws nothing when the task replaced is the only one", () => {
    const only = questCandidates(worker()).slice(0, 1);
    expect(drawCandidate(only, only, Rng.seed(1), only[0])).toBeNull();
  });

  it("draws today's board when today's drew nothing", () => {
    const p = worker();
    const empty = deepFreeze({ ...p, quests: { ...p.quests, day: 0, daily: [] } });
    const drawn = refreshQuests(empty, 0);
    expect(drawn.quests.day).toBe(0);
    expect(drawn.quests.daily).toHaveLength(3);
  });
});
