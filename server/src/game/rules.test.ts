import { buyLabNode, clonePlayer, newPlayer, type Player, setAction, settle } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { playerView, playerViewJson, sharedRules, shareUnchanged } from "./rules.ts";

describe("the adapter's shortcuts give exactly what the plain rules give", () => {
  function gatherer(): Player {
    const start = newPlayer({ discordId: "g", username: "g", now: 1_700_000_000_000, seed: 4 });
    const bought = buyLabNode(start, "south:mining:unlock", start.settledAt);
    if (!bought.ok) throw new Error(bought.message);
    const acting = setAction(bought.state, { skill: "mining", location: "garden" }, start.settledAt);
    if (!acting.ok) throw new Error(acting.message);
    return acting.state;
  }
  function fighter(): Player {
    const p = newPlayer({ discordId: "f", username: "f", now: 1_700_000_000_000, seed: 9 });
    p.activeCharacter = "warrior";
    p.featureFlags.combat = true;
    p.featureFlags.melee = true;
    p.skills.melee = { level: 12, xp: 4_000 };
    p.skills.health = { level: 12, xp: 4_000 };
    p.currentAction = { ...p.currentAction, skill: "combat", location: "aphid_nest" };
    return p;
  }
  const starts: [string, Player][] = [
    [
      "a resting guest",
      newPlayer({ discordId: "guest-v", username: "Guest Sprout", now: 1_700_000_000_000 }),
    ],
    ["a gatherer", gatherer()],
    ["a fighter", fighter()],
  ];

  for (const [name, start] of starts) {
    it(`settle after settle of ${name}: the same documents, the same view text`, () => {
      let shared = start;
      let plain = start;
      let monsters = 0;
      for (let i = 0; i < 300; i++) {
        const step = [20, 700, 1_000, 3_333, 60_000][i % 5] as number;
        const before = shared;
        shared = sharedRules.advance(shared, shared.settledAt + step).player;
        plain = settle(plain, plain.settledAt + step).player;
        expect(shared).toStrictEqual(plain);
        monsters += shared.currentMonsters.length;
        const viewJson = sharedRules.viewJson?.(shared);
        expect(viewJson).toBe(JSON.stringify(playerView(shared)));
        expect(viewJson).toBe(JSON.stringify(playerView(plain)));
        // what did not change is the previous document's own object
        for (const key of Object.keys(shared) as (keyof Player)[]) {
          const v = shared[key];
          if (typeof v === "object" && v !== null && JSON.stringify(v) === JSON.stringify(before[key])) {
            expect(v).toBe(before[key]);
          }
        }
      }
      if (start.currentAction.skill === "combat") expect(monsters).toBeGreaterThan(0);
    });
  }

  it("shareUnchanged keeps changed objects, and keeps 0 and -0 apart", () => {
    const a = newPlayer({ discordId: "s", username: "s", now: 1_000, seed: 1 });
    const b = clonePlayer(a);
    b.barrier.remaining = -0;
    b.skills.mining.xp = 5;
    const c = shareUnchanged(a, b);
    expect(c).toBe(b);
    expect(c.barrier).not.toBe(a.barrier);
    expect(Object.is(c.barrier.remaining, -0)).toBe(true);
    expect(c.skills).not.toBe(a.skills);
    expect(c.inventory).toBe(a.inventory);
    expect(c.combat).toBe(a.combat);
  });

  it("the view text leaves out what JSON leaves out, and defers to stringify for a key named like a speed", () => {
    const p = newPlayer({ discordId: "o", username: "o", now: 1_000, seed: 1 });
    const odd = {
      ...p,
      avatar: undefined,
      extra: { 'quote"key': [1, null] },
      miningSpeed: 1,
    } as unknown as Player;
    expect(playerViewJson(odd)).toBe(JSON.stringify(playerView(odd)));
    const holes = { ...p, avatar: undefined, nan: Number.NaN } as unknown as Player;
    expect(playerViewJson(holes)).toBe(JSON.stringify(playerView(holes)));
  });
});
