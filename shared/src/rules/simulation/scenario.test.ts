import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import { RECIPES } from "../../data/recipes.ts";
import { CRAFT_SKILLS, type GatherSkill, SKILL_IDS } from "../../data/skills.ts";
import type { Player } from "../../protocol/player.ts";
import { PlayerSchema } from "../../protocol/player.ts";
import { buyLabNode } from "../intents/buyLabNode.ts";
import { cancelCraft } from "../intents/cancelCraft.ts";
import { setAction } from "../intents/setAction.ts";
import { startCraft } from "../intents/startCraft.ts";
import { inventoryCapacity } from "../state/inventoryCapacity.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { advance } from "./advance.ts";

const RECIPE_IDS = Object.keys(RECIPES).map(Number);

type Op =
  | { kind: "advance"; ms: number }
  | { kind: "gather"; skill: GatherSkill; location: string }
  | { kind: "craft"; item: number; slot: number; quantity: number }
  | { kind: "cancel"; skill: (typeof CRAFT_SKILLS)[number]; slot: number }
  | { kind: "buy"; node: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("advance" as const), ms: fc.integer({ min: 1, max: 3 * 86_400_000 }) }),
  fc.record({
    kind: fc.constant("gather" as const),
    skill: fc.constantFrom("mining" as const, "mycology" as const, "botany" as const),
    location: fc.constantFrom("garden", "fountain", "pond", "path", "swamp"),
  }),
  fc.record({
    kind: fc.constant("craft" as const),
    item: fc.constantFrom(...RECIPE_IDS.slice(0, 24), 30101, 31101, 32101, 30107),
    slot: fc.integer({ min: 0, max: 3 }),
    quantity: fc.integer({ min: 1, max: 500 }),
  }),
  fc.record({
    kind: fc.constant("cancel" as const),
    skill: fc.constantFrom(...CRAFT_SKILLS),
    slot: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constant("buy" as const),
    node: fc.constantFrom(
      "south:mining:damage-5",
      "south:mining:speed-1",
      "south:smithing:slot-2",
      "south:botany:rp-gain-2",
    ),
  }),
);

describe("scenarios: random intents between advances", () => {
  it("keep the document valid, the inventory within capacity, and xp never falling", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(op, { maxLength: 25 }), (seed, ops) => {
        let p: Player = withNodes(newPlayer({ discordId: "s", username: "s", now: 0, seed }), [
          "south:mining:unlock",
          "south:mycology:unlock",
          "south:botany:unlock",
          "south:smithing:unlock",
          "south:tanning:unlock",
          "south:tailoring:unlock",
        ]);
        p = { ...p, lab: { ...p.lab, rp: 5000 } };
        let now = 0;
        for (const o of ops) {
          deepFreeze(p);
          const before = p;
          if (o.kind === "advance") {
            now += o.ms;
            p = advance(p, now).player;
          } else if (o.kind === "gather") {
            const r = setAction(p, { skill: o.skill, location: o.location }, now);
            if (r.ok) p = r.state;
          } else if (o.kind === "craft") {
            const skill = RECIPES[o.item]!.skill;
            const r = startCraft(
              p,
              { craftingSkill: skill, itemId: o.item, slotId: o.slot, quantity: o.quantity },
              now,
            );
            if (r.ok) p = r.state;
          } else if (o.kind === "cancel") {
            const r = cancelCraft(p, { skill: o.skill, slotId: o.slot }, now);
            if (r.ok) p = r.state;
          } else {
            const r = buyLabNode(p, o.node, now);
            if (r.ok) p = r.state;
          }
          PlayerSchema.parse(p);
          expect(p.inventory.filter((e) => e.id !== -1).length).toBeLessThanOrEqual(inventoryCapacity(p));
          for (const e of p.inventory) if (e.id !== -1) expect(e.stack).toBeGreaterThan(0);
          for (const s of SKILL_IDS) expect(p.skills[s].xp).toBeGreaterThanOrEqual(before.skills[s].xp);
          const craftingSkills = CRAFT_SKILLS.filter((s) =>
            p[`${s}Slots`].some((slot) => slot.currentItem !== null),
          );
          expect(craftingSkills.length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 60 },
    );
  });
});
