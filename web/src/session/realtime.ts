import { SERVER_EVENT_NAMES } from "@pickle-garden/shared";
import { connectSocket, disconnectSocket, onServerEvent, useSocketStore } from "../api/socket.ts";
import { i18n } from "../i18n/index.ts";
import { itemName } from "../i18n/names.ts";
import { inventoryFullMessage } from "../messages/inventoryMessages.ts";
import { applyServerEvent, usePlayerStore } from "../stores/playerStore.ts";
import { applyGroupUpdate } from "../stores/roomStore.ts";
import { pushMessage, raisePopup } from "../stores/uiStore.ts";
import { startRoomSync } from "./rooms.ts";

/**
 * The socket's lifecycle: open while a player is loaded, closed without one; every server push goes
 * to the stores, popups go out as the window event "popup", the spec's messages into the log.
 */

function isSelf(playerId: unknown): boolean {
  return playerId === usePlayerStore.getState().player?.discordId;
}

/** The name of the place of the player's current action, in the player's language. */
function fightPlace(): string {
  const location = usePlayerStore.getState().player?.currentAction.location ?? "";
  return i18n.t(`names:locations.${location}`, { defaultValue: location });
}

function wireEvents(): () => void {
  const offs: (() => void)[] = [];
  for (const event of SERVER_EVENT_NAMES) {
    offs.push(onServerEvent(event, (payload) => applyServerEvent(event, payload)));
  }
  offs.push(
    onServerEvent("popup", (p) => {
      if (p.playerId !== undefined && !isSelf(p.playerId)) return;
      raisePopup(p);
      // items that did not all fit: the rules' code says which of the spec's texts goes in the log
      const full = inventoryFullMessage(p);
      if (full)
        pushMessage(
          i18n.t(full.key, { ns: "shell", item: itemName(full.item, full.n), n: full.n }),
          "warning",
        );
    }),
    onServerEvent("groupUpdate", applyGroupUpdate),
    // a death, and the fight going on after it: say where (the player's current action)
    onServerEvent("playerDeath", (e) => {
      if (isSelf(e.playerId))
        pushMessage(i18n.t("shell:messages.diedThen", { location: fightPlace() }), "error");
    }),
    onServerEvent("playerRevived", (e) => {
      if (isSelf(e.playerId))
        pushMessage(i18n.t("shell:messages.regrowed", { location: fightPlace() }), "success");
    }),
  );
  // a handshake refused for too many open tabs says so, with the limit
  offs.push(
    useSocketStore.subscribe((now, before) => {
      const refusal = now.refusal;
      if (refusal === before.refusal || refusal?.error !== "TooManyConnections") return;
      pushMessage(i18n.t("shell:messages.tooManyConnections", { limit: refusal.limit }), "error");
    }),
  );
  // after a reconnect the server sends the whole view (playerState) to the new socket: nothing is fetched
  return () => {
    for (const off of offs) off();
  };
}

/**
 * Connect when a player exists, disconnect when it goes (sign-out, account change). Returns the cleanup;
 * the shell calls it once.
 */
export function startRealtime(): () => void {
  const offEvents = wireEvents();
  const offRooms = startRoomSync();
  let connectedFor: string | null = null;
  const sync = () => {
    const id = usePlayerStore.getState().player?.discordId ?? null;
    if (id === connectedFor) return;
    if (connectedFor) disconnectSocket();
    connectedFor = id;
    if (id) void connectSocket();
  };
  sync();
  const offStore = usePlayerStore.subscribe(sync);
  return () => {
    offStore();
    offEvents();
    offRooms();
    disconnectSocket();
  };
}
