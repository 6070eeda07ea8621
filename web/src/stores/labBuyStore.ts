import { labAfterBuy, type PlayerView } from "@pickle-garden/shared";
import { create } from "zustand";

/** The spec's lab purchase errors (mechanics §8), as i18n keys (texts kept with the shared messages in `shell`). */
export const LAB_ERRORS = {
  cannotBuy: "shell:messages.cannotBuy",
  noPlayer: "shell:messages.noPlayer",
  buyFailed: "shell:messages.buyFailed",
  networkError: "shell:messages.networkError",
} as const;
export type LabErrorKey = (typeof LAB_ERRORS)[keyof typeof LAB_ERRORS];

export interface PendingBuy {
  /** when the player bought it, on the server's clock (it orders the gathering unlocks' prices) */
  at: number;
}

export interface LabBuyState {
  /** optimistic purchases by node id, in the order they were made, laid over the server's snapshot until it answers */
  pending: Record<string, PendingBuy>;
  /** the last outcome: an error key, or the id of the node just bought */
  result: { kind: "error"; key: LabErrorKey; nodeId: string } | { kind: "ok"; nodeId: string } | null;
}

export const useLabBuyStore = create<LabBuyState>()(() => ({ pending: {}, result: null }));

/** The lab as shown: the server's lab with the pending purchases bought by the shared rule, in order. */
export function labWithPending(
  player: Pick<PlayerView, "lab">,
  pending: Record<string, PendingBuy>,
): PlayerView["lab"] {
  let lab = player.lab;
  for (const [id, { at }] of Object.entries(pending)) lab = labAfterBuy({ lab }, id, at);
  return lab;
}

export function clearLabResult(): void {
  useLabBuyStore.setState({ result: null });
}
