import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import { SKILL_IDS } from "../../data/skills.ts";
import { clonePlayer } from "./clonePlayer.ts";
import { EventSink } from "./EventSink.ts";
import { applyXp, effectiveXp, grantXp, PICKLELOGY_XP_RATIO } from "./grantXp.ts";
import { newPlayer } from "./newPlayer.ts";
import { levelForXp } from "./xpForLevel.ts";

const freshPlayer = () => deepFreeze(newPlayer({ discordId: "x", username: "x", now: 0, seed: 3 }));

describe("grantXp", () => {
  it("adds the Garden Research bonus (the lab's xp:+) to every grant, before the floor", () => {
    const base = freshPlayer();
    const research = Array.from({ length: 5 }, () => "east:utility:research");
    const p = withNodes(base, ["east:utility:gold-pouch", "east:utility:lucky-find", ...research]);
    expect(p.modifiers["xp:+"]).toBeCloseTo(0.05);
    expect(grantXp(p, "melee", 100).player.skills.melee.xp).toBe(105);
    expect(grantXp(p, "melee", 10).player.skills.melee.xp).toBe(10); // 10.5 floored
    expect(grantXp(base, "melee", 100).player.skills.melee.xp).toBe(100);
  });

  it("grants floored xp with its RP and picklelogy share", () => {
    const base = freshPlayer();
    const { player, events } = grantXp(base, "mining", 10.9, 5);
    expect(player.skills.mining).toEqual({ level: 1, xp: 10 });
    expect(player.skills.picklelogy.xp).toBe(10 * PICKLELOGY_XP_RATIO);
    expect(player.lab.rp).toBe(0.2);
    expect(player.lab.earnedRpLifetime).toBe(0.2);
    expect(events).toEqual([
      {
        type: "xpUpdate",
        at: 5,
        skill: "mining",
        delta: 10,
        xp: 10,
        level: 1,
        previousLevel: 1,
        rpGain: 0.2,
        picklelogyGain: 5,
      },
    ]);
  });

  it("gives subscribers × 1.5", () => {
    const base = freshPlayer();
    const sub = { ...base, subscription_active: true };
    expect(grantXp(sub, "botany", 3).player.skills.botany.xp).toBe(4);
    expect(grantXp(sub, "botany", 100).player.skills.botany).toEqual({ level: 2, xp: 150 });
  });

  it("grants nothing when the floored gain is not above 0", () => {
    const base = freshPlayer();
    expect(grantXp(base, "mining", 0.99)).toEqual({ player: base, events: [] });
    expect(grantXp(base, "mining", 0)).toEqual({ player: base, events: [] });
    expect(grantXp(base, "mining", -5)).toEqual({ player: base, events: [] });
  });

  it("levels up at 100 and 2700", () => {
    const base = freshPlayer();
    expect(grantXp(base, "smithing", 100).player.skills.smithing.level).toBe(2);
    expect(grantXp(base, "smithing", 2700).player.skills.smithing.level).toBe(10);
  });

  it("tells the level before the grant, and picklelogy's levels when its share reached one", () => {
    const base = freshPlayer();
    const [jump] = grantXp(base, "smithing", 2700).events;
    expect(jump).toMatchObject({ level: 10, previousLevel: 1, picklelogyGain: 1350 });
    expect(jump?.picklelogyLevelUp).toEqual({ from: 1, to: levelForXp(1350) });
    const [small] = grantXp(base, "smithing", 10).events;
    expect(small).toMatchObject({ level: 1, previousLevel: 1 });
    expect(small).not.toHaveProperty("picklelogyLevelUp");
  });

  it("xp and levels never go down", () => {
    const base = freshPlayer();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...SKILL_IDS), fc.double({ min: -100, max: 1e6, noNaN: true })), {
          maxLength: 30,
        }),
        (grants) => {
          let p = base;
          for (const [skill, amount] of grants) {
            const next = grantXp(p, skill, amount).player;
            for (const s of SKILL_IDS) {
              expect(next.skills[s].xp).toBeGreaterThanOrEqual(p.skills[s].xp);
              expect(next.skills[s].level).toBeGreaterThanOrEqual(p.skills[s].level);
            }
            expect(next.lab.rp).toBeGreaterThanOrEqual(p.lab.rp);
            p = next;
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it("picklelogy's own xp gives no share of itself and no RP", () => {
    const base = freshPlayer();
    const r = grantXp(base, "picklelogy", 10);
    expect(r.player.skills.picklelogy.xp).toBe(base.skills.picklelogy.xp + 10);
    expect(r.player.lab).toEqual(base.lab);
    expect(r.events).toMatchObject([{ skill: "picklelogy", delta: 10, rpGain: 0, picklelogyGain: 0 }]);
  });

  it("nothing to grant answers the same player; no grants at all are no update", () => {
    const base = freshPlayer();
    expect(grantXp(base, "mining", 0).player).toBe(base);
    expect(grantXp(base, "mining", -3)).toEqual({ player: base, events: [] });
    expect(effectiveXp(base, -3)).toBe(0);
    expect(effectiveXp({ subscription_active: false }, 7)).toBe(7);
    expect(applyXp(clonePlayer(base), "mining", 10, 0, undefined, 0)).toBeNull();
  });

  it("a subscriber's bonus is only the subscription's part, the research counted in both", () => {
    const research = withNodes(freshPlayer(), [
      "east:utility:gold-pouch",
      "east:utility:lucky-find",
      "east:utility:research",
    ]);
    const subscriber = {
      ...research,
      subscription_active: true,
      modifiers: { ...research.modifiers, "xp:+": 0.1 },
    };
    // 10 × 1.1 × 1.5 = 16 (floored), 11 without the subscription: a bonus of 5
    expect(grantXp(subscriber, "mining", 10).events).toMatchObject([{ delta: 16, bonus: 5 }]);
  });

  it("counts the picklelogy share in the sink's summary", () => {
    const draft = clonePlayer(freshPlayer());
    const sink = new EventSink(0, 0);
    applyXp(draft, "mining", 10, 0, sink, 3);
    expect(sink.summary.xp).toEqual({ mining: 30, picklelogy: 15 });
  });
});
