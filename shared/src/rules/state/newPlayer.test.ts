import { describe, expect, it } from "vitest";
import { PlayerSchema } from "../../protocol/player.ts";
import { inventoryCapacity } from "./inventoryCapacity.ts";
import { hashSeed, newPlayer } from "./newPlayer.ts";

describe("newPlayer", () => {
  const ann = () => newPlayer({ discordId: "123", username: "Ann", now: 1000, seed: 42 });

  it("is a valid player document with the spec's defaults", () => {
    const p = ann();
    expect(PlayerSchema.parse(p)).toEqual(p);
    for (const s of Object.values(p.skills)) expect(s).toEqual({ level: 1, xp: 0 });
    expect(p.health).toBe(110);
    expect(p.maxHealth).toBe(110);
    expect(p.mana).toBe(110);
    expect(p.maxMana).toBe(110);
    expect(p.activeCharacter).toBe("seed");
    expect(p.inv_size).toBe(20);
    expect(p.inventory).toHaveLength(20);
    expect(p.inventory.every((e) => e.id === -1)).toBe(true);
    expect(inventoryCapacity(p)).toBe(20);
    expect(p.lab).toEqual({ rp: 0, earnedRpLifetime: 0, nodes: { root: { level: 1, boughtAt: 1000 } } });
    expect(p.featureFlags.isGuest).toBe(false);
    expect(p.featureFlags.mining).toBe(false);
    expect(p.tutorial).toBeNull();
    expect(p.currentAction).toMatchObject({ skill: "none", location: "home" });
    expect(p.smithingSlots).toHaveLength(4);
    expect(p.settledAt).toBe(1000);
    // no quest day drawn yet, no reroll, no weekly reward taken
    expect(p.quests).toEqual({ day: -1, daily: [], rerollDay: -1, claimedTotal: 0, weeklyClaimed: -1 });
  });

  it("flags guests by their id", () => {
    expect(newPlayer({ discordId: "guest-abc", username: "Guest Sprout", now: 0 }).featureFlags.isGuest).toBe(
      true,
    );
  });

  it("seeds its generator from the seed, or from the id and time", () => {
    expect(ann().rng).toEqual(ann().rng);
    const a = newPlayer({ discordId: "123", username: "Ann", now: 1000 });
    const b = newPlayer({ discordId: "123", username: "Ann", now: 1000 });
    const c = newPlayer({ discordId: "124", username: "Ann", now: 1000 });
    expect(a.rng).toEqual(b.rng);
    expect(a.rng).not.toEqual(c.rng);
    expect(hashSeed("")).toBe(0x811c9dc5);
  });
});
