import type { RequestHandler, Router } from "express";
import type { IntentRoute } from "./handle.ts";

/** /api/user/* and /api/lab/*: spec shell §7 and mechanics §7, plus the unnamed intents (game/intents.ts). */
/** `sameOriginOnly`: the cross-site guard (http/sameOrigin.ts) for the GET that changes state. */
export function userRoutes(r: Router, intent: IntentRoute, sameOriginOnly: RequestHandler): void {
  r.get("/user/get-user", intent("getUser"));
  // a GET that changes state (spec: the summary is delivered once and may cancel crafts)
  r.get("/user/sync-offline", sameOriginOnly, intent("syncOffline"));
  r.patch("/user/tutorial", intent("tutorial"));

  // owned values: claims parsed, then ignored; the answers are the server's
  r.post("/user/update-health", intent("updateHealth"));
  r.post("/user/update-mana", intent("updateMana"));
  r.post("/user/update-monsters", intent("updateMonsters"));
  r.post("/user/update-xp", intent("updateXp"));
  r.post("/user/send-item", intent("sendItem"));

  // intents
  r.post("/user/update-action", intent("updateAction"));
  r.post("/lab/buy", intent("labBuy"));
  r.post("/user/craft", intent("craft"));
  r.post("/user/cancel-craft", intent("cancelCraft"));
  r.post("/user/cancel-craft-bulk", intent("cancelCraftBulk"));
  r.post("/user/equip", intent("equip"));
  r.post("/user/unequip", intent("unequip"));
  r.post("/user/active-character", intent("activeCharacter"));
  r.post("/user/cast-spell", intent("castSpell"));
  r.post("/user/sell-item", intent("sellItem"));
  r.post("/user/sell-all", intent("sellAll"));
  r.post("/user/buy-slot", intent("buySlot"));
  r.post("/lab/fund-research", intent("fundResearch"));
  r.post("/user/discard-item", intent("discardItem"));
  r.post("/user/subscription", intent("subscription"));
}
