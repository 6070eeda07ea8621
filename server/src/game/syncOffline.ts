import {
  CRAFT_SKILLS,
  cancelAllCrafts,
  emptyOfflineSummary,
  OFFLINE_THRESHOLD_MS,
  type OfflineSummary,
  offlineHasGains,
  offlineWithPlayerState,
  type Player,
  shouldCancelCrafting,
} from "@pickle-garden/shared";
import type { PlayerMeta } from "../store/Store.ts";
import type { GameService } from "./GameService.ts";
import { readSummary } from "./offlineSummary.ts";

/**
 * GET /api/user/sync-offline: settles (which merges what happened while away into the pending summary),
 * then delivers the pending summary once per away time. A repeat (nothing new pending, or less than the
 * 2 s offline threshold away since) answers the delivered summary again, as it was, marked `repeated`,
 * and grants nothing: gains are granted by the simulation, never by this call. Crafting stopped for the
 * inventory, items lost to a full inventory, or a full inventory cancel every craft (spec shell §4 Offline),
 * once, at delivery.
 */
export function syncOffline(service: GameService, discordId: string): Promise<OfflineSummary> {
  return service.command(discordId, (player, now, live) => {
    const meta = live.stored.meta;
    const pending = readSummary(meta.pendingOffline);
    const awaySince = meta.awaySince;
    const ripe = pending !== null && awaySince !== null && now - awaySince >= OFFLINE_THRESHOLD_MS;
    if (!ripe || pending === null || !offlineHasGains(pending)) {
      const last = meta.lastDelivered ? readSummary(meta.lastDelivered.summary) : null;
      const answer = last
        ? { ...last, repeated: true }
        : offlineWithPlayerState(emptyOfflineSummary(awaySince), player);
      return { answer };
    }
    const stop = shouldCancelCrafting(pending, player);
    const after = stop ? cancelEveryCraft(player, now) : player;
    const summary = offlineWithPlayerState({ ...pending, awaySince, repeated: false }, after);
    const nextMeta: PlayerMeta = {
      ...meta,
      pendingOffline: null,
      lastDelivered: { awaySince: awaySince ?? now, summary },
      awaySince: live.sockets > 0 ? null : now,
    };
    return { player: after, meta: nextMeta, answer: summary };
  });
}

/** Every running slot of every crafting skill cancelled by the rule (materials in progress return). */
function cancelEveryCraft(player: Player, now: number): Player {
  let current = player;
  for (const skill of CRAFT_SKILLS) {
    const result = cancelAllCrafts(current, { skill }, now);
    if (result.ok) current = result.state;
  }
  return current;
}
