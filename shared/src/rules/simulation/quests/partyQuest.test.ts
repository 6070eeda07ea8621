import { describe, expect, it } from "vitest";
import { fighter } from "../../../../testing/fighters.ts";
import { locationFor } from "../../../data/locations.ts";
import { PARTY_GOLD_PER_UNIT, PARTY_QUEST_MINUTES, PARTY_RP_PER_UNIT } from "../../../data/quests.ts";
import type { Player } from "../../../protocol/player.ts";
import type { PartyQuest } from "../../../protocol/quests.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import type { AdvanceSummary } from "../../state/EventSink.ts";
import { emptySummary } from "../../state/EventSink.ts";
import { hashSeed } from "../../state/newPlayer.ts";
import { Rng } from "../../state/rng.ts";
import type { CombatSummary } from "../combat/events.ts";
import { newRoomState } from "../room/advanceRoom.ts";
import { countPartyQuestInPlace, partyQuestGroup, payPartyQuest, rollPartyQuest } from "./partyQuest.ts";
import { bestLocation, killsPerHour } from "./questRates.ts";

const member = (id: string, level: number): Player => ({
  ...fighter({ location: "aphid_nest", seed: 3, level }),
  discordId: id,
  username: id,
});
const FIGHT = { kind: "fight", key: "aphid_nest", location: "aphid_nest" } as const;

const summary = (nodes: number, kills: number): AdvanceSummary => ({
  ...emptySummary(0, 1),
  gathering:
    nodes > 0
      ? {
          skill: "mining",
          location: "garden",
          cycles: 0,
          nodes,
          items: [],
          lostItems: [],
          gainedXp: 0,
          totalamount: 0,
          lost: 0,
          level: 1,
          durationMs: 0,
        }
      : null,
  combat: kills > 0 ? ({ kills } as CombatSummary) : null,
});

const quest = (kind: PartyQuest["kind"], progress = 0, count = 10): PartyQuest => ({
  kind,
  place: kind === "break" ? "mining@garden" : "aphid_nest",
  location: kind === "break" ? "garden" : "aphid_nest",
  count,
  progress,
  contributors: {},
  reward: { gold: 40, rp: 10 },
});

describe("a party quest at a fight", () => {
  it("asks for kills sized by the members' rates there, and pays what their best places would ask", () => {
    const members = [member("a", 5), member("b", 30)];
    const room = { id: "r1", questsDone: 2 };
    const q = rollPartyQuest(room, members, FIGHT);
    const factor = 0.8 + 0.4 * Rng.seed(hashSeed("r1:2")).next();
    const here = locationFor("combat", "aphid_nest")!;
    const sized = (rate: (m: Player) => number) =>
      Math.max(
        10,
        Math.round(((members.reduce((n, m) => n + rate(m), 0) * PARTY_QUEST_MINUTES) / 60) * factor),
      );
    const count = sized((m) => killsPerHour(m, here));
    const paid = Math.min(
      count,
      sized((m) => killsPerHour(m, bestLocation(m, "combat")!)),
    );
    expect(paid).toBeLessThan(count);
    expect(q).toEqual({
      kind: "defeat",
      place: "aphid_nest",
      location: "aphid_nest",
      count,
      progress: 0,
      contributors: {},
      reward: { gold: paid * PARTY_GOLD_PER_UNIT, rp: paid * PARTY_RP_PER_UNIT },
    });
    // a room's next quest is drawn afresh (its count of quests done seeds it)
    expect(rollPartyQuest({ id: "r1" }, members, FIGHT)).toEqual(
      rollPartyQuest({ id: "r1", questsDone: 0 }, members, FIGHT),
    );
  });

  it("is grouped under its place's kind", () => {
    expect(partyQuestGroup(quest("defeat"))).toBe("fight:aphid_nest");
    expect(partyQuestGroup(quest("break"))).toBe("gather:mining@garden");
    expect(partyQuestGroup({ kind: "break" })).toBeNull();
  });

  it("counts the kills of the members there together, the nodes of a break quest, nothing of a member apart", () => {
    const members = [member("a", 5), member("b", 5), member("c", 5)];
    const sums = [summary(4, 3), summary(2, 0), summary(5, 7)];
    const defeat: RoomState = { ...newRoomState("r", 1, 0), quest: quest("defeat") };
    countPartyQuestInPlace(defeat, sums, members, new Set([0, 1]));
    expect(defeat.quest).toMatchObject({ progress: 3, contributors: { a: 3 } });
    const brk: RoomState = { ...newRoomState("r", 1, 0), quest: quest("break") };
    countPartyQuestInPlace(brk, sums, members, new Set([0, 1]));
    expect(brk.quest).toMatchObject({ progress: 6, contributors: { a: 4, b: 2 } });
    const none = newRoomState("r", 1, 0);
    countPartyQuestInPlace(none, sums, members, new Set([0, 1, 2]));
    expect(none.quest).toBeUndefined();
  });

  it("once met pays its contributors only, and makes way for the next", () => {
    const members = [member("a", 5), member("b", 5)];
    const done = { ...quest("defeat", 10), contributors: { a: 10 } };
    const room: RoomState = { ...newRoomState("r", 1, 0), quest: done };
    const paid = payPartyQuest(room, members, 500);
    expect(paid.members[0]!.gold).toBe(members[0]!.gold + 40);
    expect(paid.members[1]).toBe(members[1]);
    expect(paid.events).toEqual([
      [{ type: "partyQuestDone", at: 500, kind: "defeat", count: 10, gold: 40, rp: 10 }],
      [],
    ]);
    expect(paid.room.quest).toBeUndefined();
    expect(paid.room.questsDone).toBe(1);
    const running: RoomState = { ...room, quest: { ...done, progress: 9 } };
    expect(payPartyQuest(running, members, 500)).toEqual({ room: running, members, events: [[], []] });
  });
});
