import { describe, expect, it } from "vitest";
import { withNodes } from "../../../testing/players.ts";
import { newPlayer } from "./newPlayer.ts";
import { rpFromXp, rpMultiplier } from "./rpFromXp.ts";

describe("rpFromXp", () => {
  it("is xp / 50 × multiplier, rounded to 3 decimals", () => {
    expect(rpFromXp(50, 1)).toBe(1);
    expect(rpFromXp(2, 1)).toBe(0.04);
    expect(rpFromXp(1, 1.07)).toBe(0.021);
    expect(rpFromXp(7, 1.02)).toBe(0.143);
  });

  it("clamps the multiplier to [0.01, 10]", () => {
    expect(rpFromXp(50, 0)).toBe(0.01);
    expect(rpFromXp(50, -5)).toBe(0.01);
    expect(rpFromXp(50, 11)).toBe(10);
    expect(rpFromXp(50, 10)).toBe(10);
  });

  it("takes the lab's {skill}:gainRP:+ and combat:gainRP:+ modifiers", () => {
    const p = withNodes(newPlayer({ discordId: "a", username: "a", now: 0 }), [
      "south:mining:unlock",
      "south:mining:rp-gain-2",
      "south:mining:rp-gain-2",
      "south:combat:rp-gain-2",
      "south:combat:rp-gain-5",
      "south:combat:rp-gain-10",
    ]);
    expect(rpMultiplier(p, "mining")).toBeCloseTo(1.04, 10);
    expect(rpMultiplier(p, "mycology")).toBe(1);
    expect(rpMultiplier(p, "melee")).toBeCloseTo(1.17, 10);
    expect(rpFromXp(100, rpMultiplier(p, "mining"))).toBe(2.08);
  });

  it("counts combat:gainRP:+ for every combat skill, health and intellect included, and for no other", () => {
    const p = { modifiers: { "combat:gainRP:+": 0.5 } };
    for (const skill of ["melee", "magic", "ranged", "health", "intellect"] as const)
      expect(rpMultiplier(p, skill)).toBe(1.5);
    for (const skill of ["mining", "smithing", "picklelogy"] as const) expect(rpMultiplier(p, skill)).toBe(1);
  });
});
