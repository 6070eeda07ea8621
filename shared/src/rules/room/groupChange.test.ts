import { describe, expect, it } from "vitest";
import type { GroupPlayer } from "../../protocol/rooms.ts";
import { applyGroupChange, groupChange } from "./groupChange.ts";

const member = (id: string, nodeHp = 10): GroupPlayer => ({
  discordId: id,
  username: id,
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
});
