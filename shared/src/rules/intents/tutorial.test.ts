import { describe, expect, it } from "vitest";
import { acting, deepFreeze, withNodes } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { addItems } from "../state/addItems.ts";
import { newPlayer } from "../state/newPlayer.ts";
import {
  applyTutorialAction,
  newTutorial,
  TUTORIAL_DONE,
  TUTORIAL_STEPS,
  type TutorialStep,
  tutorialProgress,
  tutorialStepMet,
} from "./tutorial.ts";

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
    expect(skipped.tutorial).toEqual({
      currentStep: "done",
      done: [...TUTORIAL_STEPS],
      chosenPath: null,
      ui: { isOpen: false },
    });
    expect(act(act(p0, { action: "open" }), { action: "close" }).tutorial?.ui.isOpen).toBe(false);
    expect(
      applyTutorialAction(p0, { action: "jump", currentStep: "nope", done: [], ui: { isOpen: true } }, 0),
    ).toMatchObject({
      code: "tutorial/unknown_step",
    });
  });
});

const GRASS = 12001; // botany resource
const DIRT = 10001; // mining resource
const TWINE = 22001; // tailoring material: botany's craft
const BRICK = 20001; // smithing material
const GRASS_CAP = 32101; // tailoring head piece

/** A player on `path` whose tour waits at `step`. */
function onStep(step: TutorialStep, path: "mining" | "botany" | null = "botany"): Player {
  const p = freshPlayer();
  return { ...p, tutorial: { ...newTutorial(), currentStep: step, chosenPath: path } };
}
const stocked = (p: Player, id: number, quantity: number) => addItems(p, [{ id, quantity }]).player;
/** The last slot holding an item the tables no longer know (a document older than a table change). */
const withUnknownItem = (p: Player): Player => ({
  ...p,
  inventory: p.inventory.map((e, i) => (i === p.inventory.length - 1 ? { id: 99_999, stack: 5 } : e)),
});

