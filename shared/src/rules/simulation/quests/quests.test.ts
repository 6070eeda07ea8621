import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refused } from "../../../../testing/matchers.ts";
import { acting, deepFreeze, withNodes } from "../../../../testing/players.ts";
import { DAY_MS } from "../../../data/quests.ts";
import { RECIPES } from "../../../data/recipes.ts";
import type { Player } from "../../../protocol/player.ts";
import type { Quest } from "../../../protocol/quests.ts";
import { claimQuest, QUEST_CODES, rerollCost, rerollQuest } from "../../intents/claimQuest.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { newPlayer } from "../../state/newPlayer.ts";
import { xpForLevel } from "../../state/xpForLevel.ts";
import { advance } from "../advance.ts";
import { advanceRoom, newRoomState } from "../room/advanceRoom.ts";
import { payPartyQuest } from "./partyQuest.ts";
import { bestLocation } from "./questRates.ts";
import { questCandidates, refreshQuests } from "./rollQuests.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
const QUEST_NODES = ["east:utility:gold-pouch", "east:utility:quest"];
const WARRIOR = ["south:smithing:unlock", "south:melee:unlock"];

/** A miner at the garden with the quest node (and `nodes`), its board drawn at time 0 (day 0). */
function questMiner(seed = 1, nodes: string[] = [], id = "miner"): Player {
  const p = withNodes(newPlayer({ discordId: id, username: id, now: 0, seed }), [
    "south:mining:unlock",
    ...QUEST_NODES,
    ...nodes,
  ]);
  return deepFreeze(refreshQuests(acting(p, "mining", "garden", 0), 0));
}

const progressOf = (p: Player) => p.quests.daily.map((q) => q.progress);
const gatherQuest = (p: Player) => p.quests.daily.find((q) => q.kind === "gather")!;

describe("quests: the daily board", () => {
  it("draws nothing before the quest node", () => {
    const p = newPlayer({ discordId: "x", username: "x", now: 0, seed: 1 });
    expect(refreshQuests(p, 5 * DAY_MS)).toBe(p);
  });

  it("offers a template for each unlocked gathering skill, crafting skill and the best combat area", () => {
    const p = questMiner(1, WARRIOR);
    expect(questCandidates(p).map((c) => `${c.kind}:${c.skill}:${c.subject}:${c.location}`)).toEqual([
      "gather:mining:null:null",
      "craft:smithing:20001:null",
      "defeat:melee:1:aphid_nest",
    ]);
  });

  it("draws three dailies with the player's generator, pinned for a fixed seed", () => {
    const p = questMiner(1, WARRIOR);
    expect(p.quests.day).toBe(0);
    expect(p.quests.daily).toMatchInlineSnapshot(`
      [
        {
          "claimed": false,
          "count": 380,
          "id": "0.0",
          "kind": "defeat",
          "location": "aphid_nest",
          "progress": 0,
          "reward": {
            "gold": 1900,
            "rp": 95,
            "xp": 950,
          },
          "skill": "melee",
          "subject": 1,
        },
        {
          "claimed": false,
          "count": 211,
          "id": "0.1",
          "kind": "gather",
          "location": null,
          "progress": 0,
          "reward": {
            "gold": 211,
            "rp": 21.1,
            "xp": 211,
          },
          "skill": "mining",
          "subject": null,
        },
        {
          "claimed": false,
          "count": 155,
          "id": "0.2",
          "kind": "craft",
          "location": null,
          "progress": 0,
          "reward": {
            "gold": 465,
            "rp": 15.5,
            "xp": 155,
          },
          "skill": "smithing",
          "subject": 20001,
        },
      ]
    `);
    expect(questMiner(1, WARRIOR).quests).toEqual(p.quests);
    expect(questMiner(2, WARRIOR).quests.daily).not.toEqual(p.quests.daily);
  });

  it("sizes a quest to half an hour to an hour of the player's rate", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (seed) => {
        // a level-30 miner, whose rate barely moves in an hour (a newcomer's doubles as it levels)
        const draft = deepClone(questMiner(seed));
        draft.skills.mining = { level: 30, xp: xpForLevel(30) };
        draft.quests.day = -1;
        const p = refreshQuests(acting(draft, "mining", "square", 0), 0);
        const q = gatherQuest(p);
        const hour = advance(p, HOUR).summary.gathering!.totalamount;
        expect(q.count).toBeGreaterThanOrEqual(Math.floor(hour * 0.3));
        expect(q.count).toBeLessThanOrEqual(Math.ceil(hour * 1.1));
      }),
      { numRuns: 20 },
    );
  });

  it("draws a new board each day; a finished quest not yet claimed stays", () => {
    const p = advance(questMiner(1), 8 * HOUR).player;
    expect(p.quests.daily.every((q) => q.progress === q.count)).toBe(true);
    const claimed = claimQuest(p, p.quests.daily[0]!.id, 8 * HOUR);
    if (!claimed.ok) throw new Error(claimed.message);
    expect(refreshQuests(claimed.state, 20 * HOUR)).toBe(claimed.state);
    const next = refreshQuests(claimed.state, DAY_MS + 1);
    expect(next.quests.day).toBe(1);
    expect(next.quests.daily[0]!.id).toBe("1.0");
    expect(next.quests.daily[0]!.progress).toBe(0);
    expect(next.quests.daily.slice(1)).toEqual(p.quests.daily.slice(1));
  });
});

