import { randomBytes } from "node:crypto";
import type { Store } from "../store/Store.ts";

/** An outbox id: unique, and short enough to be a Discord message nonce (25 characters at most). */
export const outboxId = (): string => randomBytes(12).toString("base64url");

/**
 * Queues the panel's Discord message to be made to match the panel (posted, edited or closed). The bot
 * reads the panel when it claims the row, so however many changes and votes come in, one edit follows.
 */
export async function queuePanelSync(store: Store, panelId: string, now: number): Promise<void> {
  await store.enqueueOutbox(
    { id: outboxId(), key: `panel:${panelId}`, kind: "panel", payload: { panelId } },
    now,
  );
}