describe("tutorialStepMet: what the state proves", () => {
  it("a path chosen, then its gathering unlock bought", () => {
    expect(tutorialStepMet(onStep("lab-choose-path", null), "lab-choose-path")).toBe(false);
    expect(tutorialStepMet(freshPlayer(), "lab-choose-path")).toBe(false);
    expect(tutorialStepMet(onStep("lab-choose-path"), "lab-choose-path")).toBe(true);
    expect(tutorialStepMet(onStep("lab-buy-gather"), "lab-buy-gather")).toBe(false);
    const other = withNodes(onStep("lab-buy-gather"), ["south:mining:unlock"]);
    expect(tutorialStepMet(other, "lab-buy-gather")).toBe(false);
    const bought = withNodes(onStep("lab-buy-gather"), ["south:botany:unlock"]);
    expect(tutorialStepMet(bought, "lab-buy-gather")).toBe(true);
  });

  it("the first location: the path's skill at its first place, not another skill there", () => {
    const p = withNodes(onStep("first-location", "mining"), ["south:mining:unlock", "south:mycology:unlock"]);
    expect(tutorialStepMet(acting(p, "mining", "garden", 0), "first-location")).toBe(true);
    expect(tutorialStepMet(acting(p, "mycology", "garden", 0), "first-location")).toBe(false);
    const trained = { ...p, skills: { ...p.skills, mining: { level: 5, xp: 400 } } };
    expect(tutorialStepMet(acting(trained, "mining", "pond", 0), "first-location")).toBe(false);
    expect(tutorialStepMet(p, "first-location")).toBe(false);
  });

  it("six resources of the path's skill exactly; other skills' resources, materials and unknown items do not count", () => {
    const p = onStep("gather-six");
    expect(tutorialStepMet(stocked(p, GRASS, 5), "gather-six")).toBe(false);
    expect(tutorialStepMet(stocked(p, GRASS, 6), "gather-six")).toBe(true);
    expect(tutorialStepMet(stocked(stocked(p, GRASS, 5), DIRT, 9), "gather-six")).toBe(false);
    expect(tutorialStepMet(stocked(stocked(p, GRASS, 5), TWINE, 9), "gather-six")).toBe(false);
    expect(tutorialStepMet(withUnknownItem(stocked(p, GRASS, 5)), "gather-six")).toBe(false);
  });

  it("three materials of the path's craft exactly; another craft's materials and the craft's gear do not count", () => {
    const p = onStep("craft-three");
    expect(tutorialStepMet(stocked(p, TWINE, 2), "craft-three")).toBe(false);
    expect(tutorialStepMet(stocked(p, TWINE, 3), "craft-three")).toBe(true);
    expect(tutorialStepMet(stocked(stocked(p, TWINE, 2), BRICK, 5), "craft-three")).toBe(false);
    expect(tutorialStepMet(stocked(stocked(p, TWINE, 2), GRASS_CAP, 1), "craft-three")).toBe(false);
    expect(tutorialStepMet(stocked(stocked(p, TWINE, 2), GRASS, 6), "craft-three")).toBe(false);
    expect(tutorialStepMet(withUnknownItem(stocked(p, TWINE, 2)), "craft-three")).toBe(false);
  });

  it("one piece of gear held or worn for equip-one; worn for equip", () => {
    const p = onStep("equip-one");
    const worn: Player = {
      ...p,
      equipmentSlots: {
        ...p.equipmentSlots,
        ranged: { ...p.equipmentSlots.ranged, head: { id: GRASS_CAP, stack: 1 } },
      },
    };
    expect(tutorialStepMet(p, "equip-one")).toBe(false);
    expect(tutorialStepMet(withUnknownItem(p), "equip-one")).toBe(false);
    expect(tutorialStepMet(stocked(p, TWINE, 5), "equip-one")).toBe(false);
    expect(tutorialStepMet(stocked(p, GRASS_CAP, 1), "equip-one")).toBe(true);
    expect(tutorialStepMet(worn, "equip-one")).toBe(true);
    expect(tutorialStepMet(stocked(p, GRASS_CAP, 1), "equip")).toBe(false);
    expect(tutorialStepMet(worn, "equip")).toBe(true);
  });

  it("a class chosen; the first aphid killed while fighting at the aphid nest", () => {
    const p = onStep("combat-style");
    expect(tutorialStepMet(p, "combat-style")).toBe(false);
    expect(tutorialStepMet({ ...p, activeCharacter: "warrior" }, "combat-style")).toBe(true);
    const at = (skill: "combat" | "none", location: string): Player => ({
      ...p,
      currentAction: { ...p.currentAction, skill, location },
    });
    expect(tutorialStepMet(at("combat", "aphid_nest"), "combat-aphid", { kills: 0 })).toBe(false);
    expect(tutorialStepMet(at("combat", "aphid_nest"), "combat-aphid", { kills: 1 })).toBe(true);
    expect(tutorialStepMet(at("combat", "black_ant_nest"), "combat-aphid", { kills: 1 })).toBe(false);
    expect(tutorialStepMet(at("none", "aphid_nest"), "combat-aphid", { kills: 1 })).toBe(false);
  });

  it("the steps only the client can tell are neither met nor unmet", () => {
    for (const step of ["go-picklelogy", "go-skill", "inventory", "choose-username"] as const) {
      expect(tutorialStepMet(onStep(step), step)).toBeNull();
    }
  });
});