describe("quests: progress from the rules' events", () => {
  it("counts gathering online, settle by settle, and announces a quest ready", () => {
    let p = questMiner(1);
    const q = gatherQuest(p);
    let gathered = 0;
    const ready: string[] = [];
    for (let t = MIN; t <= 2 * HOUR; t += MIN) {
      const r = advance(p, t);
      gathered += r.summary.gathering?.totalamount ?? 0;
      ready.push(...r.events.flatMap((e) => (e.type === "questReady" ? [e.questId] : [])));
      p = r.player;
      expect(gatherQuest(p).progress).toBe(Math.min(q.count, gathered));
    }
    expect(ready.sort()).toEqual(p.quests.daily.map((d) => d.id));
  });

  it("counts a long absence (the closed-form path) and tells the summary", () => {
    const p = questMiner(3);
    const r = advance(p, 12 * HOUR);
    expect(r.player.quests.daily.every((q) => q.progress === q.count)).toBe(true);
    expect(r.summary.questProgress).toEqual(Object.fromEntries(p.quests.daily.map((q) => [q.id, q.count])));
  });

  it("counts crafting and kills", () => {
    const base = questMiner(5, WARRIOR);
    const fighting = acting(base, "combat", "aphid_nest", 0);
    const defeat = fighting.quests.daily.find((q) => q.kind === "defeat");
    const r = advance(fighting, 10 * MIN);
    if (defeat)
      expect(r.player.quests.daily.find((q) => q.id === defeat.id)!.progress).toBe(
        Math.min(defeat.count, r.summary.combat!.kills),
      );
    for (const q of r.player.quests.daily.filter((d) => d.kind !== "defeat")) expect(q.progress).toBe(0);
  });

  it("never depends on how a span is split", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 3 * HOUR }), { minLength: 1, maxLength: 5 }),
        (seed, spans) => {
          const p = questMiner(seed);
          const end = spans.reduce((a, b) => a + b, 0);
          let split = p;
          let t = 0;
          for (const s of spans) {
            t += s;
            split = advance(split, t).player;
          }
          expect(progressOf(split)).toEqual(progressOf(advance(p, end).player));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("counts in a room, alone at a place or sharing a node", () => {
    const alice = questMiner(1, [], "alice");
    const bob = questMiner(2, [], "bob");
    const room = deepFreeze(newRoomState("r1", 9, 0));
    const r = advanceRoom(room, [alice, bob], 20 * MIN);
    r.members.forEach((m, i) => {
      const gathered = r.summaries[i]!.gathering!.totalamount;
      expect(gathered).toBeGreaterThan(0);
      expect(gatherQuest(m).progress).toBe(Math.min(gatherQuest(m).count, gathered));
    });
    const solo = advanceRoom(room, [alice], 20 * MIN);
    expect(solo.members[0]).toEqual(advance(alice, 20 * MIN).player);
  });
});

