import {
  advance,
  applyTutorialAction,
  clonePlayer,
  newPlayer,
  type Player,
  PlayerViewSchema,
  type TutorialAction,
} from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { nextEventAt } from "./nextEventAt.ts";
import { playerView, playerViewJson, sharedRules, shareUnchanged } from "./rules.ts";

describe("the rules adapter", () => {
  it("the player view parses with PlayerViewSchema and never carries the generator state", () => {
    const view = playerView(newPlayer({ discordId: "v", username: "v", now: 1_000, seed: 1 }));
    expect(PlayerViewSchema.parse(view)).toBeTruthy();
    expect(view).not.toHaveProperty("rng");
    expect(view.miningSpeed).toBe(3000);
  });

  it("a gathering player's next event is its next hit, in the future after a settle", () => {
    const start = newPlayer({ discordId: "g", username: "g", now: 1_000, seed: 1 });
    const bought = sharedRules.buyLabNode(start, "south:mining:unlock", 1_000);
    if (!bought.ok) throw new Error(bought.message);
    const acting = sharedRules.setAction(bought.state, "mining", "garden", 1_000);
    if (!acting.ok) throw new Error(acting.message);
    expect(nextEventAt(acting.state)).toBe(acting.state.currentAction.nextHitAt);
    const later = sharedRules.advance(acting.state, 100_000).player;
    expect(nextEventAt(later)).toBeGreaterThan(100_000);
    expect(nextEventAt(start)).toBeNull();
  });

  it("a fight just entered wakes within a second, and that wake brings its monsters", () => {
    const start = newPlayer({ discordId: "n", username: "n", now: 1_000, seed: 1 });
    const unlocked = { ...start, featureFlags: { ...start.featureFlags, combat: true } };
    const fighting = sharedRules.setAction(unlocked, "combat", "aphid_nest", 1_000);
    if (!fighting.ok) throw new Error(fighting.message);
    expect(fighting.state.currentMonsters).toEqual([]);
    const wake = nextEventAt(fighting.state);
    expect(wake).not.toBeNull();
    expect(wake!).toBeLessThanOrEqual(fighting.state.settledAt + 1000);
    expect(sharedRules.advance(fighting.state, wake!).player.currentMonsters.length).toBeGreaterThan(0);
  });

  it("a wounded fighter wakes for its fight, not for each regeneration second (the fight catches regen up)", () => {
    const p = newPlayer({ discordId: "f", username: "f", now: 1_000, seed: 1 });
    const wounded: Player = {
      ...p,
      health: p.maxHealth - 5,
      currentAction: { ...p.currentAction, skill: "combat", location: "aphid_nest", nextHitAt: 9_000 },
      combat: { ...p.combat, nextRegenAt: 2_000 },
    };
    expect(nextEventAt(wounded)).toBe(9_000);
    // resting, the same wound heals a point each second: the next second is an event
    const resting: Player = {
      ...wounded,
      currentAction: { ...wounded.currentAction, skill: "none", location: "home" },
    };
    expect(nextEventAt(resting)).toBe(2_000);
  });
});

