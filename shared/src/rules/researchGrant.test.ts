import { describe, expect, it } from "vitest";
import { MAX_GRANTS_PER_FUNDING } from "../data/constants.ts";
import { LAB_NODES } from "../data/labNodes.ts";
import { newPlayer } from "./newPlayer.ts";
import { fundResearch, labComplete, researchGrant } from "./researchGrant.ts";
import { deepFreeze } from "./testing.ts";

const funder = (gold: number, level = 1) => {
  const p = newPlayer({ discordId: "guest-grant", username: "Grant", now: 0, seed: 1 });
  const skills = Object.fromEntries(Object.entries(p.skills).map(([k, s]) => [k, { ...s, level }]));
  return deepFreeze({
    ...p,
    gold,
    skills: skills as typeof p.skills,
    featureFlags: { ...p.featureFlags, goldPouch: true },
  });
};

describe("fundResearch", () => {
  it("prices a grant at 10 gold per level summed over the 12 skills, at 25 gold per RP", () => {
    expect(researchGrant(funder(0))).toEqual({ gold: 120, rp: 4.8 });
    expect(researchGrant(funder(0, 50))).toEqual({ gold: 6000, rp: 240 });
  });

  it("takes the gold of every grant and adds their RP, without touching the input or counting it as earned", () => {
    const before = funder(4000, 10);
    const r = fundResearch(before, 3);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.gold).toBe(4000 - 3 * 1200);
    expect(r.state.lab.rp).toBe(before.lab.rp + 3 * 48);
    expect(r.state.lab.earnedRpLifetime).toBe(before.lab.earnedRpLifetime);
    expect(before.gold).toBe(4000);
  });

  it("refuses without the pouch, a count outside 1 to the maximum, short of gold, or with the lab complete", () => {
    const rich = funder(1e9);
    const noPouch = { ...rich, featureFlags: { ...rich.featureFlags, goldPouch: false } };
    expect(fundResearch(noPouch, 1)).toMatchObject({ ok: false, code: "research/no_gold_pouch" });
    for (const n of [0, -1, 1.5, MAX_GRANTS_PER_FUNDING + 1, Number.NaN])
      expect(fundResearch(rich, n)).toMatchObject({ ok: false, code: "research/bad_quantity" });
    expect(fundResearch(funder(119), 1)).toMatchObject({ ok: false, code: "research/not_enough_gold" });
    expect(fundResearch(funder(239), 2)).toMatchObject({ ok: false, code: "research/not_enough_gold" });
    const nodes = Object.fromEntries(
      Object.entries(LAB_NODES).map(([id, n]) => [id, { level: n.maxLevel, boughtAt: 0 }]),
    );
    const complete = { ...rich, lab: { ...rich.lab, nodes } };
    expect(labComplete(complete)).toBe(true);
    expect(labComplete(rich)).toBe(false);
    expect(fundResearch(complete, 1)).toMatchObject({ ok: false, code: "research/lab_complete" });
  });
});
