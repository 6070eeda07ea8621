import { describe, expect, it } from "vitest";
import type { GroupPlayer } from "../../protocol/rooms.ts";
import { applyGroupChange, groupChange } from "./groupChange.ts";
import { groupPlace, withOwnProgress } from "./groupPlayer.ts";

const member = (id: string, nodeHp = 10): GroupPlayer => ({
  discordId: id,
  username: id,
  avatar: null,
  away: false,
  activeCharacter: "seed",
  health: 50,
  maxHealth: 50,
  mana: 20,
  maxMana: 20,
  lab: { rp: 1 },
  featureFlags: {},
  modifiers: {},
  barrier: { remaining: 0, max: 0, nextReadyAt: 0 },
  skills: {},
  currentAction: { skill: "mining", location: "garden", nodeId: 1, nodeHp, nodeMaxHp: 15 },
  isGathering: true,
  fight: null,
});

describe("groupChange and applyGroupChange", () => {
  it("a change carries only the shown fields that moved, and the client rebuilds the room's list", () => {
    const sent = [member("a"), member("b")];
    expect(
      groupChange(
        sent,
        sent.map((p) => ({ ...p })),
      ),
    ).toBeNull();
    // mana and rp are not shown: no change at all
    expect(groupChange(sent, [{ ...member("a"), mana: 3, lab: { rp: 9 } }, member("b")])).toBeNull();
    const now = [member("a", 4), member("b")];
    const change = groupChange(sent, now)!;
    expect(change).toEqual({
      players: [{ discordId: "a", currentAction: now[0]!.currentAction }],
    });
    expect(applyGroupChange(sent, change)).toEqual(now);
  });

  it("a newcomer comes whole and a leaver goes, with the member ids", () => {
    const sent = [member("a"), member("b")];
    const now = [member("b"), member("c")];
    const change = groupChange(sent, now)!;
    expect(change.members).toEqual(["b", "c"]);
    expect(change.players).toEqual([member("c")]);
    expect(applyGroupChange(sent, change)).toEqual(now);
  });

  it("leaves out the progress at the reader's own place, which it shows from its own view, and catches up when it leaves", () => {
    const atBotany = (p: GroupPlayer, nodeHp: number): GroupPlayer => ({
      ...p,
      currentAction: { skill: "botany", location: "garden", nodeId: 3, nodeHp, nodeMaxHp: 20 },
    });
    const held = [member("a"), member("b"), atBotany(member("c"), 20)];
    const place = groupPlace(member("a"));
    // b and a share the mining node: only c's botany node reaches a
    const now = [member("a", 4), member("b", 4), atBotany(member("c"), 12)];
    const change = groupChange(held, now, place)!;
    expect(change.players).toEqual([{ discordId: "c", currentAction: now[2]!.currentAction }]);
    const holds = applyGroupChange(held, change);
    const own = member("a", 4);
    expect(holds.map((p) => withOwnProgress(p, own))).toEqual(now);
    // a goes to botany: b's node, left out until now, comes at its current HP
    const moved = [atBotany(member("a"), 12), member("b", 2), atBotany(member("c"), 12)];
    const back = groupChange(holds, moved, groupPlace(moved[0]!))!;
    expect(back.players.map((p) => p.discordId)).toEqual(["a", "b"]);
    expect(applyGroupChange(holds, back)[1]).toEqual(member("b", 2));
  });

  it("names the members whenever who is in the list changed: one more at the end, or one swapped for another", () => {
    const sent = [member("a"), member("b")];
    expect(groupChange([member("a")], sent)).toEqual({ players: [member("b")], members: ["a", "b"] });
    expect(groupChange(sent, [member("a"), member("c")])).toEqual({
      players: [member("c")],
      members: ["a", "c"],
    });
    expect(groupChange(sent, [member("a")])).toEqual({ players: [], members: ["a"] });
  });

  it("at the reader's place only the progress is left out: a member arriving, a fight starting or health falling still show", () => {
    const fight = { monsterId: 1, hp: 30, maxHp: 40 };
    const fighting = (p: GroupPlayer, hp: number): GroupPlayer => ({
      ...p,
      isGathering: false,
      currentAction: { skill: "combat", location: "aphid_nest", nodeId: null, nodeHp: 0, nodeMaxHp: 0 },
      fight: { ...fight, hp },
    });
    const reader = fighting(member("a"), 30);
    const place = groupPlace(reader);
    expect(place).toBe("combat@aphid_nest");
    // b fights beside the reader: its monster's HP is the reader's to show
    expect(
      groupChange([reader, fighting(member("b"), 30)], [reader, fighting(member("b"), 12)], place),
    ).toBeNull();
    // b's health is not progress
    const hurt = { ...fighting(member("b"), 30), health: 9 };
    expect(groupChange([reader, fighting(member("b"), 30)], [reader, hurt], place)).toEqual({
      players: [{ discordId: "b", health: 9 }],
    });
    // b arrives from the mine: its action and its fight show
    const arrived = fighting(member("b"), 30);
    expect(groupChange([reader, member("b")], [reader, arrived], place)).toEqual({
      players: [
        { discordId: "b", currentAction: arrived.currentAction, isGathering: false, fight: arrived.fight },
      ],
    });
    // c mined at the pond and comes to the reader's node: where it is shows
    const pond: GroupPlayer = {
      ...member("c"),
      currentAction: { ...member("c").currentAction, location: "pond" },
    };
    expect(groupChange([member("a"), pond], [member("a"), member("c")], groupPlace(member("a")))).toEqual({
      players: [{ discordId: "c", currentAction: member("c").currentAction }],
    });
  });

  it("a member leaving a fight for the reader's node shows its fight gone, not only its new action", () => {
    const fighter: GroupPlayer = {
      ...member("b"),
      isGathering: false,
      currentAction: { skill: "combat", location: "aphid_nest", nodeId: null, nodeHp: 0, nodeMaxHp: 0 },
      fight: { monsterId: 1, hp: 30, maxHp: 40 },
    };
    const change = groupChange([member("a"), fighter], [member("a"), member("b")], groupPlace(member("a")))!;
    expect(change).toEqual({
      players: [{ discordId: "b", currentAction: member("b").currentAction, isGathering: true, fight: null }],
    });
    expect(applyGroupChange([member("a"), fighter], change)[1]).toEqual(member("b"));
  });

  it("a reader with no view of its own shows each member as it came", () => {
    const b = member("b", 4);
    expect(withOwnProgress(b, null)).toBe(b);
    // a member at the reader's fight that quit it shows no fight, not the reader's monster
    const fight = { monsterId: 1, hp: 30, maxHp: 40 };
    const combat = {
      skill: "combat" as const,
      location: "aphid_nest",
      nodeId: null,
      nodeHp: 0,
      nodeMaxHp: 0,
    };
    const reader: GroupPlayer = { ...member("a"), isGathering: false, currentAction: combat, fight };
    const quit: GroupPlayer = { ...member("c"), isGathering: false, currentAction: combat, fight: null };
    expect(withOwnProgress(quit, reader)).toBe(quit);
  });
});