describe("the tutorial follows every change", () => {
  function tutor(p: Player, action: TutorialAction): Player {
    const r = applyTutorialAction(p, action, p.settledAt);
    if (!r.ok) throw new Error(r.message);
    return r.state;
  }
  /** A newcomer on "Unlock your skill in the lab", mining chosen. */
  function onLabStep(): Player {
    let p = newPlayer({ discordId: "n", username: "n", now: 1_000, seed: 1 });
    p = tutor(p, { action: "open" });
    p = tutor(p, { action: "emit", event: "nav:picklelogy" });
    return tutor(p, { action: "choose-path", path: "mining" });
  }

  it("buying the path's unlock completes lab-buy-gather in the same command, with no complete-step", () => {
    const p = onLabStep();
    expect(p.tutorial?.currentStep).toBe("lab-buy-gather");
    const bought = sharedRules.buyLabNode(p, "south:mining:unlock", 2_000);
    if (!bought.ok) throw new Error(bought.message);
    expect(bought.state.tutorial?.currentStep).toBe("go-skill");
    expect(bought.state.tutorial?.done).toContain("lab-buy-gather");
    expect(bought.events).toContainEqual({
      type: "tutorialStep",
      at: 2_000,
      stepId: "lab-buy-gather",
      currentStep: "go-skill",
    });
    // the client's complete-step, when it still comes, changes nothing
    const late = sharedRules.tutorial(
      bought.state,
      { action: "complete-step", stepId: "lab-buy-gather" },
      3_000,
    );
    expect(late.ok && late.state.tutorial).toEqual(bought.state.tutorial);
  });

  it("a settle completes the steps its gains prove (six resources)", () => {
    let p = tutor(onLabStep(), {
      action: "jump",
      currentStep: "first-location",
      done: [],
      ui: { isOpen: true },
    });
    const bought = sharedRules.buyLabNode(p, "south:mining:unlock", 1_000);
    if (!bought.ok) throw new Error(bought.message);
    const acting = sharedRules.setAction(bought.state, "mining", "garden", 1_000);
    if (!acting.ok) throw new Error(acting.message);
    expect(acting.state.tutorial?.currentStep).toBe("gather-six");
    p = acting.state;
    for (let i = 0; i < 100 && p.tutorial?.currentStep === "gather-six"; i++)
      p = sharedRules.advance(p, p.settledAt + 30_000).player;
    expect(p.tutorial?.currentStep).toBe("craft-three");
  });

  it("'Fight an aphid' completes on the first aphid killed, not on entering the nest", () => {
    const p = tutor(onLabStep(), {
      action: "jump",
      currentStep: "combat-aphid",
      done: [],
      ui: { isOpen: true },
    });
    p.activeCharacter = "warrior";
    p.featureFlags.combat = true;
    p.featureFlags.melee = true;
    const entered = sharedRules.setAction(p, "combat", "aphid_nest", 1_000);
    if (!entered.ok) throw new Error(entered.message);
    expect(entered.state.tutorial?.currentStep).toBe("combat-aphid");
    // the client's complete-step cannot jump ahead of the kill
    expect(
      sharedRules.tutorial(entered.state, { action: "complete-step", stepId: "combat-aphid" }, 1_000),
    ).toMatchObject({ ok: false, code: "tutorial/not_ready" });
    // a level-1 warrior swings at 4 s and 7 s (39 each): the aphid still stands
    const swinging = sharedRules.advance(entered.state, 8_000);
    expect(swinging.player.currentMonsters[0]?.hp).toBe(22);
    expect(swinging.player.tutorial?.currentStep).toBe("combat-aphid");
    // the third swing at 10 s kills it: the step is done in that settle
    const killed = sharedRules.advance(swinging.player, 10_000);
    expect(killed.summary.combat?.kills).toBe(1);
    expect(killed.player.tutorial?.currentStep).toBe("choose-username");
    expect(killed.events).toContainEqual({
      type: "tutorialStep",
      at: 10_000,
      stepId: "combat-aphid",
      currentStep: "choose-username",
    });
  });

  it("a refused change leaves the tutorial alone", () => {
    const p = onLabStep();
    const refused = sharedRules.buyLabNode(p, "south:smithing:unlock", 2_000);
    expect(refused.ok).toBe(false);
    expect(p.tutorial?.currentStep).toBe("lab-buy-gather");
  });
});

describe("the adapter's shortcuts give exactly what the plain rules give", () => {
  function gatherer(): Player {
    const start = newPlayer({ discordId: "g", username: "g", now: 1_700_000_000_000, seed: 4 });
    const bought = sharedRules.buyLabNode(start, "south:mining:unlock", start.settledAt);
    if (!bought.ok) throw new Error(bought.message);
    const acting = sharedRules.setAction(bought.state, "mining", "garden", start.settledAt);
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
        plain = advance(plain, plain.settledAt + step).player;
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
