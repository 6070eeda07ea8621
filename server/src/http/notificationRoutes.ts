import { EmptyBodySchema, NotificationSettingsSchema } from "@pickle-garden/shared";
import type { Router } from "express";
import { changeNotificationSettings, notificationSettings } from "../game/botCalls.ts";
import type { GameService } from "../game/GameService.ts";
import { handle } from "./handle.ts";

/** The website's settings for welcome-back DMs (on by default; they need a Discord account). */
export function notificationRoutes(r: Router, service: GameService): void {
  r.get(
    "/user/notifications",
    handle(EmptyBodySchema, (_b, c) => notificationSettings(service, c.discordId)),
  );
  r.put(
    "/user/notifications",
    handle(NotificationSettingsSchema, (b, c) => changeNotificationSettings(service, c.discordId, b)),
  );
}
