import { describe, expect, it } from "vitest";
import { deepFreeze, gatherer } from "../../../../testing/players.ts";
import type { Player } from "../../../protocol/player.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { EventSink } from "../../state/EventSink.ts";
import { Rng } from "../../state/rng.ts";
import { advance } from "../advance.ts";
import { actionTimeMs } from "../gatherDamage.ts";
import { locationNodes, rollNode } from "../rollNode.ts";
import { gatherTogether, openSharedNode } from "./roomGathering.ts";
import { draftMember } from "./roomMember.ts";

const MIN = 60_000;
const named = (p: Player, id: string): Player => deepFreeze({ ...deepClone(p), discordId: id, username: id });
const kinds = () => {
  const found = locationNodes("mining", "garden");
  if (!("kinds" in found)) throw new Error(found.message);
  return found.kinds;
};

describe("openSharedNode", () => {
  it("a node the first member damaged is shared as it is, the first member counted as a hitter", () => {
    const hurt = named(advance(gatherer(1), 20_000).player, "alice");
    expect(hurt.currentAction.nodeHp).toBeLessThan(hurt.currentAction.nodeMaxHp);
    const node = openSharedNode(draftMember(hurt, 20_000, MIN), "mining", "garden", Rng.seed(5));
    expect(node).toMatchObject({
      nodeId: hurt.currentAction.nodeId,
      nodeHp: hurt.currentAction.nodeHp,
      nodeMaxHp: hurt.currentAction.nodeMaxHp,
      hitters: ["alice"],
    });
  });

  it("an untouched node is shared with no hitter; a member with no node there gets a fresh roll", () => {
    const fresh = named(gatherer(1), "alice");
    const whole = openSharedNode(draftMember(fresh, 0, MIN), "mining", "garden", Rng.seed(5));
    expect(whole).toMatchObject({
      nodeId: fresh.currentAction.nodeId,
      nodeHp: 15,
      nodeMaxHp: 15,
      hitters: [],
    });

    const none = named({ ...fresh, currentAction: { ...fresh.currentAction, nodeId: null } }, "alice");
    const roomRng = Rng.seed(5);
    const rolled = openSharedNode(draftMember(none, 0, MIN), "mining", "garden", roomRng);
    const expected = Rng.seed(Rng.seed(5).nextU32());
    const node = kinds()[rollNode(kinds(), expected)]!.node;
    expect(rolled).toEqual({
      nodeId: node.id,
      nodeHp: node.maxHp,
      nodeMaxHp: node.maxHp,
      hitters: [],
      rng: expected.state(),
    });
  });

  it("a place with no nodes is an error", () => {
    const m = draftMember(named(gatherer(1), "alice"), 0, MIN);
    expect(() => openSharedNode(m, "mining", "nowhere", Rng.seed(5))).toThrow();
  });
});

describe("gatherTogether", () => {
  const pair = () => [named(gatherer(1), "alice"), named(gatherer(2), "bob")] as const;

  it("hits in time order, ties in member order; each member's summary counts its own hits and the span", () => {
    const [a, b] = pair();
    const members = [draftMember(a, 0, MIN), draftMember(b, 0, MIN)];
    const node = openSharedNode(members[0]!, "mining", "garden", Rng.seed(5));
    const place = new EventSink(0, MIN);
    gatherTogether(members, node, "mining", "garden", MIN, place);
    const hits = place.events.filter((e) => e.type === "gatheringNode");
    const period = actionTimeMs(a, "mining");
    expect(hits.length).toBe(2 * Math.floor((MIN - 3000) / period + 1));
    expect(hits.map((e) => e.by).slice(0, 4)).toEqual(["alice", "bob", "alice", "bob"]);
    for (const m of members) {
      expect(m.sink.summary.gathering).toMatchObject({ cycles: hits.length / 2, durationMs: MIN });
      expect(m.draft.currentAction.nextHitAt).toBe(3000 + (hits.length / 2) * period);
    }
  });

  it("counts each hitter once since the node spawned; a break clears them", () => {
    const [a, b] = pair();
    // two hits each (at 3 and 6 s), short of a break
    const members = [draftMember(a, 0, 7000), draftMember(b, 0, 7000)];
    const node = openSharedNode(members[0]!, "mining", "garden", Rng.seed(5));
    gatherTogether(members, node, "mining", "garden", 7000, new EventSink(0, 7000));
    expect(members[0]!.sink.summary.gathering!.cycles).toBe(2);
    expect(node.nodeHp).toBeGreaterThan(0);
    expect(node.hitters).toEqual(["alice", "bob"]);
    // long enough for breaks: right after one, only who hit since is listed
    const more = [draftMember(a, 0, 10 * MIN), draftMember(b, 0, 10 * MIN)];
    const again = openSharedNode(more[0]!, "mining", "garden", Rng.seed(5));
    const place = new EventSink(0, 10 * MIN);
    gatherTogether(more, again, "mining", "garden", 10 * MIN, place);
    const hits = place.events.filter((e) => e.type === "gatheringNode");
    const lastBreak = hits.findLastIndex((e) => e.nodeHp === e.nodeMaxHp);
    expect(lastBreak).toBeGreaterThan(0);
    expect(again.hitters).toEqual([...new Set(hits.slice(lastBreak + 1).map((e) => e.by))]);
  });

  it("a member with no next hit yet hits one action time after the start", () => {
    const fresh = named(gatherer(1), "alice");
    const waiting = named({ ...fresh, currentAction: { ...fresh.currentAction, nextHitAt: null } }, "alice");
    const from = 10_000;
    const members = [draftMember(waiting, from, from + MIN)];
    const node = openSharedNode(members[0]!, "mining", "garden", Rng.seed(5));
    const place = new EventSink(from, from + MIN);
    gatherTogether(members, node, "mining", "garden", from + MIN, place);
    expect(place.events[0]).toMatchObject({ at: from + actionTimeMs(fresh, "mining") });
    expect(members[0]!.sink.summary.gathering!.durationMs).toBe(MIN);
  });
});
