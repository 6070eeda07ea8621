import { describe, expect, it } from "vitest";
import type { MonsterInstance, Player } from "../../protocol/player.ts";
import { GroupPlayerSchema } from "../../protocol/rooms.ts";
import { setAction } from "../intents/setAction.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { groupPlace, groupPlayer } from "./groupPlayer.ts";
import { speedsOf } from "./playerView.ts";

const NOW = 1_000;

function monster(uid: string, hp: number): MonsterInstance {
  return { id: 1, uid, hp, maxHp: 100, nextAttackAt: null, status: {} };
}

/** A player fighting at the aphid nest with these monsters. */
function fighter(monsters: MonsterInstance[], quit = false): Player {
  const p = newPlayer({ discordId: "f", username: "F", now: NOW, seed: 1 });
  p.featureFlags.combat = true;
  const fighting = setAction(p, { skill: "combat", location: "aphid_nest" }, NOW);
  if (!fighting.ok) throw new Error(fighting.message);
  return { ...fighting.state, currentMonsters: monsters, combat: { ...fighting.state.combat, quit } };
}

describe("the group list's view of a player", () => {
  it("a fighter's progress is its first living monster's HP, parsed by the protocol's schema", () => {
    const f = fighter([monster("a", 0), monster("b", 37), monster("c", 90)]);
    const view = groupPlayer(f, speedsOf(f), false);
    expect(view.fight).toEqual({ monsterId: 1, hp: 37, maxHp: 100 });
    expect(GroupPlayerSchema.parse(view)).toEqual(view);
  });

  it("no fight progress without a living monster, out of the fight, or away from combat", () => {
    const dead = fighter([monster("a", 0)]);
    expect(groupPlayer(dead, speedsOf(dead), false).fight).toBeNull();
    const quit = fighter([monster("b", 37)], true);
    expect(groupPlayer(quit, speedsOf(quit), false).fight).toBeNull();
    const resting = { ...newPlayer({ discordId: "r", username: "R", now: NOW, seed: 1 }) };
    resting.currentMonsters = [monster("b", 37)];
    const view = groupPlayer(resting, speedsOf(resting), false);
    expect(view.fight).toBeNull();
    expect(GroupPlayerSchema.parse(view)).toEqual(view);
  });

  it("lists only the flags the player has, and its place as a fight at the nest", () => {
    const f = fighter([monster("m1", 60)]);
    const g = groupPlayer(f, speedsOf(f), false);
    expect(g.featureFlags).toEqual({ combat: true });
    expect(Object.values(f.featureFlags)).toContain(false);
    expect(groupPlace(g)).toBe("combat@aphid_nest");
  });
});
