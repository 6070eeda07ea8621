import {
  type CancelCraftAnswer,
  type CancelCraftBody,
  type CancelCraftBulkAnswer,
  type CancelCraftBulkBody,
  type CraftAnswer,
  type CraftOrderBody,
  type CraftSkill,
  type CraftSlot,
  type LabBuyAnswer,
  type Player,
  SpeedsSchema,
} from "@pickle-garden/shared";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";

/** Lab and crafting calls of spec mechanics §7: intents checked by the shared rules. */

/** Every part of the player a purchase changes, speeds included (the client fetches nothing after it). */
function labAnswer(service: GameService, p: Player, success: boolean): LabBuyAnswer {
  return {
    success,
    lab: p.lab,
    featureFlags: p.featureFlags,
    modifiers: p.modifiers,
    updatedInventory: p.inventory,
    activeCharacter: p.activeCharacter,
    tutorial: p.tutorial,
    ...SpeedsSchema.parse(service.rules.view(p)),
  };
}

/**
 * The lab and crafting calls take `answeredSocket`, the calling socket, whose client applies the answer
 * (it is sent the rest of the change only).
 */
export function labBuy(
  service: GameService,
  discordId: string,
  nodeId: string,
  answeredSocket?: string,
): Promise<LabBuyAnswer> {
  return service.command(
    discordId,
    (player, now) => {
      const result = service.rules.buyLabNode(player, nodeId, now);
      if (!result.ok) {
        throw GameError.rejected(result.code, result.message, labAnswer(service, player, false));
      }
      const answer = labAnswer(service, result.state, true);
      const { updatedInventory, success: _s, error: _e, code: _c, ...fields } = answer;
      return {
        player: result.state,
        events: result.events,
        answer,
        answered: { ...fields, inventory: updatedInventory },
      };
    },
    { answeredSocket },
  );
}

/** A craft answer's fields as the view names them. */
const slotsAnswered = (skill: CraftSkill, a: { inventory: Player["inventory"]; slots: CraftSlot[] }) => ({
  inventory: a.inventory,
  [`${skill}Slots`]: a.slots,
});

export function craft(
  service: GameService,
  discordId: string,
  body: CraftOrderBody,
  answeredSocket?: string,
): Promise<CraftAnswer> {
  const order = {
    skill: body.craftingSkill,
    itemId: body.itemId,
    slotId: body.slotId,
    quantity: body.quantity,
  };
  return service.command(
    discordId,
    (player, now) => {
      const answer = (p: Player): CraftAnswer => {
        const slots = p[`${body.craftingSkill}Slots`];
        return {
          inventory: p.inventory,
          remaining: slots[body.slotId]?.remaining ?? 0,
          lastUpdate: now,
          slots,
        };
      };
      const result = service.rules.startCraft(player, order, now);
      if (!result.ok) throw GameError.rejected(result.code, result.message, answer(player));
      const done = answer(result.state);
      return {
        player: result.state,
        events: result.events,
        answer: done,
        answered: slotsAnswered(body.craftingSkill, done),
      };
    },
    { answeredSocket },
  );
}

export function cancelCraft(
  service: GameService,
  discordId: string,
  body: CancelCraftBody,
  answeredSocket?: string,
): Promise<CancelCraftAnswer> {
  const skill = body.skill ?? body.craftingSkill;
  if (!skill) throw GameError.badRequest("skill (or craftingSkill) is required");
  return service.command(
    discordId,
    (player, now) => {
      const answer = (p: Player, success: boolean): CancelCraftAnswer => ({
        success,
        updatedSlotId: body.slotId,
        inventory: p.inventory,
        slots: p[`${skill}Slots`],
      });
      const result = service.rules.cancelCraft(player, skill, body.slotId, now);
      if (!result.ok) {
        throw GameError.rejected(result.code, result.message, answer(player, false));
      }
      const done = answer(result.state, true);
      return {
        player: result.state,
        events: result.events,
        answer: done,
        answered: slotsAnswered(skill, done),
      };
    },
    { answeredSocket },
  );
}

/** Cancels several slots in one queued command: each slot succeeds or fails on its own. */
export function cancelCraftBulk(
  service: GameService,
  discordId: string,
  body: CancelCraftBulkBody,
  answeredSocket?: string,
): Promise<CancelCraftBulkAnswer> {
  const skill = body.craftingSkill;
  return service.command(
    discordId,
    (player, now) => {
      let current = player;
      const events = [];
      const ids =
        body.slotIds ?? player[`${skill}Slots`].flatMap((slot, i) => (slot.currentItem !== null ? [i] : []));
      const results: CancelCraftBulkAnswer["results"] = [];
      for (const slotId of [...new Set(ids)]) {
        const result = service.rules.cancelCraft(current, skill, slotId, now);
        if (result.ok) {
          current = result.state;
          events.push(...result.events);
          results.push({ updatedSlotId: slotId, success: true });
        } else {
          results.push({ updatedSlotId: slotId, success: false, error: result.message });
        }
      }
      const answer = {
        success: results.every((r) => r.success),
        results,
        inventory: current.inventory,
        slots: current[`${skill}Slots`],
      };
      return { player: current, events, answer, answered: slotsAnswered(skill, answer) };
    },
    { answeredSocket },
  );
}