describe("quests: claim and reroll", () => {
  it("pays a finished quest once, in gold, RP and xp", () => {
    const p = advance(questMiner(1), 8 * HOUR).player;
    const q = p.quests.daily[0]!;
    const r = claimQuest(p, q.id, 8 * HOUR);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.gold).toBe(p.gold + q.reward.gold);
    expect(r.state.skills[q.skill].xp).toBe(p.skills[q.skill].xp + q.reward.xp);
    expect(r.events).toEqual([expect.objectContaining({ type: "xpUpdate", at: 8 * HOUR, skill: q.skill })]);
    // the reward's RP and the xp's share of RP, both counted as earned
    const xpRp = (r.events[0] as { rpGain: number }).rpGain;
    expect(q.reward.rp).toBeGreaterThan(0);
    expect(r.state.lab.rp).toBeCloseTo(p.lab.rp + q.reward.rp + xpRp, 9);
    expect(r.state.lab.earnedRpLifetime).toBeCloseTo(p.lab.earnedRpLifetime + q.reward.rp + xpRp, 9);
    expect(r.state.quests.daily[0]!.claimed).toBe(true);
    expect(r.state.quests.daily.slice(1)).toEqual(p.quests.daily.slice(1));
    expect(r.state.quests.claimedTotal).toBe(p.quests.claimedTotal + 1);
    expect(claimQuest(r.state, q.id, 8 * HOUR)).toEqual(refused(QUEST_CODES.alreadyClaimed));
    const second = claimQuest(r.state, p.quests.daily[1]!.id, 8 * HOUR);
    expect(second.ok && second.state.quests.claimedTotal).toBe(2);
  });

  it("claims a quest whose progress reached its count exactly, not one short", () => {
    const at = (progress: number) => {
      const draft = deepClone(questMiner(1));
      draft.quests.daily[0]!.progress = progress;
      return deepFreeze(draft);
    };
    const q = questMiner(1).quests.daily[0]!;
    expect(claimQuest(at(q.count - 1), q.id, 0)).toMatchObject({
      ...refused(QUEST_CODES.notDone),
      message: `Not finished yet: ${q.count - 1}/${q.count}`,
    });
    expect(claimQuest(at(q.count), q.id, 0).ok).toBe(true);
  });

  it("pays the quest claimed, not another, and tells no xp when its reward has none", () => {
    const draft = deepClone(advance(questMiner(1), 8 * HOUR).player);
    const [first, second] = draft.quests.daily as [Quest, Quest];
    second.reward = { ...second.reward, xp: 0 };
    const p = deepFreeze(draft);
    const r = claimQuest(p, second.id, 8 * HOUR);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.quests.daily.map((d) => d.claimed)).toEqual([false, true, false]);
    expect(r.state.gold).toBe(p.gold + second.reward.gold);
    expect(r.state.skills).toEqual(p.skills);
    expect(r.events).toEqual([]);
    expect(first.reward.gold).not.toBe(second.reward.gold);
  });

  it("refuses an unfinished, unknown or locked quest", () => {
    const p = questMiner(1);
    expect(claimQuest(p, p.quests.daily[0]!.id, 0)).toEqual(refused(QUEST_CODES.notDone));
    expect(claimQuest(p, "nope", 0)).toEqual(refused(QUEST_CODES.unknown));
    const fresh = newPlayer({ discordId: "x", username: "x", now: 0, seed: 1 });
    expect(claimQuest(fresh, "0.0", 0)).toEqual(refused(QUEST_CODES.locked));
    // a board drawn, then the quest flag gone: locked before anything else
    const unflagged = { ...p, featureFlags: { ...p.featureFlags, quest: false } };
    expect(claimQuest(unflagged, p.quests.daily[0]!.id, 0)).toEqual(refused(QUEST_CODES.locked));
    expect(rerollQuest(unflagged, p.quests.daily[0]!.id, 0)).toEqual(refused(QUEST_CODES.locked));
  });

  it("costs 10 gold per total level to reroll, and takes exactly that", () => {
    const p = questMiner(1, WARRIOR);
    const levels = Object.values(p.skills).reduce((n, s) => n + s.level, 0);
    expect(levels).toBe(12);
    expect(rerollCost(p)).toBe(120);
    const id = p.quests.daily[1]!.id;
    expect(rerollQuest({ ...p, gold: 119 }, id, 0)).toMatchObject({
      ...refused(QUEST_CODES.notEnoughGold),
      message: "A reroll costs 120 gold",
    });
    const r = rerollQuest({ ...p, gold: 120 }, id, 0);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.gold).toBe(0);
    expect(r.events).toEqual([]);
  });

  it("refuses to reroll a finished or claimed quest, an unknown one, or with nothing to draw", () => {
    const done = deepFreeze({ ...deepClone(advance(questMiner(1), 8 * HOUR).player), gold: 10_000 });
    const q = done.quests.daily[0]!;
    expect(rerollQuest(done, q.id, 8 * HOUR)).toEqual(refused(QUEST_CODES.finished));
    const claimed = claimQuest(done, q.id, 8 * HOUR);
    if (!claimed.ok) throw new Error(claimed.message);
    expect(rerollQuest(claimed.state, q.id, 8 * HOUR)).toEqual(refused(QUEST_CODES.finished));
    // claimed with progress short of the count (a board from before a count changed): still finished
    const shortClaimed = deepClone(questMiner(1));
    shortClaimed.gold = 10_000;
    shortClaimed.quests.daily[0]!.claimed = true;
    expect(rerollQuest(shortClaimed, shortClaimed.quests.daily[0]!.id, 0)).toEqual(
      refused(QUEST_CODES.finished),
    );
    const rich = deepFreeze({ ...deepClone(questMiner(1)), gold: 10_000 });
    expect(rerollQuest(rich, "nope", 0)).toEqual(refused(QUEST_CODES.unknown));
    // the board stays, but nothing is unlocked to draw from any more
    const nothing = deepClone(rich);
    nothing.featureFlags = { ...nothing.featureFlags, mining: false };
    expect(questCandidates(nothing)).toEqual([]);
    expect(rerollQuest(nothing, nothing.quests.daily[0]!.id, 0)).toEqual(refused(QUEST_CODES.nothingToDraw));
  });

  it("rerolls an unfinished quest once a day, for gold", () => {
    const p = questMiner(1, WARRIOR);
    const id = p.quests.daily[1]!.id;
    expect(rerollQuest(p, id, 0)).toEqual(refused(QUEST_CODES.notEnoughGold));
    const rich = deepFreeze({ ...deepClone(p), gold: 10_000 });
    const r = rerollQuest(rich, id, 0);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.gold).toBe(10_000 - 120);
    const drawn = r.state.quests.daily[1]!;
    expect(drawn).toMatchObject({ id: `${id}r`, progress: 0, claimed: false });
    expect(r.state.quests.daily[0]).toEqual(p.quests.daily[0]);
    expect(r.state.quests.daily[2]).toEqual(p.quests.daily[2]);
    expect(r.state.quests.rerollDay).toBe(0);
    expect(r.state.rng).not.toEqual(rich.rng);
    expect(rerollQuest(r.state, r.state.quests.daily[2]!.id, HOUR)).toEqual(
      refused(QUEST_CODES.noRerollLeft),
    );
    const tomorrow = rerollQuest(r.state, r.state.quests.daily[2]!.id, DAY_MS);
    if (!tomorrow.ok) throw new Error(tomorrow.message);
    expect(tomorrow.state.quests.rerollDay).toBe(1);
  });
});

