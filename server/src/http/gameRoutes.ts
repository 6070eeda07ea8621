import type { ServerTimeAnswer } from "@pickle-garden/shared";
import { type RequestHandler, Router } from "express";
import type { GameService } from "../game/GameService.ts";
import type { IntentRoute } from "./handle.ts";
import { notificationRoutes } from "./notificationRoutes.ts";
import { panelRoutes } from "./panelRoutes.ts";
import { questRoutes } from "./questRoutes.ts";
import { sharedIntentRoutes } from "./sharedIntentRoutes.ts";
import { userRoutes } from "./userRoutes.ts";

/**
 * Every game call of §7 of both spec documents. Mounted at /api after the app's requireSession
 * (res.locals.discordId is the caller); /api/server-time is public (PUBLIC_API_PATHS in app.ts).
 * `sameOriginOnly` guards the GETs that change state (every other method is guarded app-wide). A player's
 * intents are dispatched through `intent` (game/intents.ts; shared's intents by sharedIntentRoutes); panels and settings are the store's. Each
 * family adds its routes to this one router: a router per family would cost every call another dispatch.
 */
export function gameRoutes(
  service: GameService,
  intent: IntentRoute,
  sameOriginOnly: RequestHandler,
): Router {
  const router = Router();
  router.get("/server-time", (_req, res) => {
    const now = service.clock.now();
    const answer: ServerTimeAnswer = { now, iso: new Date(now).toISOString() };
    res.set("cache-control", "no-store").json(answer);
  });
  sharedIntentRoutes(router, intent);
  userRoutes(router, intent, sameOriginOnly);
  panelRoutes(router, service);
  notificationRoutes(router, service);
  questRoutes(router, intent);
  return router;
}
