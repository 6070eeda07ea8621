import {
  addItems,
  advance,
  buyLabNode,
  cancelCraft,
  newPlayer,
  type Player,
  startCraft,
} from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { logEntries } from "./playerLogs.ts";

const DIRT = 10001;
const BRICK = 20001;

/** A smith crafting 3 bricks in slot 1, started at 0 (the craft takes the player off its last action). */
function smith(): Player {
  let p = newPlayer({ discordId: "logs", username: "logs", now: 0, seed: 3 });
  p = { ...p, lab: { ...p.lab, rp: 10_000 } };
  for (const node of ["south:mining:unlock", "south:smithing:unlock"]) {
    const r = buyLabNode(p, node, 0);
    if (!r.ok) throw new Error(r.message);
    p = r.state;
  }
  p = addItems(p, [{ id: DIRT, quantity: 10 }]).player;
  const r = startCraft(p, { craftingSkill: "smithing", itemId: BRICK, slotId: 0, quantity: 3 }, 0);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

describe("the logs channel's lines", () => {
  it("say when the last craft is done and the player rests: what it does now", () => {
    const done = advance(smith(), 60_000);
    expect(done.player.currentAction.skill).toBe("none");
    expect(logEntries(done.events)).toContainEqual({
      kind: "action",
      skill: "none",
      location: "home",
      why: "crafting_done",
      from: "smithing",
    });
  });

  it("say nothing of a change the player asked for (cancelling the last craft)", () => {
    const r = cancelCraft(smith(), { skill: "smithing", slotId: 0 }, 1000);
    if (!r.ok) throw new Error(r.message);
    expect(r.events.some((e) => e.type === "actionChanged")).toBe(true);
    expect(logEntries(r.events).some((l) => l.kind === "action")).toBe(false);
  });
});