describe("tutorial moves", () => {
  it("a tour starts open at go-picklelogy, whichever move creates it", () => {
    expect(newTutorial()).toEqual({
      currentStep: "go-picklelogy",
      done: [],
      chosenPath: null,
      ui: { isOpen: true },
    });
    const p0 = freshPlayer();
    expect(act(p0, { action: "choose-path", path: "mining" }).tutorial).toEqual({
      currentStep: "go-picklelogy",
      done: [],
      chosenPath: "mining",
      ui: { isOpen: true },
    });
  });

  it("open reopens a closed tour where it was", () => {
    const p0 = freshPlayer();
    const closed = act(act(act(p0, { action: "open" }), { action: "emit", event: "nav:picklelogy" }), {
      action: "close",
    });
    expect(closed.tutorial).toMatchObject({ currentStep: "lab-choose-path", ui: { isOpen: false } });
    const r = applyTutorialAction(closed, { action: "open" }, 0);
    expect(r).toEqual({
      ok: true,
      state: { ...closed, tutorial: { ...closed.tutorial, ui: { isOpen: true } } },
      events: [],
    });
  });

  it("an emit completes the current step only when its event matches", () => {
    const p = act(freshPlayer(), { action: "open" });
    expect(applyTutorialAction(p, { action: "emit", event: "nav:skill" }, 3)).toEqual({
      ok: true,
      state: p,
      events: [],
    });
    expect(applyTutorialAction(p, { action: "emit", event: "nav:picklelogy" }, 3)).toMatchObject({
      ok: true,
      events: [{ type: "tutorialStep", at: 3, stepId: "go-picklelogy", currentStep: "lab-choose-path" }],
    });
  });

  it("complete-step: unknown, not the current one, already done, not ready, or done", () => {
    const p = act(freshPlayer(), { action: "open" });
    expect(applyTutorialAction(p, { action: "complete-step", stepId: "bogus" }, 0)).toEqual({
      ok: false,
      code: "tutorial/unknown_step",
      message: "Unknown tutorial step: bogus",
    });
    expect(applyTutorialAction(p, { action: "complete-step", stepId: "go-skill" }, 0)).toEqual({
      ok: true,
      state: p,
      events: [],
    });
    const back = act(p, {
      action: "jump",
      currentStep: "go-skill",
      done: ["go-skill"],
      ui: { isOpen: true },
    });
    const again = applyTutorialAction(back, { action: "complete-step", stepId: "go-skill" }, 0);
    expect(again.ok && again.state.tutorial).toEqual(back.tutorial);
    const path = act(p, { action: "jump", currentStep: "lab-choose-path", done: [], ui: { isOpen: true } });
    expect(applyTutorialAction(path, { action: "complete-step", stepId: "lab-choose-path" }, 0)).toEqual({
      ok: false,
      code: "tutorial/not_ready",
      message: "Tutorial step lab-choose-path is not done yet",
    });
    const done = applyTutorialAction(p, { action: "complete-step", stepId: "go-picklelogy" }, 9);
    expect(done.ok && done.events).toEqual([
      { type: "tutorialStep", at: 9, stepId: "go-picklelogy", currentStep: "lab-choose-path" },
    ]);
  });

  it("completing a step moves to the next step not done yet, and counts it done once", () => {
    const p = act(freshPlayer(), {
      action: "jump",
      currentStep: "go-skill",
      done: ["go-skill", "first-location", "first-location"],
      ui: { isOpen: false },
    });
    expect(p.tutorial).toMatchObject({
      currentStep: "go-skill",
      done: ["go-skill", "first-location"],
      ui: { isOpen: true },
    });
    const next = act(p, { action: "emit", event: "nav:skill" });
    expect(next.tutorial).toMatchObject({ currentStep: "gather-six", done: ["go-skill", "first-location"] });
    const bag = act(p, { action: "jump", currentStep: "inventory", done: [], ui: { isOpen: true } });
    expect(act(bag, { action: "emit", event: "nav:inventory" }).tutorial?.currentStep).toBe("equip");
    const last = act(p, { action: "jump", currentStep: "choose-username", done: [], ui: { isOpen: true } });
    expect(act(last, { action: "emit", event: "username:chosen" }).tutorial?.currentStep).toBe("done");
  });

  it("jump names known steps only, and may jump to the end", () => {
    const p0 = freshPlayer();
    expect(
      applyTutorialAction(p0, { action: "jump", currentStep: "nope", done: [], ui: { isOpen: true } }, 0),
    ).toEqual({ ok: false, code: "tutorial/unknown_step", message: "Unknown tutorial step: nope" });
    expect(
      applyTutorialAction(
        p0,
        { action: "jump", currentStep: "go-skill", done: ["go-picklelogy", "bogus"], ui: { isOpen: true } },
        0,
      ),
    ).toEqual({ ok: false, code: "tutorial/unknown_step", message: "Unknown tutorial step: bogus" });
    expect(
      act(p0, { action: "jump", currentStep: TUTORIAL_DONE, done: ["go-picklelogy"], ui: { isOpen: true } })
        .tutorial,
    ).toMatchObject({ currentStep: TUTORIAL_DONE, done: ["go-picklelogy"] });
  });

  it("tutorialProgress leaves the player as it was when the current step is not proven", () => {
    const p = deepFreeze(onStep("gather-six"));
    expect(tutorialProgress(p, 0)).toEqual({ player: p, events: [] });
    expect(tutorialProgress(p, 0).player).toBe(p);
    const done = deepFreeze({ ...p, tutorial: { ...newTutorial(), currentStep: TUTORIAL_DONE } });
    expect(tutorialProgress(done, 0).player).toBe(done);
  });
});
