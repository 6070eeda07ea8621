import { describe, expect, it } from "vitest";
import { fighter } from "../../../testing/fighters.ts";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import { ACTION_FLAG, isGatherSkill } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { advance } from "../simulation/advance.ts";
import { actionTimeMs } from "../simulation/gatherDamage.ts";
import { addItems } from "../state/addItems.ts";
import { clonePlayer } from "../state/clonePlayer.ts";
import { newPlayer, restingAction } from "../state/newPlayer.ts";
import { Rng } from "../state/rng.ts";
import { areaLevel, resetActionIfLockedInPlace, setAction } from "./setAction.ts";
import { startCraft } from "./startCraft.ts";

const freshPlayer = () => deepFreeze(newPlayer({ discordId: "a", username: "a", now: 0, seed: 8 }));
const newMiner = () => deepFreeze(withNodes(freshPlayer(), ["south:mining:unlock"]));

describe("setAction", () => {
  it("needs the flag ACTION_FLAG names for the skill", () => {
    const p0 = freshPlayer();
    expect(setAction(p0, { skill: "mining", location: "garden" }, 0)).toEqual({
      ok: false,
      code: "action/locked",
      message: "Unlock mining first",
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
    expect(again).toEqual({ ok: true, state: r.state, events: [] });
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

  it("starts gathering at now: the whole action, first hit one action time later", () => {
    const miner = newMiner();
    const r = setAction(miner, { skill: "mining", location: "garden" }, 5000);
    if (!r.ok) throw new Error(r.message);
    const { nodeId } = r.state.currentAction;
    const maxHp = { 1: 15, 2: 30, 3: 80 }[nodeId as 1 | 2 | 3];
    expect(r.state.currentAction).toEqual({
      skill: "mining",
      location: "garden",
      lastUpdate: 5000,
      nodeId,
      nodeHp: maxHp,
      nodeMaxHp: maxHp,
      nextHitAt: 5000 + actionTimeMs(miner, "mining"),
    });
    expect(r.events).toEqual([]);
  });

  it("rests at home whatever place the intent names, and leaves nothing behind from a rest", () => {
    const miner = newMiner();
    const r = setAction(miner, { skill: "none", location: "garden" }, 7);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.currentAction).toEqual(restingAction(7));
    expect(r.state.gatherNodes ?? {}).toEqual(miner.gatherNodes ?? {});
  });

  it("a gathering action without a node (as a stored document may hold) leaves nothing at its place", () => {
    const miner = newMiner();
    const stored = deepFreeze({
      ...miner,
      currentAction: { ...restingAction(0), skill: "mining" as const, location: "garden" },
    });
    const r = setAction(stored, { skill: "none", location: "home" }, 0);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.gatherNodes ?? {}).toEqual({});
  });

  it("a node left at a place that no longer spawns there is dropped, and a new one rolled at full HP", () => {
    const miner = newMiner();
    // node 6 (Iron) spawns at the shed, not in the garden
    const stale = deepFreeze({
      ...miner,
      gatherNodes: {
        "mining/garden": { nodeId: 6, nodeHp: 5, nodeMaxHp: 200 },
        "mining/pond": { nodeId: 2, nodeHp: 9, nodeMaxHp: 30 },
      },
    });
    const r = setAction(stale, { skill: "mining", location: "garden" }, 0);
    if (!r.ok) throw new Error(r.message);
    expect([1, 2, 3]).toContain(r.state.currentAction.nodeId);
    expect(r.state.currentAction.nodeHp).toBe(r.state.currentAction.nodeMaxHp);
    expect(r.state.rng).not.toEqual(stale.rng);
    expect(r.state.gatherNodes).toEqual({ "mining/pond": { nodeId: 2, nodeHp: 9, nodeMaxHp: 30 } });
  });

  it("with the Lucky Find flag, the first node rolled is the lucky one about three times as often", () => {
    const miner = newMiner();
    const lucky = withNodes(miner, ["east:utility:gold-pouch", "east:utility:lucky-find"]);
    expect(lucky.featureFlags.luckynode).toBe(true);
    const luckyRolls = (p: Player) => {
      let n = 0;
      for (let seed = 1; seed <= 600; seed++) {
        const r = setAction(
          { ...p, rng: Rng.seed(seed).state() },
          { skill: "mining", location: "garden" },
          0,
        );
        if (r.ok && r.state.currentAction.nodeId === 3) n += 1;
      }
      return n;
    };
    // expected 600 × 3/103 ≈ 17 against 600 × 1/101 ≈ 6
    expect(luckyRolls(lucky)).toBeGreaterThan(2 * luckyRolls(miner));
  });

  it("fights at a known combat place from the active class's level up, its monsters cleared", () => {
    // a warrior at level 4, already fighting at the aphid nest (level 1) with a monster out
    const warrior = deepFreeze(
      advance(fighter({ location: "aphid_nest", character: "warrior", level: 4 }), 1).player,
    );
    expect(warrior.currentMonsters.length).toBeGreaterThan(0);
    expect(setAction(warrior, { skill: "combat", location: "moon" }, 10)).toEqual({
      ok: false,
      code: "action/unknown_location",
      message: "Unknown combat location: moon",
    });
    expect(setAction(warrior, { skill: "combat", location: "black_ant_nest" }, 10)).toEqual({
      ok: false,
      code: "action/level_required",
      message: "combat level 5 required",
    });
    const level5 = deepFreeze({ ...warrior, skills: { ...warrior.skills, melee: { level: 5, xp: 0 } } });
    const r = setAction(level5, { skill: "combat", location: "black_ant_nest" }, 10);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.currentAction).toEqual({
      ...restingAction(10),
      skill: "combat",
      location: "black_ant_nest",
    });
    expect(r.state.currentMonsters).toEqual([]);
    // the level of the other classes does not count
    const archer9 = deepFreeze({ ...warrior, skills: { ...warrior.skills, ranged: { level: 9, xp: 0 } } });
    expect(setAction(archer9, { skill: "combat", location: "black_ant_nest" }, 10)).toMatchObject({
      code: "action/level_required",
    });
  });

  it("crafting is done at the skill's own place; the same crafting skill again changes nothing", () => {
    const smith = deepFreeze(withNodes(newMiner(), ["south:smithing:unlock"]));
    const r = setAction(smith, { skill: "smithing", location: "garden" }, 3);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.currentAction).toEqual({ ...restingAction(3), skill: "smithing", location: "smithing" });
    const again = setAction(r.state, { skill: "smithing", location: "elsewhere" }, 4);
    expect(again.ok && again.state).toBe(r.state);
  });

  it("switching to another skill cancels the crafting slots in progress, with their events", () => {
    let smith = withNodes(newMiner(), [
      "south:smithing:unlock",
      "south:mycology:unlock",
      "south:tanning:unlock",
    ]);
    smith = addItems(smith, [{ id: 10001, quantity: 3 }]).player;
    const c = startCraft(smith, { craftingSkill: "smithing", itemId: 20001, slotId: 0, quantity: 2 }, 0);
    if (!c.ok) throw new Error(c.message);
    const crafting = deepFreeze(c.state);
    for (const [skill, location] of [
      ["mining", "garden"],
      ["tanning", "tanning"],
      ["none", "home"],
    ] as const) {
      const r = setAction(crafting, { skill, location }, 1000);
      if (!r.ok) throw new Error(r.message);
      expect(r.events).toMatchObject([
        { type: "craftStopped", skill: "smithing", reason: "switched", next: skill },
      ]);
      expect(r.state.smithingSlots[0]!.currentItem).toBeNull();
    }
  });

  it("the reset rule: an action whose flag the player lacks goes back to a rest, and says so", () => {
    const miner = newMiner();
    const r = setAction(miner, { skill: "mining", location: "garden" }, 0);
    if (!r.ok) throw new Error(r.message);
    const kept = clonePlayer(r.state);
    expect(resetActionIfLockedInPlace(kept, 50)).toBe(false);
    expect(kept.currentAction).toEqual(r.state.currentAction);
    const locked = clonePlayer({ ...r.state, featureFlags: { ...r.state.featureFlags, mining: false } });
    expect(resetActionIfLockedInPlace(locked, 50)).toBe(true);
    expect(locked.currentAction).toEqual(restingAction(50));
  });
});