describe("quests over the whole world", () => {
  it("draws no quest for a skill at 99", () => {
    const draft = deepClone(questMiner(1, WARRIOR));
    draft.skills.mining = { level: 99, xp: xpForLevel(99) };
    expect(questCandidates(draft).map((c) => c.skill)).toEqual(["smithing", "melee"]);
    draft.skills.smithing = { level: 99, xp: xpForLevel(99) };
    draft.skills.melee = { level: 99, xp: xpForLevel(99) };
    draft.quests.day = -1;
    expect(questCandidates(draft)).toEqual([]);
    expect(refreshQuests(draft, 0)).toBe(draft);
  });

  it("a reroll never draws the quest it replaces", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 2 }), (seed, slot) => {
        const p = deepFreeze({ ...deepClone(questMiner(seed, WARRIOR)), gold: 1_000_000 });
        const old = p.quests.daily[slot]!;
        const r = rerollQuest(p, old.id, 0);
        if (!r.ok) throw new Error(r.message);
        const drawn = r.state.quests.daily[slot]!;
        expect([drawn.kind, drawn.skill, drawn.subject]).not.toEqual([old.kind, old.skill, old.subject]);
      }),
      { numRuns: 30 },
    );
  });

  it("refuses a reroll when the quest it replaces is the only one the player can be given", () => {
    const p = deepFreeze({ ...deepClone(questMiner(1)), gold: 1_000_000 });
    expect(questCandidates(p)).toHaveLength(1);
    expect(rerollQuest(p, p.quests.daily[0]!.id, 0)).toMatchObject({
      ok: false,
      code: QUEST_CODES.nothingToDraw,
    });
  });

  it("sizes a craft quest with the time to gather its raw resources", () => {
    const p = questMiner(1, WARRIOR);
    const craft = questCandidates(p).find((c) => c.kind === "craft")!;
    const gather = questCandidates(p).find((c) => c.kind === "gather")!;
    const recipe = RECIPES[craft.subject!]!;
    const craftingAlone = (3_600_000 / recipe.timeMs) * 1;
    // one raw resource per craft: an hour covers gathering them and crafting them
    expect(craft.perHour).toBeCloseTo(1 / (1 / craftingAlone + 1 / gather.perHour), 6);
    expect(craft.perHour).toBeLessThan(gather.perHour);
  });
});

