import { describe, expect, it } from "vitest";
import { acting, deepFreeze, withNodes } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { addItems } from "../state/addItems.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { applyTutorialAction, TUTORIAL_DONE, TUTORIAL_STEPS, tutorialProgress } from "./tutorial.ts";

const freshPlayer = () => deepFreeze(newPlayer({ discordId: "t", username: "t", now: 0, seed: 1 }));

function act(p: Player, a: Parameters<typeof applyTutorialAction>[1]): Player {
  const r = applyTutorialAction(p, a, 0);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

describe("tutorial", () => {
  it("has the spec's steps in order, starting at go-picklelogy", () => {
    const p0 = freshPlayer();
    expect(TUTORIAL_STEPS).toEqual([
      "go-picklelogy",
      "lab-choose-path",
      "lab-buy-gather",
      "go-skill",
      "first-location",
      "gather-six",
      "craft-three",
      "equip-one",
      "combat-style",
      "inventory",
      "equip",
      "combat-aphid",
      "choose-username",
    ]);
    expect(p0.tutorial).toBeNull();
    expect(act(p0, { action: "open" }).tutorial).toEqual({
      currentStep: "go-picklelogy",
      done: [],
      chosenPath: null,
      ui: { isOpen: true },
    });
  });

  it("walks the botany path: fountain first, 6 resources, 3 crafted items", () => {
    const p0 = freshPlayer();
    let p = act(p0, { action: "open" });
    p = act(p, { action: "emit", event: "nav:picklelogy" });
    expect(p.tutorial?.currentStep).toBe("lab-choose-path");
    p = act(p, { action: "choose-path", path: "botany" });
    expect(p.tutorial?.currentStep).toBe("lab-buy-gather");
    p = tutorialProgress(withNodes(p, ["south:botany:unlock", "south:tailoring:unlock"]), 0).player;
    expect(p.tutorial?.currentStep).toBe("go-skill");
    p = act(p, { action: "emit", event: "nav:skill" });
    const trained: Player = { ...p, skills: { ...p.skills, botany: { level: 5, xp: 400 } } };
    expect(tutorialProgress(acting(trained, "botany", "path", 0), 0).player.tutorial?.currentStep).toBe(
      "first-location",
    );
    p = tutorialProgress(acting(p, "botany", "fountain", 0), 0).player;
    expect(p.tutorial?.currentStep).toBe("gather-six");
    const five = addItems(p, [{ id: 12001, quantity: 5 }]).player;
    expect(tutorialProgress(five, 0).player.tutorial?.currentStep).toBe("gather-six");
    p = tutorialProgress(addItems(five, [{ id: 12001, quantity: 1 }]).player, 0).player;
    expect(p.tutorial?.currentStep).toBe("craft-three");
    expect(applyTutorialAction(p, { action: "complete-step", stepId: "craft-three" }, 0)).toMatchObject({
      ok: false,
      code: "tutorial/not_ready",
    });
    const r = tutorialProgress(addItems(p, [{ id: 22001, quantity: 3 }]).player, 5);
    expect(r.events).toEqual([
      { type: "tutorialStep", at: 5, stepId: "craft-three", currentStep: "equip-one" },
    ]);
    p = tutorialProgress(addItems(r.player, [{ id: 32101, quantity: 1 }]).player, 0).player;
    expect(p.tutorial?.currentStep).toBe("combat-style");
  });

  it("uses garden as the first location for mining and mycology", () => {
    const p0 = freshPlayer();
    for (const path of ["mining", "mycology"] as const) {
      let p = act(p0, { action: "jump", currentStep: "first-location", done: [], ui: { isOpen: true } });
      p = act(p, { action: "choose-path", path });
      p = withNodes(p, [`south:${path}:unlock`]);
      expect(tutorialProgress(acting(p, path, "garden", 0), 0).player.tutorial?.currentStep).toBe(
        "gather-six",
      );
    }
  });

  it("skips, closes and jumps", () => {
    const p0 = freshPlayer();
    const skipped = act(act(p0, { action: "open" }), { action: "skip" });
    expect(skipped.tutorial).toMatchObject({ currentStep: TUTORIAL_DONE, ui: { isOpen: false } });
    expect(act(act(p0, { action: "open" }), { action: "close" }).tutorial?.ui.isOpen).toBe(false);
    expect(
      applyTutorialAction(p0, { action: "jump", currentStep: "nope", done: [], ui: { isOpen: true } }, 0),
    ).toMatchObject({
      code: "tutorial/unknown_step",
    });
  });
});
