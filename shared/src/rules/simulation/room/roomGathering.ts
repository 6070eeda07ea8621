import type { GatherSkill } from "../../../data/skills.ts";
import type { SharedNode } from "../../../protocol/rooms.ts";
import type { EventSink } from "../../state/EventSink.ts";
import { activeGearStats } from "../../state/equipmentStats.ts";
import { Rng } from "../../state/rng.ts";
import { breakNode } from "../advanceGathering.ts";
import { actionTimeMs, gatherDamageAt } from "../gatherDamage.ts";
import { locationNodes, restoreNodeHp, rollNode, type SpawnKind } from "../rollNode.ts";
import { ownDraft, type RoomMember } from "./roomMember.ts";

/**
 * The node two or more members share, as the first member (by id) left it, or a fresh roll. The place
 * gets its own generator, seeded by the room's: the draws of one place never depend on how far another
 * has been played, so any split of a span gives the same nodes (docs/rooms.md).
 * A damaged node counts its owner as a hitter: that member's hits on it earned their share.
 */
export function openSharedNode(
  first: RoomMember,
  skill: GatherSkill,
  location: string,
  roomRng: Rng,
): SharedNode {
  const rng = Rng.seed(roomRng.nextU32());
  const kinds = gatherKinds(skill, location);
  const action = first.draft.currentAction;
  const kind = kinds.find((k) => k.node.id === action.nodeId);
  if (kind) {
    const hp = restoreNodeHp(action.nodeHp, kind.node.maxHp);
    return {
      nodeId: kind.node.id,
      nodeHp: hp,
      nodeMaxHp: kind.node.maxHp,
      hitters: hp < kind.node.maxHp ? [first.id] : [],
      rng: rng.state(),
    };
  }
  const node = (kinds[rollNode(kinds, rng)] as SpawnKind).node;
  return { nodeId: node.id, nodeHp: node.maxHp, nodeMaxHp: node.maxHp, hitters: [], rng: rng.state() };
}

/**
 * Members (in id order) hitting one node, each from its `from`, to `until`, hit by hit: the earliest next hit goes
 * first (ties in member order); at 0 HP every hitter since the spawn gets its own drop roll and break xp,
 * and the node's generator rolls the next node. Every HP change is one gatheringNode event, in the place's
 * events (`place`), not in the members': the members' own events are their hits' rewards and xp.
 * Mutates the drafts and `node`.
 */
export function gatherTogether(
  members: readonly RoomMember[],
  node: SharedNode,
  skill: GatherSkill,
  location: string,
  until: number,
  place: EventSink,
): void {
  const rng = new Rng(node.rng);
  const kinds = gatherKinds(skill, location);
  const gear = members.map((m) => activeGearStats(m.draft));
  const period = members.map((m, i) => actionTimeMs(m.draft, skill, gear[i]));
  const nextHit = members.map((m, i) => m.draft.currentAction.nextHitAt ?? m.from + (period[i] as number));
  const summaries = members.map((m) => {
    const s = m.sink.gathering(skill, location, m.draft.skills[skill].level);
    s.durationMs += until - m.from;
    return s;
  });
  const shout = (at: number, by: string) =>
    place.emit({
      type: "gatheringNode",
      at,
      nodeId: node.nodeId,
      nodeHp: node.nodeHp,
      nodeMaxHp: node.nodeMaxHp,
      by,
    });
  for (;;) {
    let who = -1;
    for (let i = 0; i < members.length; i++) {
      if (who < 0 || (nextHit[i] as number) < (nextHit[who] as number)) who = i;
    }
    const at = nextHit[who] as number;
    if (at > until) break;
    const m = members[who] as RoomMember;
    const damage = gatherDamageAt(m.draft, skill, m.draft.skills[skill].level, gear[who]);
    node.nodeHp = Math.max(0, node.nodeHp - damage);
    if (!node.hitters.includes(m.id)) node.hitters.push(m.id);
    (summaries[who] as (typeof summaries)[number]).cycles += 1;
    nextHit[who] = at + (period[who] as number);
    if (node.nodeHp > 0) {
      shout(at, m.id);
      continue;
    }
    const kind = kinds.find((k) => k.node.id === node.nodeId) as SpawnKind;
    members.forEach((h, i) => {
      if (!node.hitters.includes(h.id)) return;
      const entry = h.rng.weighted(kind.drops.map((d) => d.weight));
      breakNode(ownDraft(h), skill, kind, entry, at, summaries[i] as (typeof summaries)[number], h.sink);
    });
    const next = (kinds[rollNode(kinds, rng)] as SpawnKind).node;
    node.nodeId = next.id;
    node.nodeHp = next.maxHp;
    node.nodeMaxHp = next.maxHp;
    node.hitters = [];
    shout(at, m.id);
  }
  node.rng = rng.state();
  members.forEach((m, i) => {
    const action = m.draft.currentAction;
    action.nodeId = node.nodeId;
    action.nodeHp = node.nodeHp;
    action.nodeMaxHp = node.nodeMaxHp;
    action.nextHitAt = nextHit[i] as number;
    (summaries[i] as (typeof summaries)[number]).level = m.draft.skills[skill].level;
  });
}

function gatherKinds(skill: GatherSkill, location: string): readonly SpawnKind[] {
  const found = locationNodes(skill, location);
  if (!("kinds" in found)) throw new Error(found.message);
  return found.kinds;
}