describe("party quests", () => {
  it("is drawn for two members, counts their work together and pays each contributor", () => {
    const alice = questMiner(1, [], "alice");
    const bob = questMiner(2, [], "bob");
    const room = deepFreeze(newRoomState("r1", 9, 0));
    let r = advanceRoom(room, [alice, bob], 0 + 1);
    expect(r.room.quest).toMatchInlineSnapshot(`
      {
        "contributors": {},
        "count": 172,
        "kind": "break",
        "location": "garden",
        "place": "mining@garden",
        "progress": 0,
        "reward": {
          "gold": 688,
          "rp": 172,
        },
      }
    `);
    const count = r.room.quest!.count;
    let t = 1;
    while ((r.room.quest?.progress ?? 0) < count) {
      t += 5 * MIN;
      r = advanceRoom(r.room, r.members, t);
    }
    expect(r.room.quest!.contributors.alice! + r.room.quest!.contributors.bob!).toBe(r.room.quest!.progress);
    const paid = payPartyQuest(r.room, r.members, t);
    expect(paid.room.quest).toBeUndefined();
    expect(paid.room.questsDone).toBe(1);
    paid.members.forEach((m, i) => {
      expect(m.gold).toBe(r.members[i]!.gold + r.room.quest!.reward.gold);
      expect(paid.events[i]).toEqual([
        { type: "partyQuestDone", at: t, kind: "break", count, ...r.room.quest!.reward },
      ]);
    });
    expect(payPartyQuest(room, [alice, bob], t).members).toEqual([alice, bob]);
  });

  it("is not drawn for one member, nor for members apart", () => {
    const alice = questMiner(1, [], "alice");
    const room = deepFreeze(newRoomState("r1", 9, 0));
    expect(advanceRoom(room, [alice], HOUR).room.quest).toBeUndefined();
    const bob = deepFreeze(acting(questMiner(2, WARRIOR, "bob"), "combat", "aphid_nest", 0));
    expect(advanceRoom(room, [alice, bob], HOUR).room.quest).toBeUndefined();
  });

  /** A miner of level `level` at `location` (the garden is tier 1, far below a level-40 miner's best). */
  const veteran = (seed: number, id: string, location: string) => {
    const p = deepClone(questMiner(seed, [], id));
    p.skills.mining = { ...p.skills.mining, level: 40, xp: xpForLevel(40) };
    return deepFreeze(acting(p, "mining", location, 0));
  };
  const best = (p: Player) => bestLocation(p, "mining")!.id;

  it("drawn while the party mines far below its best place, is sized for that place and pays what its best place would", () => {
    const atGarden = [veteran(1, "alice", "garden"), veteran(2, "bob", "garden")];
    expect(best(atGarden[0]!)).not.toBe("garden");
    const room = deepFreeze(newRoomState("r1", 9, 0));
    let r = advanceRoom(room, atGarden, 1);
    const quest = r.room.quest!;
    expect(quest).toMatchObject({ kind: "break", place: "mining@garden", location: "garden" });
    // it asks about PARTY_QUEST_MINUTES of their work at the garden (±20 %), not a few minutes' worth
    let t = 1;
    while ((r.room.quest?.progress ?? 0) < quest.count) {
      t += MIN;
      r = advanceRoom(r.room, r.members, t);
    }
    expect(t).toBeGreaterThan(14 * MIN);
    expect(t).toBeLessThan(26 * MIN);
    // the same room's quest drawn at their best place pays the same
    const atBest = atGarden.map((p) => deepFreeze(acting(deepClone(p), "mining", best(p), 0)));
    const there = advanceRoom(room, atBest, 1).room.quest!;
    expect(there.place).toBe(`mining@${best(atBest[0]!)}`);
    expect(quest.reward).toEqual(there.reward);
    expect(quest.count).toBeGreaterThan(there.count);
  });

  it("counts only the work done at its place", () => {
    const room = deepFreeze(newRoomState("r1", 9, 0));
    const r = advanceRoom(room, [veteran(1, "alice", "garden"), veteran(2, "bob", "garden")], 1);
    // both move on together to another place: their breaks there do not count
    const moved = r.members.map((p) => deepFreeze(acting(deepClone(p), "mining", best(p), 1)));
    const later = advanceRoom(r.room, moved, 30 * MIN);
    expect(later.summaries.every((s) => (s.gathering?.nodes ?? 0) > 0)).toBe(true);
    expect(later.room.quest).toEqual(r.room.quest);
  });
});
