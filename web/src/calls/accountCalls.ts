import {
  LinkAnswerSchema,
  type LinkChoiceBody,
  LinkDoneSchema,
  NotificationSettingsAnswerSchema,
  UsernameAnswerSchema,
} from "@pickle-garden/shared";
import { http, request } from "../api/http.ts";

/** The account's calls: the player's name, the bot's notification settings, a guest's Discord link. */

/** PATCH /api/user/username: the name as the server kept it. */
export const saveUsername = (username: string) =>
  http.patch("/api/user/username", { username }, { schema: UsernameAnswerSchema });

const NOTIFICATIONS = "/api/user/notifications";

export const loadNotificationSettings = () =>
  request(NOTIFICATIONS, { schema: NotificationSettingsAnswerSchema });

export const saveNotificationSettings = (body: { summaries: boolean; language: string }) =>
  request(NOTIFICATIONS, { method: "PUT", body, schema: NotificationSettingsAnswerSchema });

/** The server remembers which guest is linking (its HttpOnly pg_link cookie) before Discord signs in. */
export const startLink = () => http.post("/api/account/link/start");

/** GET /api/account/link: a link waiting for the player's choice, or none. */
export const linkState = () => http.get("/api/account/link", { schema: LinkAnswerSchema, cache: "no-store" });

/** POST /api/account/link: which progress a conflicting link keeps. */
export const chooseLink = (keep: LinkChoiceBody["keep"]) =>
  http.post("/api/account/link", { keep } satisfies LinkChoiceBody, { schema: LinkDoneSchema });
