import { describe, expect, it } from "vitest";
import { refused } from "../../../testing/matchers.ts";
import { deepFreeze } from "../../../testing/players.ts";
import { MAX_GRANTS_PER_FUNDING } from "../../data/constants.ts";
import { LAB_NODES } from "../../data/labNodes.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { fundResearch, labComplete, researchGrant } from "./researchGrant.ts";

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
    expect(r.events).toEqual([]);
    expect(before.gold).toBe(4000);
  });

  it("adds to the RP already held, rounded to the thousandth", () => {
    const p = funder(1000);
    const held = deepFreeze({ ...p, lab: { ...p.lab, rp: 10.0004 } });
    const r = fundResearch(held, 1);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.lab.rp).toBe(14.8);
  });

  it("accepts exactly the maximum number of grants, and exactly enough gold", () => {
    const most = fundResearch(funder(120 * MAX_GRANTS_PER_FUNDING), MAX_GRANTS_PER_FUNDING);
    if (!most.ok) throw new Error(most.message);
    expect(most.state.gold).toBe(0);
    expect(most.state.lab.rp).toBe(4.8 * MAX_GRANTS_PER_FUNDING);
    const one = fundResearch(funder(120), 1);
    if (!one.ok) throw new Error(one.message);
    expect(one.state.gold).toBe(0);
    expect(one.state.lab.rp).toBe(4.8);
  });

  it("refuses without the pouch, a count outside 1 to the maximum, short of gold, or with the lab complete", () => {
    const rich = funder(1e9);
    const noPouch = { ...rich, featureFlags: { ...rich.featureFlags, goldPouch: false } };
    expect(fundResearch(noPouch, 1)).toEqual(refused("research/no_gold_pouch"));
    for (const n of [0, -1, 1.5, MAX_GRANTS_PER_FUNDING + 1, Number.NaN])
      expect(fundResearch(rich, n)).toEqual(refused("research/bad_quantity"));
    expect(fundResearch(rich, 0)).toMatchObject({ message: `Fund 1 to ${MAX_GRANTS_PER_FUNDING} grants` });
    expect(fundResearch(funder(119), 1)).toEqual(refused("research/not_enough_gold"));
    expect(fundResearch(funder(239), 2)).toMatchObject({
      code: "research/not_enough_gold",
      message: "2 grant(s) cost 240 gold",
    });
    const nodes = Object.fromEntries(
      Object.entries(LAB_NODES).map(([id, n]) => [id, { level: n.maxLevel, boughtAt: 0 }]),
    );
    const complete = { ...rich, lab: { ...rich.lab, nodes } };
    expect(labComplete(complete)).toBe(true);
    expect(labComplete(rich)).toBe(false);
    expect(fundResearch(complete, 1)).toEqual(refused("research/lab_complete"));
    const [lastId, last] = Object.entries(LAB_NODES).at(-1)!;
    const oneShort = { ...nodes, [lastId]: { level: last.maxLevel - 1, boughtAt: 0 } };
    expect(labComplete({ lab: { ...rich.lab, nodes: oneShort } })).toBe(false);
  });
});
