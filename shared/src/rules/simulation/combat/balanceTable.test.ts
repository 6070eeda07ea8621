import { describe, expect, it } from "vitest";
import { areaFighter, tutorialNewcomer } from "../../../../testing/fighters.ts";
import { SEED_TIERS } from "../../../data/itemIds.ts";
import { LOCATION_IDS_BY_SKILL } from "../../../data/locations.ts";
import type { Character } from "../../../data/skills.ts";
import { EQUIPMENT_SLOTS } from "../../../data/skills.ts";
import { advance } from "../advance.ts";
import { areaRows, newcomerRow } from "./balanceTable.ts";

const MINUTE = 60_000;
const CLASSES: readonly Character[] = ["warrior", "mage", "archer"];

/**
 * The reviewed balance (docs/combat-balance.md, written by `npm run docs:balance`). A change here is a
 * balance change: run the script and review the page.
 */
describe("combat balance (fixed seed)", () => {
  it("the tutorial newcomer wins its first fight: the pinned row", () => {
    expect(newcomerRow()).toEqual({
      location: "aphid_nest",
      monster: "Aphid",
      fighter: "tutorial newcomer: warrior 1, tier-1 helmet",
      firstKillS: 9,
      lethalAfterS: null,
      kills30m: 241,
      deaths30m: 0,
      killsPerHour: 541,
      deathsPerHour: 0,
      xpPerHour: 2282,
    });
  });

  it("whatever tier-1 piece a newcomer of any class crafted: >= 2 kills a minute, <= 4 deaths and >= 15 kills per death in 30 min", () => {
    for (const character of CLASSES)
      for (const slot of EQUIPMENT_SLOTS)
        for (const seed of [1, 2, 3]) {
          const c = advance(tutorialNewcomer("aphid_nest", seed, slot, character), 30 * MINUTE).summary
            .combat!;
          const what = `${character} ${slot} seed ${seed}: ${c.kills} kills ${c.deaths} deaths`;
          expect(c.kills, what).toBeGreaterThanOrEqual(60);
          expect(c.deaths, what).toBeLessThanOrEqual(4);
          expect(c.kills, what).toBeGreaterThanOrEqual(15 * c.deaths);
        }
  });

  it("the first aphid dies well before the newcomer could", () => {
    const first = advance(tutorialNewcomer("aphid_nest", 1, "mainhand"), 20_000).summary.combat!;
    expect(first.kills).toBeGreaterThanOrEqual(1);
    expect(first.deaths).toBe(0);
  });

  it("every seed area is winnable at its required level in its tier's full set: >= 10 kills per death in an hour", () => {
    for (const location of LOCATION_IDS_BY_SKILL.combat.slice(0, SEED_TIERS))
      for (const character of CLASSES)
        for (const seed of [1, 2]) {
          const c = advance(areaFighter(location, seed, character), 60 * MINUTE).summary.combat!;
          expect(c.kills, `${location} ${character} seed ${seed}`).toBeGreaterThanOrEqual(
            10 * Math.max(1, c.deaths),
          );
        }
  });

  it("a seed area's rows: its tier's set only, the first kill's second and the earliest a bite could kill", () => {
    const swamp = LOCATION_IDS_BY_SKILL.combat[SEED_TIERS - 1]!;
    expect(swamp).toBe("swamp");
    // the swamp's bites at 218 s: ceil(max health / bite) bites of its interval
    expect(areaRows(swamp).map((r) => [r.fighter, r.firstKillS, r.lethalAfterS])).toEqual([
      ["warrior at the area's level, full tier-6 set", 26, 218],
      ["mage at the area's level, full tier-6 set", 30, 218],
      ["archer at the area's level, full tier-6 set", 37, 218],
    ]);
  });

  it("past level 40 the previous tier's set loses (more deaths than kills) and the tier's set wins", () => {
    for (const location of LOCATION_IDS_BY_SKILL.combat.slice(SEED_TIERS)) {
      const rows = areaRows(location);
      expect(rows).toHaveLength(6);
      for (const r of rows) {
        const own = !r.fighter.includes(`tier-${LOCATION_IDS_BY_SKILL.combat.indexOf(location)}`);
        const what = `${location} ${r.fighter}: ${r.killsPerHour} kills ${r.deathsPerHour} deaths`;
        if (own) expect(r.killsPerHour, what).toBeGreaterThan(1.15 * r.deathsPerHour);
        else expect(r.deathsPerHour, what).toBeGreaterThan(r.killsPerHour);
      }
    }
  });
});
