import type { OfflineSummary } from "@pickle-garden/shared";
import { create } from "zustand";

export type OfflineStatus = "idle" | "syncing" | "open" | "done";

/** The offline catch-up's state (driven by `features/offline/offlineSync.ts`). */
export interface OfflineState {
  status: OfflineStatus;
  summary: OfflineSummary | null;
  /** the inventory was full when the summary came (for the modal's warning) */
  inventoryFull: boolean;
}

export const useOfflineStore = create<OfflineState>()(() => ({
  status: "idle",
  summary: null,
  inventoryFull: false,
}));

/** True while the offline sync or its modal holds the main start-up back. */
export const isOfflineBlocking = (s: OfflineState) => s.status === "syncing" || s.status === "open";

export function closeOfflineModal(): void {
  useOfflineStore.setState({ status: "done" });
}
