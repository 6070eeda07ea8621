import { EmptyBodySchema, NotificationSettingsSchema } from "@pickle-garden/shared";
import { Router } from "express";
import { setSummaries } from "../game/botCalls.ts";
import { isLinkedDiscordId } from "../game/botOutbox.ts";
import type { GameService } from "../game/GameService.ts";
import { handle } from "./handle.ts";

/** The website's settings for welcome-back DMs (on by default; they need a Discord account). */
export function notificationRoutes(service: GameService): Router {
  const r = Router();
  r.get(
    "/user/notifications",
    handle(EmptyBodySchema, async (_b, c) => ({
      ...(await service.store.getNotifyPrefs(c.discordId)),
      linked: isLinkedDiscordId(c.discordId),
    })),
  );
  r.put(
    "/user/notifications",
    handle(NotificationSettingsSchema, async (b, c) => ({
      ...(await setSummaries(service, c.discordId, b)),
      linked: isLinkedDiscordId(c.discordId),
    })),
  );
  return r;
}
