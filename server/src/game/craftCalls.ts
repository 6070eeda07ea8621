import {
  type CancelCraftAnswer,
  type CancelCraftBody,
  type CancelCraftBulkAnswer,
  type CancelCraftBulkBody,
  type CraftAnswer,
  type CraftOrderBody,
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

export function labBuy(service: GameService, discordId: string, nodeId: string): Promise<LabBuyAnswer> {
  return service.command(discordId, (player, now) => {
    const result = service.rules.buyLabNode(player, nodeId, now);
    if (!result.ok) {
      throw GameError.rejected(result.code, result.message, labAnswer(service, player, false));
    }
    return { player: result.state, events: result.events, answer: labAnswer(service, result.state, true) };
  });
}

export function craft(service: GameService, discordId: string, body: CraftOrderBody): Promise<CraftAnswer> {
  const order = {
    skill: body.craftingSkill,
    itemId: body.itemId,
    slotId: body.slotId,
    quantity: body.quantity,
  };
  return service.command(discordId, (player, now) => {
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
    return { player: result.state, events: result.events, answer: answer(result.state) };
  });
}

export function cancelCraft(
  service: GameService,
  discordId: string,
  body: CancelCraftBody,
): Promise<CancelCraftAnswer> {
  const skill = body.skill ?? body.craftingSkill;
  if (!skill) throw GameError.badRequest("skill (or craftingSkill) is required");
  return service.command(discordId, (player, now) => {
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
    return { player: result.state, events: result.events, answer: answer(result.state, true) };
  });
}

/** Cancels several slots in one queued command: each slot succeeds or fails on its own. */
export function cancelCraftBulk(
  service: GameService,
  discordId: string,
  body: CancelCraftBulkBody,
): Promise<CancelCraftBulkAnswer> {
  const skill = body.craftingSkill;
  return service.command(discordId, (player, now) => {
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
    return {
      player: current,
      events,
      answer: {
        success: results.every((r) => r.success),
        results,
        inventory: current.inventory,
        slots: current[`${skill}Slots`],
      },
    };
  });
}
