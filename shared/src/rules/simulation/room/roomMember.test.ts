import { describe, expect, it } from "vitest";
import { gatherer } from "../../../../testing/players.ts";
import { draftMember, ownDraft, ownXp, untouched } from "./roomMember.ts";

const H = 3_600_000;
/** A member drafted for an hour of its place, its input document beside it. */
const drafted = () => {
  const before = gatherer(3);
  return { before, m: draftMember(before, 0, H) };
};

describe("untouched", () => {
  it("a fresh draft is untouched; its node, time, generator and next regeneration may move", () => {
    const { before, m } = drafted();
    expect(untouched(m, before)).toBe(true);
    m.draft.currentAction.location = "elsewhere";
    m.draft.settledAt = H;
    m.draft.rng = { ...m.draft.rng };
    m.draft.combat = { ...before.combat, nextRegenAt: H };
    expect(untouched(m, before)).toBe(true);
  });

  it("a draft with skills or a whole document of its own is touched", () => {
    const x = drafted();
    ownXp(x.m);
    expect(x.m.sink.events).toEqual([]);
    expect(untouched(x.m, x.before)).toBe(false);
    const o = drafted();
    ownDraft(o.m);
    expect(untouched(o.m, o.before)).toBe(false);
  });

  it("an event of its own touches it", () => {
    const { before, m } = drafted();
    m.sink.emit({ type: "inventoryMessage", at: 1, itemId: 1, lost: 1, code: "inventory/no_space_to_add" });
    expect(untouched(m, before)).toBe(false);
  });

  it("its next hit, its health or its fight's numbers moved touch it", () => {
    const hit = drafted();
    hit.m.draft.currentAction.nextHitAt = 5;
    expect(untouched(hit.m, hit.before)).toBe(false);
    const health = drafted();
    health.m.draft.health = health.before.health - 1;
    expect(untouched(health.m, health.before)).toBe(false);
    const fight = drafted();
    fight.m.draft.combat = { ...fight.before.combat, manaSpent: fight.before.combat.manaSpent + 3 };
    expect(untouched(fight.m, fight.before)).toBe(false);
  });
});
