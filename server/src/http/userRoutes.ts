import {
  ActiveCharacterBodySchema,
  CancelCraftBodySchema,
  CancelCraftBulkBodySchema,
  CastSpellBodySchema,
  CraftBodySchema,
  EmptyBodySchema,
  EquipBodySchema,
  FundResearchBodySchema,
  InventoryTakeBodySchema,
  LabBuyBodySchema,
  SellAllBodySchema,
  SendItemBodySchema,
  TutorialActionSchema,
  UnequipBodySchema,
  UpdateActionBodySchema,
  UpdateHealthBodySchema,
  UpdateManaBodySchema,
  UpdateMonstersBodySchema,
  UpdateXpBodySchema,
} from "@pickle-garden/shared";
import type { RequestHandler, Router } from "express";
import { cancelCraft, cancelCraftBulk, craft, labBuy } from "../game/craftCalls.ts";
import type { GameService } from "../game/GameService.ts";
import {
  activeCharacter,
  buySlot,
  castSpell,
  discardItem,
  equip,
  fundResearch,
  sellAll,
  sellItem,
  tutorial,
  unequip,
} from "../game/intentCalls.ts";
import {
  getUserJson,
  sendItem,
  syncOffline,
  updateAction,
  updateHealth,
  updateMana,
  updateMonsters,
  updateXp,
} from "../game/userCalls.ts";
import { handle } from "./handle.ts";

/** /api/user/* and /api/lab/*: spec shell §7 and mechanics §7, plus the unnamed intents. */
/** `sameOriginOnly`: the cross-site guard (http/sameOrigin.ts) for the GET that changes state. */
export function userRoutes(r: Router, service: GameService, sameOriginOnly: RequestHandler): void {
  const s = service;
  r.get(
    "/user/get-user",
    handle(EmptyBodySchema, (_b, c) => getUserJson(s, c.discordId)),
  );
  // a GET that changes state (spec: the summary is delivered once and may cancel crafts)
  r.get(
    "/user/sync-offline",
    sameOriginOnly,
    handle(EmptyBodySchema, (_b, c) => syncOffline(s, c.discordId)),
  );
  r.patch(
    "/user/tutorial",
    handle(TutorialActionSchema, (b, c) => tutorial(s, c.discordId, b)),
  );

  // owned values: claims parsed, then ignored; the answers are the server's
  r.post(
    "/user/update-health",
    handle(UpdateHealthBodySchema, (_b, c) => updateHealth(s, c.discordId)),
  );
  r.post(
    "/user/update-mana",
    handle(UpdateManaBodySchema, (_b, c) => updateMana(s, c.discordId)),
  );
  r.post(
    "/user/update-monsters",
    handle(UpdateMonstersBodySchema, (b, c) => updateMonsters(s, c.discordId, b)),
  );
  r.post(
    "/user/update-xp",
    handle(UpdateXpBodySchema, (b, c) => updateXp(s, c.discordId, b)),
  );
  r.post(
    "/user/send-item",
    handle(SendItemBodySchema, (b, c) => sendItem(s, c.discordId, b)),
  );

  // intents
  r.post(
    "/user/update-action",
    handle(UpdateActionBodySchema, (b, c) => updateAction(s, c.discordId, b, c.answeredSocket)),
  );
  r.post(
    "/lab/buy",
    handle(LabBuyBodySchema, (b, c) => labBuy(s, c.discordId, b.nodeId)),
  );
  r.post(
    "/user/craft",
    handle(CraftBodySchema, (b, c) => craft(s, c.discordId, b)),
  );
  r.post(
    "/user/cancel-craft",
    handle(CancelCraftBodySchema, (b, c) => cancelCraft(s, c.discordId, b)),
  );
  r.post(
    "/user/cancel-craft-bulk",
    handle(CancelCraftBulkBodySchema, (b, c) => cancelCraftBulk(s, c.discordId, b)),
  );
  r.post(
    "/user/equip",
    handle(EquipBodySchema, (b, c) => equip(s, c.discordId, b, c.answeredSocket)),
  );
  r.post(
    "/user/unequip",
    handle(UnequipBodySchema, (b, c) => unequip(s, c.discordId, b, c.answeredSocket)),
  );
  r.post(
    "/user/active-character",
    handle(ActiveCharacterBodySchema, (b, c) => activeCharacter(s, c.discordId, b, c.answeredSocket)),
  );
  r.post(
    "/user/cast-spell",
    handle(CastSpellBodySchema, (b, c) => castSpell(s, c.discordId, b, c.answeredSocket)),
  );
  r.post(
    "/user/sell-item",
    handle(InventoryTakeBodySchema, (b, c) => sellItem(s, c.discordId, b, c.answeredSocket)),
  );
  r.post(
    "/user/sell-all",
    handle(SellAllBodySchema, (b, c) => sellAll(s, c.discordId, b, c.answeredSocket)),
  );
  r.post(
    "/user/buy-slot",
    handle(EmptyBodySchema, (_b, c) => buySlot(s, c.discordId, c.answeredSocket)),
  );
  r.post(
    "/lab/fund-research",
    handle(FundResearchBodySchema, (b, c) => fundResearch(s, c.discordId, b, c.answeredSocket)),
  );
  r.post(
    "/user/discard-item",
    handle(InventoryTakeBodySchema, (b, c) => discardItem(s, c.discordId, b, c.answeredSocket)),
  );
}
