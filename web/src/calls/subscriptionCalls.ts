import { ActivityConfigSchema, SubscriptionStatusSchema } from "@pickle-garden/shared";
import { http } from "../api/http.ts";

/** The server's SKU (the activity's config), or none. */
export const subscriptionConfig = () =>
  http.get("/api/token/config", { schema: ActivityConfigSchema, cache: "no-store" });

/** POST /api/user/subscription: the server asks Discord, then answers the player's subscription. */
export const confirmSubscriptionCall = () =>
  http.post("/api/user/subscription", {}, { schema: SubscriptionStatusSchema });
