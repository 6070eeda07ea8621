import { describe, expect, it, vi } from "vitest";
import { fight } from "../../../../testing/fastForward.ts";
import { areaFighter, fighter, freshFighter, gearedFighter } from "../../../../testing/fighters.ts";
import { Afflicted } from "./Afflicted.ts";
import { CombatSim } from "./CombatSim.ts";
import { LiveMonster } from "./LiveMonster.ts";

const DAY = 24 * 3_600_000;

/**
 * The fast paths change no result (the cross-checks in fastForwardSwings.test.ts and fastForwardKills.test.ts),
 * only how long a span away takes to settle: a guard that stops one early, or never lets it start, hands the
 * fight to a slower path with the same outcome, and 30 days away cost the event loop's time again. So each
 * fight here counts the slower paths' calls per swing over a day (23,000 to 30,000 swings):
 * - the event loop's own `CombatSim.swing`;
 * - fastForwardSwings' swing by swing, which asks `Afflicted.swingInterval` each time (plainStretch only when
 *   the fighter is slowed) and hands a swing that may cross a level to `strike`;
 * - and for one-hit kills, a kill at a time, each respawning the monster (fastForwardKills counts its cycles);
 * - a gear spell's cast by simSpells.ts, which spends its mana through `CombatSim.spendMana` (plainStretch casts
 *   a damage spell in its own numbers).
 */
describe("the fast paths take the fights they are for", () => {
  function slowerPaths(p: Parameters<typeof fight>[0]) {
    const swing = vi.spyOn(CombatSim.prototype, "swing");
    const perSwing = vi.spyOn(Afflicted.prototype, "swingInterval");
    const spawn = vi.spyOn(LiveMonster.prototype, "spawn");
    const spend = vi.spyOn(CombatSim.prototype, "spendMana");
    try {
      const { summary, draft } = fight(p, DAY, true);
      return {
        kills: summary.kills,
        swings: swing.mock.calls.length,
        perSwing: perSwing.mock.calls.length,
        spawns: spawn.mock.calls.length,
        casts: spend.mock.calls.length,
        intellectXp: draft.skills.intellect.xp - p.skills.intellect.xp,
      };
    } finally {
      vi.restoreAllMocks();
    }
  }

  it("plainStretch: a day of several swings a kill, at the plain places and the insects', each fighter as the bench has it", () => {
    for (const p of [
      freshFighter("swamp"),
      gearedFighter("swamp"),
      gearedFighter("beetle_nest", 3, "mage"),
      areaFighter("wasp_nest"),
      areaFighter("hornet_hive"),
    ]) {
      const paths = slowerPaths(p);
      expect(paths.kills).toBeGreaterThan(2_000);
      expect(paths.swings).toBe(0);
      // (measured: 11 to 182, the swings that may cross a level)
      expect(paths.perSwing).toBeLessThan(300);
    }
  });

  it("plainStretch casts damage gear spells itself: simSpells.ts (its spendMana) only for a cast that may cross a level", () => {
    for (const p of [gearedFighter("swamp"), areaFighter("wasp_nest"), areaFighter("hornet_hive")]) {
      const paths = slowerPaths(p);
      // thousands of casts a day (intellect xp from their mana)
      expect(paths.intellectXp).toBeGreaterThan(50_000);
      // (measured: 2 to 31)
      expect(paths.casts).toBeLessThan(100);
    }
  });

  it("fastForwardKills: a day of one-hit kills, counted in cycles", () => {
    const paths = slowerPaths(fighter({ location: "aphid_nest", level: 60 }));
    expect(paths.kills).toBe(28_800);
    expect(paths.swings).toBe(0);
    // (measured: 8)
    expect(paths.spawns).toBeLessThan(50);
    expect(paths.perSwing).toBeLessThan(50);
  });
});
