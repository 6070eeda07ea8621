import { EmptyBodySchema, type ServerTimeAnswer } from "@pickle-garden/shared";
import { type RequestHandler, Router } from "express";
import type { GameService } from "../game/GameService.ts";
import { REFRESH_MIN_MS, type Subscriptions } from "../game/Subscriptions.ts";
import { handle } from "./handle.ts";
import { notificationRoutes } from "./notificationRoutes.ts";
import { panelRoutes } from "./panelRoutes.ts";
import { questRoutes } from "./questRoutes.ts";
import { userRoutes } from "./userRoutes.ts";

/**
 * Every game call of §7 of both spec documents. Mounted at /api after the app's requireSession
 * (res.locals.discordId is the caller); /api/server-time is public (PUBLIC_API_PATHS in app.ts).
 * `sameOriginOnly` guards the GETs that change state (every other method is guarded app-wide). Each
 * family adds its routes to this one router: a router per family would cost every call another dispatch.
 */
export function gameRoutes(
  service: GameService,
  subscriptions: Subscriptions,
  sameOriginOnly: RequestHandler,
): Router {
  const router = Router();
  router.get("/server-time", (_req, res) => {
    const now = service.clock.now();
    const answer: ServerTimeAnswer = { now, iso: new Date(now).toISOString() };
    res.set("cache-control", "no-store").json(answer);
  });
  userRoutes(router, service, sameOriginOnly);
  router.post(
    "/user/subscription",
    handle(EmptyBodySchema, (_b, c) => subscriptions.confirm(c.discordId, REFRESH_MIN_MS)),
  );
  panelRoutes(router, service);
  notificationRoutes(router, service);
  questRoutes(router, service);
  return router;
}
