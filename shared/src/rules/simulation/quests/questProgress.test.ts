import { describe, expect, it } from "vitest";
import type { Quest } from "../../../protocol/quests.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { EventSink, emptySummary } from "../../state/EventSink.ts";
import { newPlayer } from "../../state/newPlayer.ts";
import { countQuestsInPlace, questUnits } from "./questProgress.ts";

const quest = (over: Partial<Quest>): Quest => ({
  id: "0.0",
  kind: "gather",
  skill: "mining",
  subject: null,
  location: null,
  count: 10,
  progress: 0,
  reward: { gold: 1, rp: 1, xp: 1 },
  claimed: false,
  ...over,
});

/** A settle's sink that gathered `mined` units of mining, crafted 3 bricks and 4 of another item, and fought. */
function settled(mined: number, kills = 0): EventSink {
  const sink = new EventSink(0, 1000);
  const gathering = { skill: "mining", totalamount: mined } as NonNullable<EventSink["summary"]["gathering"]>;
  sink.summary.gathering = gathering;
  sink.crafted("smithing", 20001).quantity = 3;
  sink.crafted("smithing", 20002).quantity = 4;
  if (kills > 0) sink.summary.combat = { kills } as NonNullable<EventSink["summary"]["combat"]>;
  return sink;
}

describe("quests: units of a task in a settle's summary", () => {
  it("counts the quest's skill gathered, its item crafted and kills where it is", () => {
    const s = settled(7, 5).summary;
    expect(questUnits(quest({ kind: "gather", skill: "mining" }), s, "garden")).toBe(7);
    expect(questUnits(quest({ kind: "gather", skill: "botany" }), s, "garden")).toBe(0);
    expect(questUnits(quest({ kind: "craft", skill: "smithing", subject: 20001 }), s, "home")).toBe(3);
    expect(questUnits(quest({ kind: "craft", skill: "smithing", subject: 20003 }), s, "home")).toBe(0);
    const defeat = quest({ kind: "defeat", skill: "melee", subject: 1, location: "aphid_nest" });
    expect(questUnits(defeat, s, "aphid_nest")).toBe(5);
    expect(questUnits(defeat, s, "swamp")).toBe(0);
    expect(questUnits(defeat, settled(7).summary, "aphid_nest")).toBe(0);
    expect(questUnits(quest({ kind: "gather" }), emptySummary(0, 1000), "garden")).toBe(0);
  });

  it("adds progress up to the count, tells the summary, and announces a quest that gets there", () => {
    const draft = deepClone(newPlayer({ discordId: "q", username: "q", now: 0, seed: 1 }));
    draft.quests.daily = [
      quest({ id: "a", count: 10, progress: 6 }),
      quest({ id: "b", count: 10, progress: 0 }),
      quest({ id: "c", count: 10, progress: 10 }),
      quest({ id: "d", count: 10, progress: 2, claimed: true }),
      quest({ id: "e", kind: "gather", skill: "botany", count: 10, progress: 1 }),
    ];
    const sink = settled(7);
    countQuestsInPlace(draft, sink, "garden");
    expect(draft.quests.daily.map((q) => q.progress)).toEqual([10, 7, 10, 2, 1]);
    expect(sink.summary.questProgress).toEqual({ a: 4, b: 7 });
    expect(sink.events).toEqual([{ type: "questReady", at: 1000, questId: "a" }]);
  });
});
