import { describe, expect, it } from "vitest";
import { fighter, withStats } from "../../../testing/fighters.ts";
import { deepFreeze, gatherer } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import type { TutorialAction } from "../../protocol/tutorial.ts";
import { buyLabNode } from "../intents/buyLabNode.ts";
import { setAction } from "../intents/setAction.ts";
import { applyTutorialAction } from "../intents/tutorial.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { advance } from "./advance.ts";
import { nextEventAt } from "./nextEventAt.ts";
import { advanceRoom, newRoomState } from "./room/advanceRoom.ts";
import { settle, settleRoom, withTutorial } from "./settle.ts";

const HOUR = 3_600_000;

describe("settle: the offline cap", () => {
  it("simulates at most capMs; the rest passes with nothing happening, timers moved to resume from it", () => {
    const p = gatherer(3);
    const capped = settle(p, 30 * HOUR, { capMs: 10 * HOUR });
    const tenHours = advance(p, 10 * HOUR);
    expect(capped.player.skills).toEqual(tenHours.player.skills);
    expect(capped.player.inventory).toEqual(tenHours.player.inventory);
    expect(capped.player.settledAt).toBe(30 * HOUR);
    expect(capped.player.currentAction.nextHitAt).toBe(tenHours.player.currentAction.nextHitAt! + 20 * HOUR);
    expect(capped.summary.until).toBe(10 * HOUR);
    // within the cap, or with none, it is advance itself
    expect(settle(p, 5 * HOUR, { capMs: 10 * HOUR })).toEqual(advance(p, 5 * HOUR));
    expect(settle(p, 30 * HOUR)).toEqual(advance(p, 30 * HOUR));
  });

  it("draws a new day's quest board with the settle, with no tutorial step to tell", () => {
    const g = gatherer(3);
    const p: Player = { ...g, featureFlags: { ...g.featureFlags, quest: true } };
    expect(p.quests.daily).toEqual([]);
    const r = settle(p, 2 * HOUR);
    expect(r.player.quests.daily.length).toBe(3);
    expect(r.events).toEqual(advance(p, 2 * HOUR).events);
  });

  it("moves a fighter's afflictions with its other timers: the poison resumes where the cap left it", () => {
    // a level-50 warrior at the wasp nest, kept standing by regeneration: poisoned at the cap
    const p = withStats(fighter({ location: "wasp_nest", level: 50, character: "warrior" }), {
      health_regen: 400,
    });
    const capped = settle(p, HOUR, { capMs: 20_000 });
    const short = advance(p, 20_000).player;
    const poison = short.combat.afflictions!.poison!;
    const delta = HOUR - 20_000;
    expect(capped.player.combat.afflictions!.poison).toEqual({
      dps: poison.dps,
      until: poison.until + delta,
      nextTickAt: poison.nextTickAt + delta,
    });
    // the fight then goes on as the capped one would have: the same as the short one, shifted
    const on = advance(capped.player, HOUR + 5_000).player;
    const shortOn = advance(short, 25_000).player;
    expect(on.health).toBe(shortOn.health);
    expect(on.combat.afflictions!.poison!.nextTickAt).toBe(
      shortOn.combat.afflictions!.poison!.nextTickAt + delta,
    );
  });
});

describe("settle and withTutorial: the tutorial follows every change", () => {
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
    const bought = withTutorial(buyLabNode(p, "south:mining:unlock", 2_000), 2_000);
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
    const late = applyTutorialAction(
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
    const bought = withTutorial(buyLabNode(p, "south:mining:unlock", 1_000), 1_000);
    if (!bought.ok) throw new Error(bought.message);
    const acting = withTutorial(
      setAction(bought.state, { skill: "mining", location: "garden" }, 1_000),
      1_000,
    );
    if (!acting.ok) throw new Error(acting.message);
    expect(acting.state.tutorial?.currentStep).toBe("gather-six");
    p = acting.state;
    for (let i = 0; i < 100 && p.tutorial?.currentStep === "gather-six"; i++)
      p = settle(p, p.settledAt + 30_000).player;
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
    const entered = withTutorial(setAction(p, { skill: "combat", location: "aphid_nest" }, 1_000), 1_000);
    if (!entered.ok) throw new Error(entered.message);
    expect(entered.state.tutorial?.currentStep).toBe("combat-aphid");
    // the client's complete-step cannot jump ahead of the kill
    expect(
      applyTutorialAction(entered.state, { action: "complete-step", stepId: "combat-aphid" }, 1_000),
    ).toMatchObject({ ok: false, code: "tutorial/not_ready" });
    // a level-1 warrior swings at 4 s and 7 s (39 each): the aphid still stands
    const swinging = settle(entered.state, 8_000);
    expect(swinging.player.currentMonsters[0]?.hp).toBe(22);
    expect(swinging.player.tutorial?.currentStep).toBe("combat-aphid");
    // the third swing at 10 s kills it: the step is done in that settle
    const killed = settle(swinging.player, 10_000);
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
    const refused = withTutorial(buyLabNode(p, "south:smithing:unlock", 2_000), 2_000);
    expect(refused.ok).toBe(false);
    expect(p.tutorial?.currentStep).toBe("lab-buy-gather");
  });
});

describe("settleRoom: members moved by their place alone (placeOnly)", () => {
  it("still so after the payments, the tutorial and the board, as advanceRoom said; never with an event", () => {
    const MIN = 60_000;
    let state = deepFreeze(newRoomState("r1", 7, 0));
    // alice and bob gather at the garden; dan rests at home (moved by nothing, with no event)
    const dan = newPlayer({ discordId: "dan", username: "dan", now: 0, seed: 5 });
    let members = [
      ...["alice", "bob"].map((id, k) => ({ ...gatherer(3 + k), discordId: id, username: id })),
      dan,
    ].map((p) => deepFreeze(settle(p, MIN).player));
    let placeOnly = 0;
    for (let step = 0; step < 40; step++) {
      const next = Math.min(...members.map((m) => nextEventAt(m) ?? Number.POSITIVE_INFINITY));
      const alone = advanceRoom(state, members, next);
      const r = settleRoom(state, members, next);
      r.results.forEach((x, i) => {
        expect(r.placeOnly[i]).toBe(alone.placeOnly[i]! && x.events.length === 0);
        if (r.placeOnly[i]) placeOnly++;
      });
      state = deepFreeze(r.room);
      members = r.results.map((x) => deepFreeze(x.player));
    }
    expect(placeOnly).toBeGreaterThan(5);
    expect(members[2]!.currentAction.skill).toBe("none");
  });
});
