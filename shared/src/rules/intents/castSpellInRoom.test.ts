import { describe, expect, it } from "vitest";
import { fighter } from "../../../testing/fighters.ts";
import { deepFreeze } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import type { RoomState } from "../../protocol/rooms.ts";
import { advanceRoom, newRoomState } from "../simulation/room/advanceRoom.ts";
import { deepClone } from "../state/clonePlayer.ts";
import { EventSink } from "../state/EventSink.ts";
import type { GameEvent } from "../state/events.ts";
import { castSpell, SPELL_CODES } from "./castSpell.ts";
import { castSpellInRoom } from "./castSpellInRoom.ts";

const named = (p: Player, id: string): Player => deepFreeze({ ...deepClone(p), discordId: id, username: id });
const loot = (events: GameEvent[]) => events.filter((e) => e.type === "monsterLoot");

/**
 * Alice (an archer who can cast) and Bob share the aphids; Bob has already damaged the first one, which
 * Long Shot (200) finishes. Both settled to 1 ms by the room.
 */
function sharedFight(): { room: RoomState; members: Player[]; uid: string } {
  const alice = named(
    fighter({ location: "aphid_nest", seed: 5, level: 10, intellect: true, character: "archer" }),
    "alice",
  );
  const bob = named(fighter({ location: "aphid_nest", seed: 6, level: 10 }), "bob");
  const r = advanceRoom(newRoomState("r1", 7, 0), [alice, bob], 1);
  const room = deepClone(r.room);
  const fight = room.fights.aphid_nest!;
  const first = fight.monsters[0]!;
  first.hp = 50;
  fight.damagers[first.uid] = ["bob"];
  fight.targets[first.uid] = "bob";
  return { room: deepFreeze(room), members: r.members.map((m) => deepFreeze(m)), uid: first.uid };
}

describe("castSpellInRoom", () => {
  it("a spell's kill in a shared fight loots every member who damaged the monster", () => {
    const { room, members, uid } = sharedFight();
    const r = castSpellInRoom(room, members, 0, "long_shot", 1);
    if (!r.ok) throw new Error(r.message);
    const [a, b] = r.state.events as [GameEvent[], GameEvent[]];
    expect(loot(a).map((e) => e.uid)).toEqual([uid]);
    expect(loot(b).map((e) => e.uid)).toEqual([uid]);
    expect(r.state.places).toEqual([]);
    expect(r.events).toEqual([]);
    expect(r.state.members[1]!.inventory).not.toEqual(members[1]!.inventory);
    // the room spawned the next aphid, and both members see it
    const next = r.state.room.fights.aphid_nest!.monsters[0]!;
    expect(next.uid).not.toBe(uid);
    expect(r.state.members[0]!.currentMonsters[0]!.uid).toBe(next.uid);
    expect(r.state.members[1]!.currentMonsters[0]!.uid).toBe(next.uid);
    expect(r.state.room.fights.aphid_nest!.damagers[uid]).toBeUndefined();
    // the caster paid for it
    expect(r.state.members[0]!.mana).toBe(members[0]!.mana - 9);
  });

  it("refuses as castSpell does and changes nothing", () => {
    const { room, members } = sharedFight();
    const broke = [deepFreeze({ ...members[0]!, mana: 0 }), members[1]!];
    expect(castSpellInRoom(room, broke, 0, "long_shot", 1)).toEqual({
      ok: false,
      code: SPELL_CODES.mana,
      message: "❌ Not enough Mana for Long Shot",
    });
    expect(castSpellInRoom(room, members, 1, "long_shot", 1)).toMatchObject({
      ok: false,
      code: SPELL_CODES.intellect,
    });
  });

  it("away from a shared fight it is the solo cast", () => {
    const { members } = sharedFight();
    const alone = castSpellInRoom(newRoomState("r2", 1, 0), members, 0, "long_shot", 1);
    const solo = castSpell(members[0]!, "long_shot", 1);
    if (!alone.ok || !solo.ok) throw new Error("refused");
    expect(alone.state.members).toEqual([solo.state, members[1]]);
    expect(alone.state.events).toEqual([solo.events, []]);
  });

  it("only the members at the caster's fight take part: one resting and one fighting elsewhere are left as they were", () => {
    const { room, members, uid } = sharedFight();
    const carol = named(fighter({ location: "aphid_nest", seed: 7, level: 10 }), "carol");
    const resting = deepFreeze({
      ...carol,
      settledAt: 1,
      currentAction: { ...carol.currentAction, skill: "none" as const, location: "home" },
    });
    const elsewhere = named(fighter({ location: "black_ant_nest", seed: 8, level: 10, now: 1 }), "dave");
    const four = [...members, resting, elsewhere];
    const r = castSpellInRoom(room, four, 0, "long_shot", 1);
    if (!r.ok) throw new Error(r.message);
    expect(loot(r.state.events[1]!).map((e) => e.uid)).toEqual([uid]);
    expect(r.state.members[2]).toBe(resting);
    expect(r.state.members[3]).toBe(elsewhere);
    expect(r.state.events.slice(2)).toEqual([[], []]);
    expect(r.state.summaries[3]).toEqual(new EventSink(1, 1).summary);
  });

  it("a resting member's heal is the solo cast, with an empty summary for everyone", () => {
    const { room, members } = sharedFight();
    const alice = members[0]!;
    const hurt = deepFreeze({
      ...alice,
      health: 1,
      currentAction: { ...alice.currentAction, skill: "none" as const, location: "home" },
    });
    const r = castSpellInRoom(room, [hurt, members[1]!], 0, "minor_heal", 1);
    const solo = castSpell(hurt, "minor_heal", 1);
    if (!r.ok || !solo.ok) throw new Error("refused");
    expect(r.state.members).toEqual([solo.state, members[1]]);
    expect(r.state.summaries).toEqual([
      new EventSink(hurt.settledAt, hurt.settledAt).summary,
      new EventSink(members[1]!.settledAt, members[1]!.settledAt).summary,
    ]);
    expect(r.state.room).toBe(room);
    expect(r.state.places).toEqual([]);
    expect(r.events).toEqual([]);
    // refused as the solo cast refuses it
    expect(
      castSpellInRoom(room, [{ ...hurt, health: hurt.maxHealth }, members[1]!], 0, "minor_heal", 1),
    ).toEqual({
      ok: false,
      code: SPELL_CODES.fullHealth,
      message: "Minor Heal skipped: you are at full health",
    });
  });

  it("a member alone at a fight the room holds casts solo, leaving the room's fight as it was", () => {
    const { room, members } = sharedFight();
    const alone = castSpellInRoom(room, [members[0]!], 0, "long_shot", 1);
    const solo = castSpell(members[0]!, "long_shot", 1);
    if (!alone.ok || !solo.ok) throw new Error("refused");
    expect(alone.state.members).toEqual([solo.state]);
    expect(alone.state.room).toBe(room);
  });
});
