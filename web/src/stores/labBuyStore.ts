import { LAB_CODES, LabBuyAnswerSchema, labAfterBuy, type PlayerView } from "@pickle-garden/shared";
import { create } from "zustand";
import { ApiError, http } from "../api/http.ts";
import { answeredHere } from "../api/socket.ts";
import { canBuy } from "../pages/lab/labRules.ts";
import { setPlayer, usePlayerStore } from "./playerStore.ts";
import { serverNow } from "./serverTimeStore.ts";

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

function rollback(nodeId: string, key: LabErrorKey): void {
  useLabBuyStore.setState((s) => {
    const { [nodeId]: _dropped, ...rest } = s.pending;
    return { pending: rest, result: { kind: "error", key, nodeId } };
  });
}

/** The refusal's rule code (or a 404), never the server's English text. */
function errorKeyOf(code: string | undefined, status?: number): LabErrorKey {
  if (code === LAB_CODES.cannotBuy) return LAB_ERRORS.cannotBuy;
  if (code === LAB_CODES.noPlayer || status === 404) return LAB_ERRORS.noPlayer;
  return LAB_ERRORS.buyFailed;
}

/**
 * Buy one level of a node (spec mechanics §4/§8): checked on the client first ('Cannot buy', 'No player'),
 * shown at once, then POST /api/lab/buy, one request whose answer updates the player; on a rejection or a
 * network failure the optimistic state is rolled back and the spec's text is kept in `result`.
 */
export async function buyLabNode(nodeId: string): Promise<boolean> {
  const player = usePlayerStore.getState().player;
  if (!player) {
    useLabBuyStore.setState({ result: { kind: "error", key: LAB_ERRORS.noPlayer, nodeId } });
    return false;
  }
  const { pending } = useLabBuyStore.getState();
  if (pending[nodeId]) return false;
  const shown = { lab: labWithPending(player, pending), skills: player.skills };
  if (!canBuy(shown, nodeId)) {
    useLabBuyStore.setState({ result: { kind: "error", key: LAB_ERRORS.cannotBuy, nodeId } });
    return false;
  }
  const optimistic: PendingBuy = { at: serverNow() };
  useLabBuyStore.setState((s) => ({ pending: { ...s.pending, [nodeId]: optimistic }, result: null }));

  try {
    // a refusal is a 422, which http.ts throws (caught below)
    const answer = await http.post(
      "/api/lab/buy",
      { nodeId },
      { schema: LabBuyAnswerSchema, headers: answeredHere() },
    );
    // the answer carries every part of the player a purchase changes: nothing is fetched after it
    const { success: _ok, error: _error, code: _code, updatedInventory, ...changed } = answer;
    const current = usePlayerStore.getState().player;
    if (current) setPlayer({ ...current, ...changed, inventory: updatedInventory });
    useLabBuyStore.setState((s) => {
      const { [nodeId]: _done, ...rest } = s.pending;
      return { pending: rest, result: { kind: "ok", nodeId } };
    });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status !== 0) {
      const body = err.body as { code?: string } | null;
      rollback(nodeId, errorKeyOf(body?.code, err.status));
    } else {
      rollback(nodeId, LAB_ERRORS.networkError);
    }
    return false;
  }
}

export function clearLabResult(): void {
  useLabBuyStore.setState({ result: null });
}
