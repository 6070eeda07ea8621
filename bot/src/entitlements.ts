import type { APIEntitlement } from "discord.js";
import type { Log } from "./outbox.ts";
import type { ServerApi } from "./serverApi.ts";

/**
 * An entitlement was created, updated (a subscription renewed or ended) or deleted: the server asks
 * Discord for the user's entitlements itself (the event's content is not trusted) and updates the
 * player's subscription. A guild's entitlement names no user and concerns no player. Never throws.
 */
export async function entitlementChanged(
  payload: Pick<APIEntitlement, "user_id">,
  deps: { server: ServerApi; log: Log },
): Promise<void> {
  if (!payload.user_id) return;
  try {
    const status = await deps.server.refreshSubscription(payload.user_id);
    deps.log.info("subscription refreshed", { discordId: payload.user_id, active: status.active });
  } catch (error) {
    deps.log.warn("subscription refresh failed", { discordId: payload.user_id, error: String(error) });
  }
}
