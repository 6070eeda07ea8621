import {
  type AckError,
  type ChatType,
  ERROR_CODES,
  type GroupUpdate,
  GroupUpdateSchema,
} from "@pickle-garden/shared";
import { emitWithAck, onServerEvent, onSocketStatus } from "../api/socket.ts";
import { i18n } from "../i18n/index.ts";
import { errorCodeText } from "../messages/errorMessages.ts";
import { logHistory, logPushed } from "../messages/logLines.ts";
import {
  addChatMessage,
  clearPartyChat,
  countLogMessage,
  setChatError,
  setChatHistory,
} from "../stores/chatStore.ts";
import { usePlayerStore } from "../stores/playerStore.ts";
import { applyGroupUpdate, setRoom, setRoomsList, useRoomStore } from "../stores/roomStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import { watchPartyComings } from "./partyComings.ts";

/**
 * The room and chat intents of the web client (spec shell §4 Room, §7): each one socket call whose
 * acknowledgement is read here and turned into store state or a text in the player's language.
 */

/** A refused socket call: the acknowledgement's code (AckError), or none when no answer made sense. */
export class SocketCallError extends Error {
  constructor(readonly code?: string) {
    super(code ?? "no answer");
  }
}

async function call<T extends object>(event: string, payload: unknown): Promise<T> {
  const answer = await emitWithAck<({ ok: true } & T) | AckError>(event, payload);
  if (!answer || typeof answer !== "object") throw new SocketCallError();
  if (!answer.ok) throw new SocketCallError(answer.code);
  return answer;
}

/**
 * The text a failed call shows: socket.io's two errors as spec §8 words them, else the refusal's protocol
 * code in the player's language (the rooms' own words for the rate limit, a forbidden room and a full one).
 */
export function socketErrorText(err: unknown): string {
  const t = i18n.getFixedT(null, "social");
  if (err instanceof SocketCallError) {
    if (err.code === ERROR_CODES.rateLimited) return t("errors.rateLimited");
    if (err.code === ERROR_CODES.forbidden) return t("errors.forbidden");
    if (err.code === ERROR_CODES.conflict) return t("errors.roomBusy");
    return errorCodeText(err.code);
  }
  const message = err instanceof Error ? err.message : "";
  if (message === "operation has timed out") return t("errors.timeout");
  if (message === "socket has been disconnected") return t("errors.disconnected");
  return errorCodeText(undefined);
}

/** getRooms: its acknowledgement is the list of open room ids. */
export async function listRooms(): Promise<void> {
  useRoomStore.setState({ roomsLoading: true });
  try {
    const ids = await emitWithAck<unknown>("getRooms");
    setRoomsList(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : []);
  } catch (err) {
    useRoomStore.setState({ roomsLoading: false, error: socketErrorText(err) });
  }
}

async function join(roomId: string): Promise<void> {
  // another room's party lines go now: the server replays this room's history before it answers
  if (useRoomStore.getState().roomId !== roomId) clearPartyChat();
  const answer = await call<GroupUpdate>("joinGroup", { roomId });
  const group = GroupUpdateSchema.safeParse(answer);
  setRoom(roomId);
  if (group.success) applyGroupUpdate(group.data);
}

async function roomCall(run: () => Promise<void>): Promise<boolean> {
  useRoomStore.setState({ status: "joining", error: null });
  try {
    await run();
    return true;
  } catch (err) {
    useRoomStore.setState({ error: socketErrorText(err) });
    return false;
  } finally {
    useRoomStore.setState({ status: "idle" });
  }
}

/** joinGroup: in the room once the server answers with its members. */
export function joinRoom(roomId: string): Promise<boolean> {
  return roomCall(() => join(roomId));
}

/** createRoom, then joinGroup. */
export function createRoom(roomId: string): Promise<boolean> {
  return roomCall(async () => {
    await call("createRoom", { roomId });
    await join(roomId);
  });
}

/** challengeBoss: the fight arrives with the next groupUpdate; a refusal answers its text. */
export async function challengeBoss(bossId: string): Promise<string | null> {
  const { roomId } = useRoomStore.getState();
  if (!roomId) return null;
  try {
    await call("challengeBoss", { roomId, bossId });
    return null;
  } catch (err) {
    return socketErrorText(err);
  }
}

/** leaveGroup: the room id and the group list are cleared at once (spec §4), whatever the server answers. */
export async function leaveRoom(): Promise<void> {
  const { roomId } = useRoomStore.getState();
  if (!roomId) return;
  const playerId = usePlayerStore.getState().player?.discordId;
  setRoom(null);
  clearPartyChat();
  useRoomStore.setState({ status: "leaving", error: null });
  try {
    await call("leaveGroup", { roomId, ...(playerId ? { playerId } : {}) });
  } catch (err) {
    useRoomStore.setState({ error: socketErrorText(err) });
  } finally {
    useRoomStore.setState({ status: "idle" });
  }
}

/**
 * The stored room, joined again on load and after every reconnect (spec §4: created when the server lacks
 * it, then joined). A room the player may no longer enter is forgotten.
 */
export async function rejoinStoredRoom(): Promise<void> {
  const { roomId } = useRoomStore.getState();
  if (!roomId) return;
  useRoomStore.setState({ status: "joining", error: null });
  try {
    try {
      await join(roomId);
    } catch (err) {
      if (!(err instanceof SocketCallError) || err.code !== ERROR_CODES.notFound) throw err;
      await call("createRoom", { roomId });
      await join(roomId);
    }
  } catch (err) {
    if (err instanceof SocketCallError) setRoom(null);
    useRoomStore.setState({ error: socketErrorText(err) });
  } finally {
    useRoomStore.setState({ status: "idle" });
  }
}

/** chatMessage: the server sends it back to everyone in the channel, this one included. */
export async function sendChat(text: string, type: ChatType): Promise<boolean> {
  const roomId = useRoomStore.getState().roomId;
  setChatError(null);
  try {
    await call("chatMessage", { text, type, ...(type === "party" && roomId ? { roomId } : {}) });
    return true;
  } catch (err) {
    setChatError(socketErrorText(err));
    return false;
  }
}

/**
 * Room and chat pushes to the stores, and the room joined again whenever the socket (re)connects.
 * Started by realtime.ts with the socket; returns the cleanup.
 */
export function startRoomSync(): () => void {
  const offs = [
    onServerEvent("roomsList", setRoomsList),
    onServerEvent("chatMessage", (message) => {
      if (message.type === "logs") logPushed(message);
      else addChatMessage(message, message.discordId === usePlayerStore.getState().player?.discordId);
    }),
    onServerEvent("chatHistory", ({ channel, messages }) => {
      if (channel === "logs") logHistory(messages);
      else setChatHistory(channel, messages);
    }),
    onSocketStatus((status) => {
      if (status === "connected") void rejoinStoredRoom();
    }),
    watchPartyComings(),
    useUiStore.subscribe((s, prev) => {
      // the replayed history was read before the reload: only what arrives after it is unread
      const last = s.messages.at(-1);
      if (last && last.id !== prev.messages.at(-1)?.id && !last.restored) countLogMessage();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
