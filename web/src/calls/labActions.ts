import { ERROR_CODES, LAB_CODES } from "@pickle-garden/shared";
import { NETWORK_ERROR } from "../messages/errorMessages.ts";
import { canBuy } from "../pages/lab/labRules.ts";
import { LAB_ERRORS, type LabErrorKey, labWithPending, useLabBuyStore } from "../stores/labBuyStore.ts";
import { usePlayerStore } from "../stores/playerStore.ts";
import { serverNow } from "../stores/serverTimeStore.ts";
import { intent } from "./intent.ts";

/** The lab's intents: a node bought, research funded with gold. */

function settle(nodeId: string, result: LabBuyResult): void {
  useLabBuyStore.setState((s) => {
    const { [nodeId]: _done, ...rest } = s.pending;
    return { pending: rest, result };
  });
}

type LabBuyResult = { kind: "error"; key: LabErrorKey; nodeId: string } | { kind: "ok"; nodeId: string };

/** The refusal's rule code, never the server's English text. */
function errorKeyOf(code: string): LabErrorKey {
  if (code === LAB_CODES.cannotBuy) return LAB_ERRORS.cannotBuy;
  if (code === LAB_CODES.noPlayer || code === ERROR_CODES.notFound) return LAB_ERRORS.noPlayer;
  if (code === NETWORK_ERROR) return LAB_ERRORS.networkError;
  return LAB_ERRORS.buyFailed;
}

/**
 * Buy one level of a node (spec mechanics §4/§8): checked on the client first ('Cannot buy', 'No player'),
 * shown at once (pending), then the labBuy intent; its change comes over the socket. On a refusal or a
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
  useLabBuyStore.setState((s) => ({
    pending: { ...s.pending, [nodeId]: { at: serverNow() } },
    result: null,
  }));
  const done = await intent("labBuy", { nodeId });
  settle(nodeId, done.ok ? { kind: "ok", nodeId } : { kind: "error", key: errorKeyOf(done.code), nodeId });
  return done.ok;
}

/** Research grants bought with gold; a refusal's words are its code's (errorMessages). */
export const fundResearch = (grants: number) => intent("fundResearch", { grants });
