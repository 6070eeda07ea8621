import { SERVER_EVENT_NAMES } from "@pickle-garden/shared";
import { connectSocket, disconnectSocket, onServerEvent, onSocketStatus } from "../api/socket.ts";
import { i18n } from "../i18n/index.ts";
import { itemName } from "../i18n/names.ts";
import { gatherInventoryMessage } from "../messages/gatherMessages.ts";
import { applyServerEvent, refreshPlayer, usePlayerStore } from "../stores/playerStore.ts";
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

function wireEvents(): () => void {
  const offs: (() => void)[] = [];
  for (const event of SERVER_EVENT_NAMES) {
    offs.push(onServerEvent(event, (payload) => applyServerEvent(event, payload)));
  }
  offs.push(
    onServerEvent("popup", (p) => {
      if (p.playerId === undefined || isSelf(p.playerId)) raisePopup(p);
    }),
    onServerEvent("groupUpdate", applyGroupUpdate),
    onServerEvent("gatheringUpdate", (e) => {
      if (!isSelf(e.playerId)) return;
      const id = e.reward?.id;
      // nothing of the drop was added when none fit, so the inventory still shows what was held before
      const holds =
        id !== undefined &&
        !!usePlayerStore.getState().player?.inventory.some((s) => s.id === id && s.stack > 0);
      const message = gatherInventoryMessage(e, holds);
      if (!message) return;
      const item = id === undefined ? "" : itemName(id);
      pushMessage(i18n.t(message.key, { ns: "shell", item, n: message.n }), "warning");
    }),
    onServerEvent("playerDeath", (e) => {
      if (isSelf(e.playerId)) pushMessage(i18n.t("shell:messages.died"), "error");
    }),
    onServerEvent("playerRevived", (e) => {
      if (isSelf(e.playerId)) pushMessage(i18n.t("shell:messages.regrowed"), "success");
    }),
  );
  // after a reconnect, events may have been missed: the server's snapshot wins
  let wasDisconnected = false;
  offs.push(
    onSocketStatus((status) => {
      if (status === "disconnected") wasDisconnected = true;
      if (status === "connected" && wasDisconnected) {
        wasDisconnected = false;
        void refreshPlayer();
      }
    }),
  );
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
