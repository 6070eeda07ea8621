import {
  inventoryFull,
  OFFLINE_THRESHOLD_MS,
  type OfflineSummary,
  offlineHasGains,
  type Player,
  SYNC_RETRY_MS,
} from "@pickle-garden/shared";
import type { SafeStorage } from "../../safeStorage.ts";
import { useOfflineStore } from "../../stores/offlineStore.ts";

/**
 * The offline catch-up (spec shell §4 Offline): after 2 s or more away (on a load: always, the server
 * knowing the time away), GET /api/user/sync-offline
 * (credentials, no cache, keepalive), one retry after 1.5 s, once per away time and only for the identity
 * that went away; the modal then shows, only when there is something to show, and the main start-up waits
 * until it closes (`status` 'done'). Crafting stopped for the inventory is cancelled by the server itself when
 * it delivers the summary (one call, no cancel requests from here).
 */

export interface AwayRecord {
  /** Date.now() when the page was hidden */
  at: number;
  /** who was signed in then */
  identity: string;
}

export interface OfflineSyncDeps {
  fetchSummary: () => Promise<OfflineSummary>;
  getIdentity: () => string | null;
  /** the current player's inventory size, to tell a full inventory */
  inventorySize: () => InventorySize | null;
  now: () => number;
  wait: (ms: number) => Promise<void>;
  storage: SafeStorage;
}

type InventorySize = Pick<Player, "inv_size" | "modifiers">;

const AWAY_KEY = "pg:offline:away";

/**
 * The inventory the summary brings back is full (shared's rule, on the player's capacity; without a player
 * yet, the slots the summary lists).
 */
export function summaryInventoryFull(s: OfflineSummary, size: InventorySize | null): boolean {
  const { inv_size, modifiers } = size ?? { inv_size: s.updatedInventory.length, modifiers: {} };
  return (
    s.updatedInventory.length > 0 && inventoryFull({ inventory: s.updatedInventory, inv_size, modifiers })
  );
}

export function createOfflineSync(deps: OfflineSyncDeps) {
  const synced = new Set<string>();
  let away: AwayRecord | null = null;

  const readStored = (): AwayRecord | null => {
    try {
      const raw = deps.storage.getItem(AWAY_KEY);
      if (!raw) return null;
      const r = JSON.parse(raw) as AwayRecord;
      return typeof r.at === "number" && typeof r.identity === "string" ? r : null;
    } catch {
      return null;
    }
  };

  /** The page was hidden (or is unloading): remember when, and who. */
  function markAway(): void {
    const identity = deps.getIdentity();
    if (!identity || away) return;
    away = { at: deps.now(), identity };
    deps.storage.setItem(AWAY_KEY, JSON.stringify(away));
  }

  async function fetchWithRetry(): Promise<OfflineSummary | null> {
    try {
      return await deps.fetchSummary();
    } catch (first) {
      console.warn("sync-offline failed, retrying in 1.5 s", first);
      await deps.wait(SYNC_RETRY_MS);
      try {
        return await deps.fetchSummary();
      } catch (second) {
        console.warn("sync-offline failed again; retried at next load", second);
        return null;
      }
    }
  }

  /**
   * The page is visible again (or has just loaded, `onLoad`): sync when away long enough, for the same
   * identity, once per away time. On load without a record the away time is unknown: the server, which
   * knows when it last settled this player, decides (it answers awaySince null when nothing happened).
   */
  async function markBack(onLoad = false): Promise<void> {
    await syncWhenAway(onLoad);
    // on load with nothing to sync (back within 2 s, another identity's record, already synced), the
    // main start-up waits for nothing: say so, or it would wait for ever
    if (onLoad && useOfflineStore.getState().status === "idle") useOfflineStore.setState({ status: "done" });
  }

  async function syncWhenAway(onLoad: boolean): Promise<void> {
    const identity = deps.getIdentity();
    const record = away ?? readStored();
    away = null;
    if (!identity) return;
    if (record && record.identity !== identity) {
      deps.storage.removeItem(AWAY_KEY);
      if (!onLoad) return;
    }
    const sameRecord = record && record.identity === identity ? record : null;
    if (!sameRecord && !onLoad) return;
    // on load the page's clock is not the game's (the server's, which a test clock moves): the server,
    // which also skips an absence under 2 s, decides; a tab shown again within 2 s asks nothing
    if (sameRecord && !onLoad && deps.now() - sameRecord.at < OFFLINE_THRESHOLD_MS) {
      deps.storage.removeItem(AWAY_KEY);
      return;
    }
    const key = `${identity}:${sameRecord ? sameRecord.at : "load"}`;
    if (synced.has(key)) return;
    synced.add(key);

    useOfflineStore.setState({ status: "syncing" });
    const summary = await fetchWithRetry();
    if (!summary) {
      useOfflineStore.setState({ status: "done" });
      return;
    }
    deps.storage.removeItem(AWAY_KEY);
    // another identity signed in meanwhile: not theirs to see
    if (deps.getIdentity() !== identity) {
      useOfflineStore.setState({ status: "done" });
      return;
    }
    const show = !summary.repeated && summary.awaySince !== null && offlineHasGains(summary);
    useOfflineStore.setState({
      status: show ? "open" : "done",
      summary: show ? summary : null,
      inventoryFull: summaryInventoryFull(summary, deps.inventorySize()),
    });
  }

  return { markAway, markBack };
}
