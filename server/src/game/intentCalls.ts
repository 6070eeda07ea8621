import type {
  ActiveCharacterBody,
  CastSpellBody,
  EquipBody,
  FundResearchBody,
  IntentAnswer,
  InventoryTakeBody,
  Player,
  SellAllBody,
  TutorialAction,
  TutorialAnswer,
  UnequipBody,
} from "@pickle-garden/shared";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";
import type { IntentResult } from "./rules.ts";

/** Intents the spec needs without naming a call (tutorial, equip, character, username, cast). */

/**
 * A rule applied in the player's command: a rejection is a 422 carrying `stateOf` the player as it was, a
 * success answers `stateOf` the new player with `success: true`. `answeredSocket`: the calling socket,
 * whose client applies the answer itself (GameService.command).
 */
export function ruleIntent<A extends Record<string, unknown>>(
  service: GameService,
  discordId: string,
  apply: (player: Player, now: number) => IntentResult,
  stateOf: (player: Player, now: number) => A,
  answeredSocket?: string,
): Promise<A & { success: true }> {
  return service.command(
    discordId,
    (player, now) => {
      const result = apply(player, now);
      if (!result.ok) throw GameError.rejected(result.code, result.message, stateOf(player, now));
      return {
        player: result.state,
        events: result.events,
        answer: { success: true as const, ...stateOf(result.state, now) },
      };
    },
    { answeredSocket },
  );
}

function intent(
  service: GameService,
  discordId: string,
  answeredSocket: string | undefined,
  apply: (player: Player, now: number) => IntentResult,
): Promise<IntentAnswer> {
  return ruleIntent(
    service,
    discordId,
    apply,
    (player) => ({ user: service.rules.view(player) }),
    answeredSocket,
  );
}

export function tutorial(
  service: GameService,
  discordId: string,
  action: TutorialAction,
  answeredSocket?: string,
): Promise<TutorialAnswer> {
  return service.command(
    discordId,
    (player, now) => {
      const result = service.rules.tutorial(player, action, now);
      if (!result.ok) throw GameError.rejected(result.code, result.message, { tutorial: player.tutorial });
      return { player: result.state, events: result.events, answer: { tutorial: result.state.tutorial } };
    },
    { answeredSocket },
  );
}

export function equip(
  service: GameService,
  discordId: string,
  body: EquipBody,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.rules.equip(player, body.inventoryIndex, now),
  );
}

export function unequip(
  service: GameService,
  discordId: string,
  body: UnequipBody,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.rules.unequip(player, body.style, body.slot, now),
  );
}

export function activeCharacter(
  service: GameService,
  discordId: string,
  body: ActiveCharacterBody,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.rules.setActiveCharacter(player, body.activeCharacter, now),
  );
}

/** The username is the player's to choose (trimmed, 1–32 characters, checked by the schema). */
export function username(service: GameService, discordId: string, name: string): Promise<IntentAnswer> {
  return intent(service, discordId, undefined, (player) => ({
    ok: true,
    state: player.username === name ? player : { ...player, username: name },
    events: [],
  }));
}

export function castSpell(
  service: GameService,
  discordId: string,
  body: CastSpellBody,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.castSpell(player, body.spellId, now),
  );
}

/** Sells units of one inventory slot for gold (the gold pouch's feature). */
export function sellItem(
  service: GameService,
  discordId: string,
  body: InventoryTakeBody,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.rules.sellItem(player, body.inventoryIndex, body.quantity, now),
  );
}

/** Sells every plain stack of one item. */
export function sellAll(
  service: GameService,
  discordId: string,
  body: SellAllBody,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.rules.sellAllOf(player, body.itemId, now),
  );
}

/** Buys one more inventory slot with gold, at the rising price. */
export function buySlot(
  service: GameService,
  discordId: string,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.rules.buyInventorySlot(player, now),
  );
}

/** Buys research grants with gold: RP for the lab. */
export function fundResearch(
  service: GameService,
  discordId: string,
  body: FundResearchBody,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.rules.fundResearch(player, body.grants, now),
  );
}

/** Throws away units of one inventory slot. */
export function discardItem(
  service: GameService,
  discordId: string,
  body: InventoryTakeBody,
  answeredSocket?: string,
): Promise<IntentAnswer> {
  return intent(service, discordId, answeredSocket, (player, now) =>
    service.rules.discardItem(player, body.inventoryIndex, body.quantity, now),
  );
}
