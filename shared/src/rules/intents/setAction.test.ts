import { describe, expect, it } from "vitest";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import { ACTION_FLAG, isGatherSkill } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { advance } from "../simulation/advance.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { areaLevel, setAction } from "./setAction.ts";

const freshPlayer = () => deepFreeze(newPlayer({ discordId: "a", username: "a", now: 0, seed: 8 }));
const newMiner = () => deepFreeze(withNodes(freshPlayer(), ["south:mining:unlock"]));

describe("setAction", () => {
  it("needs the flag ACTION_FLAG names for the skill", () => {
    const p0 = freshPlayer();
    expect(setAction(p0, { skill: "mining", location: "garden" }, 0)).toMatchObject({
      ok: false,
      code: "action/locked",
    });
    const b = withNodes(p0, ["south:botany:unlock", "south:tailoring:unlock"]);
    expect(setAction(b, { skill: "tailoring", location: "tailoring" }, 0).ok).toBe(true);
    const tanning = setAction(b, { skill: "tanning", location: "tanning" }, 0).ok;
    expect(tanning).toBe(b.featureFlags[ACTION_FLAG.tanning] === true);
    expect(setAction(b, { skill: "combat", location: "aphid_nest" }, 0)).toMatchObject({
      code: "action/locked",
    });
  });

  it("rejects unknown locations with the spec's text", () => {
    const miner = newMiner();
    expect(setAction(miner, { skill: "mining", location: "moon" }, 0)).toEqual({
      ok: false,
      code: "action/unknown_location",
      message: "Unknown mining location: moon",
    });
  });

  it("checks required levels 1, 5, 10, 20, 30, 40", () => {
    const miner = newMiner();
    const levels = ["garden", "pond", "path", "square", "fire_camp", "shed"].map((loc) => {
      for (const l of [1, 5, 10, 20, 30, 40, 99]) {
        const q: Player = { ...miner, skills: { ...miner.skills, mining: { level: l, xp: 0 } } };
        if (setAction(q, { skill: "mining", location: loc }, 0).ok) return l;
      }
      return null;
    });
    expect(levels).toEqual([1, 5, 10, 20, 30, 40]);
    expect(setAction(miner, { skill: "mining", location: "pond" }, 0)).toMatchObject({
      code: "action/level_required",
      message: "mining level 5 required",
    });
  });

  it("rolls the first node and schedules the first hit one action time later", () => {
    const miner = newMiner();
    const r = setAction(miner, { skill: "mining", location: "garden" }, 1000);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.currentAction).toMatchObject({ skill: "mining", location: "garden", nextHitAt: 4000 });
    expect([1, 2, 3]).toContain(r.state.currentAction.nodeId);
    expect(r.state.rng).not.toEqual(miner.rng);
    const again = setAction(r.state, { skill: "mining", location: "garden" }, 2000);
    expect(again.ok && again.state).toBe(r.state);
  });

  it("keeps the node at a place until it breaks: switching away and back finds it as it was", () => {
    const miner = newMiner();
    const start = setAction(miner, { skill: "mining", location: "garden" }, 0);
    if (!start.ok) throw new Error(start.message);
    // one hit: the node is damaged, not broken
    const hit = advance(start.state, start.state.currentAction.nextHitAt as number).player;
    const node = hit.currentAction;
    expect(node.nodeHp).toBeLessThan(node.nodeMaxHp);
    let p = hit;
    for (let i = 0; i < 50; i++) {
      const away = setAction(p, { skill: "none", location: "home" }, p.settledAt);
      if (!away.ok) throw new Error(away.message);
      const back = setAction(away.state, { skill: "mining", location: "garden" }, p.settledAt);
      if (!back.ok) throw new Error(back.message);
      p = back.state;
      expect(p.currentAction).toMatchObject({
        nodeId: node.nodeId,
        nodeHp: node.nodeHp,
        nodeMaxHp: node.nodeMaxHp,
      });
    }
    // nothing was rolled for it
    expect(p.rng).toEqual(hit.rng);
  });

  it("keeps one node per place: another place rolls its own, coming back finds the first", () => {
    const miner = newMiner();
    const q = deepFreeze({ ...miner, skills: { ...miner.skills, mining: { level: 10, xp: 0 } } });
    const garden = setAction(q, { skill: "mining", location: "garden" }, 0);
    if (!garden.ok) throw new Error(garden.message);
    const pond = setAction(garden.state, { skill: "mining", location: "pond" }, 0);
    if (!pond.ok) throw new Error(pond.message);
    expect(pond.state.gatherNodes).toEqual({
      "mining/garden": {
        nodeId: garden.state.currentAction.nodeId,
        nodeHp: garden.state.currentAction.nodeHp,
        nodeMaxHp: garden.state.currentAction.nodeMaxHp,
      },
    });
    const back = setAction(pond.state, { skill: "mining", location: "garden" }, 0);
    if (!back.ok) throw new Error(back.message);
    expect(back.state.currentAction.nodeId).toBe(garden.state.currentAction.nodeId);
    expect(Object.keys(back.state.gatherNodes ?? {})).toEqual(["mining/pond"]);
  });

  it("goes home and idles", () => {
    const miner = newMiner();
    const r = setAction(miner, { skill: "none", location: "home" }, 0);
    expect(r.ok && advance(r.state, 86_400_000).player.skills.mining.xp).toBe(0);
  });

  it("checks a location against areaLevel: the gathering skill's level, or the active class's (the seed: its best)", () => {
    const p0 = freshPlayer();
    const skills = {
      ...p0.skills,
      mining: { level: 7, xp: 0 },
      melee: { level: 3, xp: 0 },
      ranged: { level: 9, xp: 0 },
    };
    const p = { ...p0, skills };
    expect(areaLevel(p, "mining")).toBe(7);
    expect(areaLevel({ ...p, activeCharacter: "seed" }, "combat")).toBe(9);
    expect(areaLevel({ ...p, activeCharacter: "warrior" }, "combat")).toBe(3);
    expect(areaLevel({ ...p, activeCharacter: "mage" }, "combat")).toBe(p0.skills.magic.level);
  });

  it("tells the gathering skills apart", () => {
    expect(["mining", "mycology", "botany"].every(isGatherSkill)).toBe(true);
    expect(["smithing", "combat", "none", "picklelogy", "constructor"].some(isGatherSkill)).toBe(false);
  });
});
