import type { GroupPlayer } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { discordAvatarUrl, mergeRoster, type Participant } from "./roster.ts";

const member = (discordId: string, username: string, skill: string, location: string): GroupPlayer =>
  ({
    discordId,
    username,
    health: 40,
    away: false,
    currentAction: { skill, location, nodeId: null, nodeHp: 0, nodeMaxHp: 0 },
  }) as GroupPlayer;

const alice: Participant = {
  id: "80351110224678912",
  username: "alice",
  global_name: "Alice",
  avatar: "8342729096ea3675442027381ff50dfe",
};
const bob: Participant = { id: "80351110224678913", username: "bob", nickname: "Bobby", avatar: null };

describe("the roster", () => {
  it("merges Discord's participants with the room's members: who is here, who plays where", () => {
    const roster = mergeRoster(
      [bob, alice],
      [member(alice.id, "Alice P", "mining", "garden"), member("555", "Carol", "combat", "path")],
      alice.id,
      { cdn: true },
    );
    expect(roster).toEqual([
      {
        id: alice.id,
        name: "Alice",
        avatarUrl: `https://cdn.discordapp.com/avatars/${alice.id}/${alice.avatar}.png?size=64`,
        self: true,
        inActivity: true,
        playing: true,
        skill: "mining",
        location: "garden",
        status: "gathering",
      },
      {
        id: "555",
        name: "Carol",
        avatarUrl: discordAvatarUrl({ id: "555" }),
        self: false,
        inActivity: false,
        playing: true,
        skill: "combat",
        location: "path",
        status: "fighting",
      },
      {
        id: bob.id,
        name: "Bobby",
        avatarUrl: discordAvatarUrl(bob),
        self: false,
        inActivity: true,
        playing: false,
        skill: null,
        location: null,
        status: null,
      },
    ]);
  });

  it("uses Discord's default avatar from the id, and none without Discord's CDN (mock mode)", () => {
    // (id >> 22) % 6, as Discord picks it for users without an avatar
    expect(discordAvatarUrl({ id: "80351110224678912" })).toBe(
      `https://cdn.discordapp.com/embed/avatars/${Number((80351110224678912n >> 22n) % 6n)}.png`,
    );
    expect(discordAvatarUrl({ id: "mock-sprout" })).toBe("https://cdn.discordapp.com/embed/avatars/0.png");
    expect(mergeRoster([alice], [], null, { cdn: false })[0]?.avatarUrl).toBeNull();
  });

  it("a participant who left is gone; a member still in the room stays, marked out of the activity", () => {
    const members = [member(alice.id, "Alice", "none", "home"), member(bob.id, "bob", "botany", "pond")];
    const before = mergeRoster([alice, bob], members, alice.id, { cdn: false });
    expect(before.map((e) => [e.name, e.inActivity])).toEqual([
      ["Alice", true],
      ["Bobby", true],
    ]);
    const after = mergeRoster([alice], members, alice.id, { cdn: false });
    expect(after.map((e) => [e.name, e.inActivity])).toEqual([
      ["Alice", true],
      ["bob", false],
    ]);
    expect(mergeRoster([alice], [members[0]!], alice.id, { cdn: false })).toHaveLength(1);
  });
});
