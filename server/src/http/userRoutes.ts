import type { RequestHandler, Router } from "express";
import type { IntentRoute } from "./handle.ts";

/**
 * /api/user/*: spec shell §7 and mechanics §7, the calls that are not intents of shared's table (those are
 * sharedIntentRoutes.ts's): reads, the spec's owned values, the subscription. `sameOriginOnly`: the
 * cross-site guard (http/sameOrigin.ts) for the GET that changes state.
 */
export function userRoutes(r: Router, intent: IntentRoute, sameOriginOnly: RequestHandler): void {
  r.get("/user/get-user", intent("getUser"));
  // a GET that changes state (spec: the summary is delivered once and may cancel crafts)
  r.get("/user/sync-offline", sameOriginOnly, intent("syncOffline"));

  // owned values: claims parsed, then ignored; the answers are the server's
  r.post("/user/update-health", intent("updateHealth"));
  r.post("/user/update-mana", intent("updateMana"));
  r.post("/user/update-monsters", intent("updateMonsters"));
  r.post("/user/update-xp", intent("updateXp"));
  r.post("/user/send-item", intent("sendItem"));

  r.post("/user/subscription", intent("subscription"));
}
